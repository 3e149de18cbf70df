#include "admin/report_file.h"

#include <unistd.h>

#include <filesystem>

#include "scenario/dialect_sets.h"
#include "util/owned_path.h"

namespace drivemock::admin {

ReportInput report_input(const Context& context) {
  ReportInput input;
  const control::Control& control = context.control;
  input.entries = control.journal().entries();
  input.events = control.events().after(0, std::nullopt);
  for (const auto& op : control.engine().catalog()->operations->list) {
    if (scenario::from_dialect(op)) input.folded.insert(op.name);
  }
  input.version = context.version;
  input.seed = control.engine().seed();
  input.dropped = control.journal().dropped();
  return input;
}

Result<WrittenReport> write_report(const Context& context, const std::string& path) {
  RunReport report = build_report(report_input(context));
  if (auto written = write_file_atomically(path, report.html); !written) {
    return Error{"the report was not written: " + written.error().message};
  }
  return WrittenReport{report.sessions, report.requests, report.html.size()};
}

Status check_report_path(const std::string& path) {
  namespace fs = std::filesystem;
  fs::path target(path);
  fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::error_code ec;
  auto status = fs::status(dir, ec);
  if (ec || !fs::is_directory(status)) {
    return Error{"--report " + path + ": the directory " + dir.string() + " does not exist"};
  }
  // The walk the write at stop makes: a link another user planted on the
  // way is named now, not only when the run's report is lost.
  if (auto reached = open_owned_dir(dir.string(), Missing::refuse); !reached) {
    return Error{"--report " + path + ": " + reached.error().message};
  }
  if (::access(dir.c_str(), W_OK) != 0) {
    return Error{"--report " + path + ": the directory " + dir.string() + " is not writable"};
  }
  auto existing = fs::symlink_status(target, ec);
  if (!ec && fs::exists(existing) && !fs::is_regular_file(existing)) {
    return Error{"--report " + path + ": it exists and is not a regular file"};
  }
  return done();
}

}  // namespace drivemock::admin
