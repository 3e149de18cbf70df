#pragma once
// Answer bodies and header lists stored once per load. A generated or
// recorded file repeats the same few thousands of times; each answer shares
// the one copy, and checking a body against the answer envelope is done once
// per text.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model/entry.h"
#include "model/request.h"

namespace drivemock::scenario {

class AnswerPool {
 public:
  /// The pooled copy of `text`.
  std::shared_ptr<const std::string> intern(std::string text);
  /// The pooled copy of a header list (the same names and values in the same
  /// order).
  std::shared_ptr<const std::vector<Header>> intern(std::vector<Header> headers);

  /// What `check` finds in a pooled body, computed the first time it is asked.
  template <typename Check>
  const std::vector<Violation>& violations(const std::shared_ptr<const std::string>& body,
                                           Check check) {
    Entry& entry = entries_.at(*body);
    if (!entry.violations) entry.violations = check(*body);
    return *entry.violations;
  }

 private:
  struct Entry {
    std::shared_ptr<const std::string> text;
    std::optional<std::vector<Violation>> violations;
  };
  std::unordered_map<std::string_view, Entry> entries_;  ///< keyed by a view of `text`
  /// keyed by the names and values, each after its length
  std::unordered_map<std::string, std::shared_ptr<const std::vector<Header>>> headers_;
};

}  // namespace drivemock::scenario
