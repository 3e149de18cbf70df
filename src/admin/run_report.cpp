#include "admin/run_report.h"

#include <chrono>
#include <unordered_map>

#include "admin/ui_files.h"
#include "journal/entry_json.h"
#include "util/json.h"
#include "util/text.h"

namespace drivemock::admin {
namespace {

/// A call's request and answer bodies as the report shows them: the SDK's
/// are a few dozen bytes; a big one is cut, so that a run of 100,000 calls
/// stays a file a browser opens.
constexpr size_t kReportBodyBytes = 4096;

/// Sessions numbered in the order they first appear (opened, or first called).
class SessionIndex {
 public:
  int of(const SessionTag* tag) {
    if (!tag) return -1;
    auto [it, added] = index_.try_emplace(tag->id, static_cast<int>(tags_.size()));
    if (added) tags_.push_back(tag);
    return it->second;
  }
  const std::vector<const SessionTag*>& tags() const { return tags_; }

 private:
  std::unordered_map<std::string, int> index_;
  std::vector<const SessionTag*> tags_;
};

/// An answer envelope's `code`, empty when it has none.
std::string envelope_code(std::string_view body) {
  if (body.empty() || body.front() != '{') return {};
  return json::top_level_string(body, "code").value_or("");
}

/// [id, session, time, operation, uuid, status, code, fault, matched,
///  folded, violations, nearMisses, didYouMean, limited, failed, requestBody,
///  answerBody]: failed unless the answer succeeded as the clients read it
///  (model/outcome.h); bodies cut at kReportBodyBytes.
void write_request(json::Writer& w, const Entry& e, int session, const ReportInput& input) {
  w.StartArray();
  w.Uint64(e.id);
  w.Int(session);
  json::write_string(w, format_utc_millis(e.logged));
  json::write_string(w, e.seen().operation);
  json::write_string(w, e.uuid().value_or(""));
  w.Int(e.response.status);
  json::write_string(w, envelope_code(e.response.body_text()));
  json::write_string(w, e.response.fault == Fault::none ? "" : fault_name(e.response.fault));
  std::string matched;
  if (e.seen().matched) {
    matched = e.seen().matched->scenario.str() +
              (e.seen().matched->rule ? "#" + std::to_string(*e.seen().matched->rule) : "");
  }
  json::write_string(w, matched);
  w.Int(input.folded.count(e.seen().operation) ? 1 : 0);
  w.StartArray();
  for (const auto& v : e.seen().violations) json::write_string(w, v.rule + ": " + v.message);
  w.EndArray();
  w.StartArray();
  for (const auto& miss : e.seen().scripting().near_misses) {
    json::write_string(w, "rule " + std::to_string(miss.rule) + ": " + miss.reason);
  }
  w.EndArray();
  json::write_string(w, e.seen().scripting().did_you_mean.value_or(""));
  const auto& limited = e.seen().scripting().limited;
  json::write_string(w, limited ? limited->file + " limit " + std::to_string(limited->index) : "");
  w.Int(e.response.succeeded ? 0 : 1);
  json::write_string(w, shortened(e.request.body(), kReportBodyBytes));
  json::write_string(w, shortened(e.response.body_text(), kReportBodyBytes));
  w.EndArray();
}

/// [id, session, afterRequest, time, kind, message, details]: details as
/// an object (a push's set and YAML, a test's outcome).
void write_event(json::Writer& w, const journal::AdminEvent& e, int session) {
  w.StartArray();
  w.Uint64(e.id);
  w.Int(session);
  w.Uint64(e.after_request);
  json::write_string(w, format_utc_millis(e.at));
  json::write_string(w, e.kind);
  json::write_string(w, e.message);
  w.StartObject();
  for (const auto& [name, value] : e.details) json::write_member(w, name, value);
  w.EndObject();
  w.EndArray();
}

std::string_view ui_file(std::string_view name) {
  for (const auto& f : ui_files()) {
    if (f.name == name) return f.content;
  }
  return {};
}

/// Replaces the one `marker` of `page` with `text`.
void put(std::string& page, std::string_view marker, std::string_view text) {
  auto at = page.find(marker);
  if (at != std::string::npos) page.replace(at, marker.size(), text);
}

/// JSON made safe inside a <script> element: no "</script>" or "<!--" can
/// end it early, whatever a client sent.
std::string script_safe(std::string_view json) {
  std::string out;
  out.reserve(json.size() + json.size() / 64);
  for (char c : json) {
    if (c == '<') {
      out += "\\u003c";
    } else {
      out += c;
    }
  }
  return out;
}

/// The run's data as the page reads it (JSON), numbering into `sessions`
/// the sessions it names.
std::string report_data(const ReportInput& input, SessionIndex& sessions) {
  // Numbered first by the events (a session is opened before it calls).
  std::vector<int> event_sessions;
  for (const auto& e : input.events) event_sessions.push_back(sessions.of(e->session.get()));
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  w.StartObject();
  json::write_member(w, "version", input.version);
  json::write_count(w, "seed", input.seed);
  json::write_count(w, "dropped", input.dropped);
  json::write_member(w, "generated", format_utc_millis(std::chrono::system_clock::now()));
  json::write_string(w, "requests");
  w.StartArray();
  for (const auto& e : input.entries)
    write_request(w, *e, sessions.of(e->seen().session.get()), input);
  w.EndArray();
  json::write_string(w, "events");
  w.StartArray();
  for (size_t i = 0; i < input.events.size(); ++i) {
    write_event(w, *input.events[i], event_sessions[i]);
  }
  w.EndArray();
  json::write_string(w, "sessions");
  w.StartArray();
  for (const SessionTag* tag : sessions.tags()) {
    w.StartArray();
    json::write_string(w, tag->id);
    json::write_string(w, tag->name);
    w.EndArray();
  }
  w.EndArray();
  w.EndObject();
  return {buffer.GetString(), buffer.GetSize()};
}

}  // namespace

RunReport build_report(const ReportInput& input) {
  SessionIndex sessions;
  std::string data = report_data(input, sessions);
  RunReport report;
  report.requests = input.entries.size();
  report.sessions = sessions.tags().size();
  std::string page(ui_file("report-template.html"));
  std::string style(ui_file("report.css"));
  style += ui_file("session-groups.css");
  put(page, "/*REPORT-STYLE*/", style);
  std::string script(ui_file("session-groups.js"));
  script += ui_file("report.js");
  put(page, "/*REPORT-SCRIPT*/", script);
  put(page, "/*REPORT-DATA*/", script_safe(data));
  report.html = std::move(page);
  return report;
}

}  // namespace drivemock::admin
