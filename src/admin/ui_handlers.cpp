// The dashboard's page and files (GET /__admin/ui): served from the binary.
#include "admin/handlers.h"
#include "admin/ui_files.h"
#include "model/error_envelope.h"

namespace drivemock::admin {
namespace {

std::string_view content_type(std::string_view name) {
  if (name.ends_with(".html")) return "text/html; charset=utf-8";
  if (name.ends_with(".js")) return "text/javascript; charset=utf-8";
  if (name.ends_with(".css")) return "text/css; charset=utf-8";
  if (name.ends_with(".svg")) return "image/svg+xml";
  if (name.ends_with(".png")) return "image/png";
  return "application/octet-stream";
}

}  // namespace

Reply handle_ui(const RequestView&, Context&, const std::smatch& match) {
  std::string name = match[1].str();
  if (name.empty()) name = "index.html";
  for (const auto& file : ui_files()) {
    if (file.name != name) continue;
    Reply reply;
    reply.body = std::make_shared<const std::string>(file.content);
    reply.add_header("Content-Type", std::string(content_type(name)));
    // The page may load only from drivemock itself: no other host, whatever
    // a request body shown in it holds; and no other site may frame it (a
    // click on a hidden Reset button).
    reply.add_header("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'");
    reply.add_header("X-Frame-Options", "DENY");
    reply.add_header("X-Content-Type-Options", "nosniff");
    reply.add_header("Cache-Control", "no-cache");
    return reply;
  }
  return error_reply(404, "The dashboard has no file '" + name + "'; it is at /__admin/ui",
                     "not_found");
}

bool is_dashboard_file(const RequestView& request) {
  return request.method == "GET" &&
         (request.path == "/__admin/ui" || request.path.starts_with("/__admin/ui/"));
}

}  // namespace drivemock::admin
