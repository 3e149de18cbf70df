#pragma once
// Taking an answer from a script for one call (for decision.h, which uses
// it): the first rule of a uuid's own rules, its defaults or its
// operation's protocol that matches, its next answer of a sequence or its
// pick of a one_of, and the random stream those draws come from. Pure:
// positions and draws are read, and what moves is returned.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/entry.h"
#include "scenario/catalog.h"
#include "util/random.h"

namespace drivemock::scenario {

/// One uuid's stream of random numbers for one operation, in [0, 1), in
/// turn, from where its earlier calls left it. Its key and its position are
/// found on the first draw: most calls draw nothing and pay for neither.
class Stream {
 public:
  Stream(uint64_t seed, const std::string& uuid, const std::string& operation,
         const std::map<std::string, uint64_t>& draws)
      : seed_(seed), uuid_(uuid), operation_(operation), draws_(draws) {}

  double next() {
    if (!started_) {
      started_ = true;
      key_ = stream_key(seed_, uuid_, operation_);
      auto it = draws_.find(operation_);
      from_ = it == draws_.end() ? 0 : it->second;
    }
    return unit_interval(stream_bits(key_, from_ + drawn_++));
  }
  /// How many numbers this call drew.
  uint64_t drawn() const { return drawn_; }

 private:
  uint64_t seed_;
  const std::string& uuid_;
  const std::string& operation_;
  const std::map<std::string, uint64_t>& draws_;
  bool started_ = false;
  uint64_t key_ = 0;
  uint64_t from_ = 0;
  uint64_t drawn_ = 0;
};

/// The script of `operation` in one of the catalog's maps (defaults, protocol), if any.
const ScriptedOperation* find_scripted(
    const std::map<std::string, ScriptedOperation, std::less<>>& scripts,
    const std::string& operation);

/// Whether the journal names the rule that matched (a uuid's own rules) or
/// only its set (`defaults:`, reported as "set#defaults").
enum class RuleNumbers { named, unnamed };

/// One uuid's call as the rules see it: its state and body, and where its
/// sequences and random draws stand.
struct CallState {
  const std::string& state;
  const rapidjson::Value& body;
  /// Per rule, how many of its answers were taken (null: none yet).
  const std::vector<uint64_t>* positions;
  Stream& stream;
  /// The `when` of the protocol rule the call is, if any: only rules that
  /// name its fields may answer it.
  const Condition* reserved = nullptr;
};

/// A rule that answered: its index, its answer, whether its sequence moved
/// on (a one_of's does not), the state it leaves the uuid in if it says,
/// the rule as the journal names it, and a one_of's pick (from 1).
struct RuleTaken {
  size_t index = 0;
  const Reply* answer = nullptr;
  bool advanced = false;
  std::optional<std::string> then;
  Matched matched;
  std::optional<int> pick;
};

/// The answer of the first rule of `scripted` that matches, if any; none
/// when no rule does.
std::optional<RuleTaken> answer_from(const ScriptedOperation& scripted, RuleNumbers numbers,
                                     CallState call);

}  // namespace drivemock::scenario
