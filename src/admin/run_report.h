#pragma once
// The report of a run: one self-contained HTML file (no network, nothing to
// install) that shows each session (test) with its calls in order, the
// admin events between them, the client's lock calls folded under the call
// they guard, and the requests outside sessions in a group of their own.
// The page is admin/ui/report-template.html with its style, its script
// (report.js) and the run's data (compact JSON) written into it; the script
// draws a session's calls only when it is opened, so that a run of 5,000
// tests and 100,000 requests paints at once.

#include <set>
#include <string>
#include <vector>

#include "journal/admin_events.h"
#include "model/entry.h"

namespace drivemock::admin {

struct ReportInput {
  std::vector<EntryPtr> entries;  ///< oldest first
  std::vector<journal::AdminEventPtr> events;
  /// Operations whose calls fold under the call they guard (a dialect's
  /// lock): the client's housekeeping, not the test's own calls.
  std::set<std::string, std::less<>> folded;
  std::string version;
  uint64_t seed = 0;
  uint64_t dropped = 0;  ///< journal entries dropped off the ring before the report
};

struct RunReport {
  std::string html;
  size_t sessions = 0;
  size_t requests = 0;
};

RunReport build_report(const ReportInput& input);

}  // namespace drivemock::admin
