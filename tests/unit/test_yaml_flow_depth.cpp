// The flow nesting of a YAML text, counted before yaml-cpp's scanner sees it
// (document/yaml_flow_depth.h): deep flow collections are refused at the level
// past the bound, wherever YAML's rules make a bracket one, and brackets
// that are text (quoted, commented, in a block scalar, inside a plain
// scalar) are never counted, so no valid document is refused.
#include <catch2/catch.hpp>
#include <string>

#include "document/yaml_flow_depth.h"

using namespace drivemock;

namespace {

std::string deep(size_t levels) {
  return std::string(levels, '[');
}

/// "line:column" of the refusal of `text` past 64 levels, or "none".
std::string refused_at(const std::string& text) {
  auto at = flow_too_deep(text, 64);
  return at ? std::to_string(at->line) + ":" + std::to_string(at->column) : "none";
}

}  // namespace

TEST_CASE("flow collections past the bound are refused at the first level too deep") {
  CHECK(refused_at(deep(5000000)) == "1:65");
  CHECK(refused_at(deep(64) + std::string(64, ']')) == "none");
  CHECK(refused_at(std::string(64, '{') + "a: 1" + std::string(64, '}')) == "none");
  CHECK(refused_at("key:\n  nested: " + deep(100)) == "2:75");
  // Every way a node may begin: after `- `, `? `, `: `, `---`, an anchor or
  // a tag, a quoted key with its colon straight after, a closed collection.
  CHECK(refused_at("- " + deep(100)) == "1:67");
  CHECK(refused_at("? " + deep(100)) == "1:67");
  CHECK(refused_at("--- " + deep(100)) == "1:69");
  CHECK(refused_at("a: &x " + deep(100)) == "1:71");
  CHECK(refused_at("a: !!seq " + deep(100)) == "1:74");
  CHECK(refused_at("\"a\":" + deep(100)) == "1:69");
  CHECK(refused_at("[a]: " + deep(100)) == "1:70");
  CHECK(refused_at("[a, 'b', \"c\", d: e, {f: g}, " + deep(100)) == "1:92");
  CHECK(refused_at("\xEF\xBB\xBF" + deep(65)) == "1:68");
}

TEST_CASE("brackets that are text are not counted") {
  std::string text = deep(100);
  CHECK(refused_at("a: '" + text + "'\n") == "none");
  CHECK(refused_at("a: \"" + text + "\\\"\"\n") == "none");
  CHECK(refused_at("a: 'it''s " + text + "'\n") == "none");
  CHECK(refused_at("a: b # " + text + "\n") == "none");
  CHECK(refused_at("# " + text + "\n") == "none");
  CHECK(refused_at("a: b" + text + "\n") == "none");  // a plain scalar
  CHECK(refused_at("a: |\n  " + text + "\n\n  more\nb: 1\n") == "none");
  CHECK(refused_at("- >-\n    " + text + "\n- 2\n") == "none");
  CHECK(refused_at("[a, \"" + text + "\", '" + text + "'] # " + text + "\n") == "none");
  CHECK(refused_at("a: \"multi\n  line " + text + "\"\n") == "none");
}

TEST_CASE("what would hide a deep collection from the count does not") {
  // A quote inside a plain scalar is text, in block and in flow context:
  // taking it for a quoted scalar's start would skip what follows.
  CHECK(refused_at("a: it's\nb: " + deep(100)) == "2:68");
  CHECK(refused_at("[it's, " + deep(100)) == "1:71");
  // A quote beginning a line that goes on a plain scalar is text too.
  CHECK(refused_at("a: b\n  \"x\nc: " + deep(100)) == "3:68");
  // A block scalar's text ends at the first line not indented past it.
  CHECK(refused_at("a: |\n  \"x\nb: " + deep(100)) == "3:68");
  // `#` without a blank before it is no comment.
  CHECK(refused_at("[a#" + deep(100)) == "1:67");
}
