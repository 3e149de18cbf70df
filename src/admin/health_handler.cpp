#include "admin/handlers.h"
#include "util/json.h"

namespace drivemock::admin {

Reply handle_health(const RequestView&, Context& context, const std::smatch&) {
  auto uptime = std::chrono::steady_clock::now() - context.started;
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  w.StartObject();
  json::write_member(w, "status", "healthy");
  json::write_member(w, "version", context.version);
  json::write_string(w, "uptimeInSeconds");
  w.Int64(std::chrono::duration_cast<std::chrono::seconds>(uptime).count());
  w.EndObject();
  return {200, {buffer.GetString(), buffer.GetSize()}};
}

}  // namespace drivemock::admin
