// The report of a run through the admin API: written to the --report file
// now (POST /__admin/report), or read (GET /__admin/report). A caller
// cannot choose where it is written: only the --report path given at start.

#include "admin/admin_json.h"
#include "admin/handlers.h"
#include "admin/report_file.h"
#include "model/error_envelope.h"
#include "util/json.h"

namespace drivemock::admin {

Reply handle_write_report(const RequestView&, Context& context, const std::smatch&) {
  if (context.report_file.empty()) {
    return error_reply(409,
                       "drivemock was started without --report FILE; GET /__admin/report answers "
                       "the report instead",
                       "no_report_file");
  }
  auto written = write_report(context, context.report_file);
  if (!written) return error_reply(500, written.error().message, "report_not_written");
  return object_reply(200, [&](json::Writer& w) {
    json::write_member(w, "status", "success");
    json::write_member(w, "file", context.report_file);
    json::write_count(w, "sessions", written->sessions);
    json::write_count(w, "requests", written->requests);
    json::write_count(w, "bytes", written->bytes);
  });
}

Reply handle_get_report(const RequestView&, Context& context, const std::smatch&) {
  Reply reply;
  reply.status = 200;
  reply.add_header("Content-Type", "text/html; charset=utf-8");
  // Its own script runs, in an opaque origin: a page of client-sent data
  // cannot reach the admin API, and loads nothing from anywhere.
  reply.add_header("Content-Security-Policy",
                   "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
                   "sandbox allow-scripts");
  reply.add_header("X-Content-Type-Options", "nosniff");
  reply.body = std::make_shared<const std::string>(build_report(report_input(context)).html);
  return reply;
}

}  // namespace drivemock::admin
