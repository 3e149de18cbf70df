#include "journal/order.h"

namespace drivemock::journal {

OrderCheck check_order(const std::vector<EntryPtr>& entries,
                       const std::vector<FilterMatcher>& filters) {
  OrderCheck check;
  size_t next = 0;  // the first entry the next filter may be placed on
  for (size_t f = 0; f < filters.size(); ++f) {
    while (next < entries.size() && !filters[f].matches(*entries[next])) ++next;
    if (next == entries.size()) {
      check.failed = f;
      for (const auto& entry : entries) {
        if (filters[f].matches(*entry)) check.failed_matches.push_back(entry->id);
      }
      return check;
    }
    check.matched.push_back(entries[next]->id);
    ++next;
  }
  return check;
}

}  // namespace drivemock::journal
