#pragma once
// Pure matching: which rule applies to a request, and which answer of a
// rule's sequence a given call gets. No state, no locks: the engine feeds in
// the directory's state and the rule's call count.

#include <rapidjson/document.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "contract/operations.h"
#include "document/tree.h"
#include "scenario/model.h"

namespace drivemock::scenario {

/// True when `condition` holds for a directory in `state` and this body.
bool condition_holds(const Condition& condition, std::string_view state,
                     const rapidjson::Value& body);

/// Why `condition` does not hold, for a person: its first part that fails
/// ("state is active, rule wants trashed", "color is blue, rule wants red",
/// "color is missing, rule wants red"); nullopt when it holds. Not on the
/// path of a request a rule answers: only for explaining near misses.
std::optional<std::string> first_failure(const Condition& condition, std::string_view state,
                                         const rapidjson::Value& body);

/// True when a rule with `condition` may answer the call: any call when
/// `reserved` is null; a call of an operation's protocol (`reserved` is the
/// protocol rule's `when`) only when it names every body field `reserved`
/// names, saying which call it is for.
bool meant_for_call(const Condition& condition, const Condition* reserved);

/// Index of the first rule whose condition holds (and, with `reserved`,
/// that names its fields), or nullopt.
std::optional<size_t> select_rule(const std::vector<Rule>& rules, std::string_view state,
                                  const rapidjson::Value& body,
                                  const Condition* reserved = nullptr);

/// Index into `rule.answers` for the call that finds `calls_before` earlier
/// calls answered by this rule: the last answer repeats, or with `cycle` the
/// sequence starts again.
size_t sequence_index(const Rule& rule, uint64_t calls_before);

/// A `when` value as the JSON text a request field of the given contract
/// type is compared with: a scalar is read as that type where it can be, so
/// `color: 123456` matches the string "123456" that clients send.
std::string condition_json(document::Node node, contract::FieldType type);

}  // namespace drivemock::scenario
