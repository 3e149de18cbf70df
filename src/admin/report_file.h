#pragma once
// The report of a run (run_report.h) from a server's parts, and written to
// its file: atomically (a reader never sees half a page), at stop and on
// demand.

#include <string>

#include "admin/admin_context.h"
#include "admin/run_report.h"
#include "util/result.h"

namespace drivemock::admin {

/// What the report shows now: the journal, the admin events, the lock-like
/// operations of the dialect folded.
ReportInput report_input(const Context& context);

struct WrittenReport {
  size_t sessions = 0;
  size_t requests = 0;
  size_t bytes = 0;
};

/// Builds the report and writes it to `path`, or says why it could not.
Result<WrittenReport> write_report(const Context& context, const std::string& path);

/// Whether `path` looks writable (its directory exists and may be written):
/// said at start, so that a report lost at stop is no surprise.
Status check_report_path(const std::string& path);

}  // namespace drivemock::admin
