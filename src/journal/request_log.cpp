#include "journal/request_log.h"

#include <optional>

#include "util/json.h"

namespace drivemock::journal {
namespace {

/// The rule that answered, as the journal's `matched` names it; "none"
/// where the journal says null (the built-in answer, an unknown path, a
/// refused request, the upstream while recording).
std::string matched_text(const Entry& e) {
  if (!e.seen().matched) return "none";
  return e.seen().matched->scenario.str() +
         (e.seen().matched->rule ? "#" + std::to_string(*e.seen().matched->rule) : "#defaults");
}

/// The answer envelope's `code` (folder_not_found, not_found, …), which
/// tells the answers apart where the status does not (the service answers
/// its errors with 200); nothing when the body is not a JSON object with one.
std::optional<std::string> answer_code(const Entry& e) {
  return json::top_level_string(e.response.body_text(), "code");
}

std::string limited_text(const LimitHit& limited) {
  return limited.file + "#" + std::to_string(limited.index);
}

std::string outcome_text(const Entry& e) {
  if (e.response.fault != Fault::none) {
    return std::string("fault:") + fault_name(e.response.fault);
  }
  return std::to_string(e.response.status);
}

/// "#1 state is active, rule wants trashed; #2 color is blue, rule wants red"
std::string near_misses_text(const Entry& e) {
  std::string text;
  for (const auto& miss : e.seen().scripting().near_misses) {
    text += (text.empty() ? "#" : "; #") + std::to_string(miss.rule) + " " + miss.reason;
  }
  return text;
}

std::string text_line(const Entry& e) {
  std::string line = "drivemock: ";
  line.append(e.request.method()).append(" ").append(e.request.path());
  line.append(" uuid=").append(e.uuid().value_or("-"));
  line.append(" matched=").append(matched_text(e));
  line.append(" status=").append(outcome_text(e));
  if (auto code = answer_code(e)) line.append(" answer=").append(json::valid_utf8(*code));
  if (e.response.proxied) line.append(" proxied=true");
  if (const auto& limited = e.seen().scripting().limited) {
    line.append(" limited=").append(limited_text(*limited));
  }
  line.append(" ").append(std::to_string(e.total_micros)).append("us");
  if (!e.seen().violations.empty())
    line.append(" violations=").append(std::to_string(e.seen().violations.size()));
  if (const auto& meant = e.seen().scripting().did_you_mean)
    line.append(" did-you-mean=").append(*meant);
  if (!e.seen().scripting().near_misses.empty())
    line.append(" near-misses: ").append(near_misses_text(e));
  return line;
}

std::string json_line(const Entry& e) {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  w.StartObject();
  json::write_member(w, "type", "request");
  json::write_count(w, "id", e.id);
  json::write_member(w, "method", e.request.method());
  json::write_member(w, "path", e.request.path());
  json::write_string(w, "uuid");
  auto uuid = e.uuid();
  uuid ? json::write_string(w, *uuid) : static_cast<void>(w.Null());
  json::write_string(w, "matched");  // null as in the journal
  e.seen().matched ? json::write_string(w, matched_text(e)) : static_cast<void>(w.Null());
  json::write_member(w, "status", outcome_text(e));
  if (auto code = answer_code(e)) json::write_member(w, "answer", *code);
  if (e.response.proxied) {
    json::write_bool(w, "proxied", true);
  }
  if (const auto& limited = e.seen().scripting().limited) {
    json::write_member(w, "limited", limited_text(*limited));
  }
  json::write_int(w, "micros", e.total_micros);
  json::write_count(w, "violations", e.seen().violations.size());
  if (const auto& meant = e.seen().scripting().did_you_mean)
    json::write_member(w, "didYouMean", *meant);
  if (!e.seen().scripting().near_misses.empty())
    json::write_member(w, "nearMisses", near_misses_text(e));
  w.EndObject();
  return {buffer.GetString(), buffer.GetSize()};
}

}  // namespace

std::string request_line(const Entry& entry, LogFormat format) {
  return format == LogFormat::json ? json_line(entry) : text_line(entry);
}

std::string admin_line(std::string_view change, LogFormat format) {
  if (format != LogFormat::json) return "drivemock: admin: " + std::string(change);
  return json::string_object({{"type", "admin"}, {"change", change}});
}

}  // namespace drivemock::journal
