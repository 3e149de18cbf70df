#pragma once
// Order checks: did requests matching F1, F2, ... arrive in that order, with
// any other requests in between? Each filter is placed on the earliest
// matching entry after the previous filter's, which finds an order whenever
// one exists.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "journal/filter.h"
#include "model/entry.h"

namespace drivemock::journal {

struct OrderCheck {
  /// The ids of the entries the filters were placed on, one per filter
  /// placed, in order; all of them when the order holds.
  std::vector<uint64_t> matched;
  /// The first filter (its index in the list, from 0) that matches no entry
  /// after the previous filter's; none when the order holds.
  std::optional<size_t> failed;
  /// Every entry that failed filter matches, anywhere in the journal: did
  /// the request come too early, or not at all?
  std::vector<uint64_t> failed_matches;

  bool in_order() const { return !failed; }
};

/// Checks `filters` against `entries`, oldest first.
OrderCheck check_order(const std::vector<EntryPtr>& entries,
                       const std::vector<FilterMatcher>& filters);

}  // namespace drivemock::journal
