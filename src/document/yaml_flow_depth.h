#pragma once
// The nesting of a YAML text's flow collections (`[…]`, `{…}`), counted in
// one pass that costs nothing per level, before yaml-cpp's scanner sees the
// text. That scanner holds every token of a flow collection until the
// collection ends (a key may still be found): 5 MB of `[` cost 1.2 GB and
// many seconds before the event parser reported the first level too deep,
// so the depth bound must hold before it runs (issue 72).
//
// The pass follows YAML's rules where they decide what a bracket is: inside
// quoted scalars, comments and block scalars (`|`, `>`) it is text; in
// block context only a node's first character opens a collection (`a[b` is
// a plain scalar); inside a flow collection every bracket is one. Where it
// errs it counts a bracket yaml-cpp would not (a continuation line of a
// multi-line plain scalar starting with `[`): a refusal, never a pass.

#include <optional>
#include <string_view>

namespace drivemock {

/// Where (1-based line and column) `text` first opens a flow collection
/// nested deeper than `max_depth`; nothing when it never does.
struct TextPosition {
  int line = 1;
  int column = 1;
};
std::optional<TextPosition> flow_too_deep(std::string_view text, int max_depth);

}  // namespace drivemock
