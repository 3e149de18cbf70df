#pragma once
// A scenario set's YAML as drivemock shows it back (the push event, the
// report of a run): the text as written, but the values under keys the
// journal treats as secret (Set-Cookie, X-Auth-Token, --redact-header
// names; model/redaction.h) written as "***", so that what the journal
// redacts from an answer is not shown whole one click away. Read by lines
// and keys, not parsed: it is for showing, where a value too many hidden
// is better than one shown, and the text may not even be valid YAML.

#include <string>
#include <string_view>

#include "model/redaction.h"

namespace drivemock {

/// `yaml` with the value of every `key: value` whose key is secret by
/// `redaction` written as "***": a plain or quoted scalar, in block or
/// flow style, or a block scalar's lines (`key: |`).
std::string redacted_yaml(std::string_view yaml, const Redaction& redaction);

}  // namespace drivemock
