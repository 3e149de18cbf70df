// Record and replay through the admin API: start proxying to a target,
// report the status, stop and write the scenario file.
#include "admin/admin_json.h"
#include "admin/handlers.h"
#include "record/drift.h"
#include "record/recording_file.h"
#include "record/upstream.h"
#include "util/json.h"

namespace drivemock::admin {

Reply handle_start_recording(const RequestView& request, Context& context, const std::smatch&) {
  auto body = parse_object_body(request);
  if (!body) return body.error();
  const rapidjson::Document& doc = *body;
  auto target = doc.FindMember("targetBaseUrl");
  if (target == doc.MemberEnd() || !target->value.IsString() ||
      !record::is_http_url(target->value.GetString())) {
    return error_reply(400, R"(The body must be {"targetBaseUrl": "http(s)://host[:port]"})",
                       "invalid_params");
  }
  std::string url = target->value.GetString();
  while (url.ends_with('/')) url.pop_back();
  if (context.target_guard) {
    if (auto allowed = context.target_guard->check(url); !allowed) {
      return error_reply(400, "Cannot record from " + url + ": " + allowed.error().message,
                         "target_refused");
    }
  }
  if (size_t unsaved = context.recorder.unsaved_calls()) {
    return error_reply(409,
                       "A stopped recording of " + std::to_string(unsaved) +
                           " calls could not be written yet; fix the problem and call POST "
                           "/__admin/recordings/stop to write it before starting another",
                       "unsaved_recording");
  }
  const char* running = "A recording is already running; stop it first";
  if (context.recorder.state().status == record::RecordingStatus::recording) {
    return error_reply(409, running, "already_recording");
  }
  // Each captured call goes to disk as it comes: a kill loses none.
  auto log = record::open_capture_log(context.record_to, url);
  if (!log) {
    return error_reply(500, "Cannot record: " + log.error().message, "capture_log_failed");
  }
  if (!context.recorder.start(url, std::move(log).value())) {
    return error_reply(409, running, "already_recording");
  }
  context.log_change("recording started, proxying to " + url);
  return success("Recording: requests are proxied to " + url + ".");
}

Reply handle_stop_recording(const RequestView&, Context& context, const std::smatch&) {
  auto saved = record::stop_and_save(context.recorder, context.record_to);
  if (!saved) return error_reply(409, "No recording is running", "not_recording");
  if (!*saved) {
    const record::UnsavedRecording& unsaved = saved->error();
    return error_reply(500,
                       "The recording could not be written: " + unsaved.error + ". Its " +
                           std::to_string(unsaved.captured) +
                           " captured calls are kept: fix the problem and call POST "
                           "/__admin/recordings/stop again to write them",
                       "write_failed");
  }
  const record::SavedRecording& file = saved->value();
  context.log_change("recording stopped; " + std::to_string(file.captured) + " calls written to " +
                     file.file + record::saved_details(file));
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  w.StartObject();
  json::write_member(w, "file", file.file);
  json::write_member(w, "scenario", file.yaml);
  json::write_count(w, "captured", file.captured);
  json::write_string(w, "learntOperations");
  w.StartArray();
  for (const auto& name : file.learnt) json::write_string(w, name);
  w.EndArray();
  json::write_count(w, "uncapturedCalls", file.uncaptured_calls);
  json::write_string(w, "uncaptured");
  w.StartArray();
  for (const auto& u : file.uncaptured) {
    w.StartObject();
    json::write_member(w, "method", u.method);
    json::write_member(w, "path", u.path);
    json::write_member(w, "why", u.why);
    json::write_count(w, "calls", u.calls);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return json_reply(200, {buffer.GetString(), buffer.GetSize()});
}

Reply handle_recording_status(const RequestView&, Context& context, const std::smatch&) {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  record::RecorderState state = context.recorder.state();
  w.StartObject();
  json::write_member(w, "status", record::status_name(state.status));
  json::write_string(w, "unsavedCalls");
  w.Uint64(state.unsaved);
  if (state.status == record::RecordingStatus::recording) {
    json::write_member(w, "targetBaseUrl", state.target);
    json::write_count(w, "capturedCalls", state.captured);
    json::write_count(w, "uncapturedCalls", state.uncaptured);
    json::write_count(w, "captureLimit", state.limit);
  }
  w.EndObject();
  return json_reply(200, {buffer.GetString(), buffer.GetSize()});
}

Reply handle_drift_scenarios(const RequestView& request, Context& context, const std::smatch&) {
  // The scenarios in force that a person wrote: files and pushes, not the
  // dialect's built-in set. A set too big to keep its text is not checked.
  std::vector<record::ScenarioText> scenarios;
  for (const auto& set : context.scenarios.list()) {
    if (set.layer != scenario::Layer::dialect && set.text) {
      scenarios.push_back({set.source, *set.text});
    }
  }
  auto findings = record::check_drift(request.body, "recording", scenarios);
  if (!findings) {
    std::string first;
    for (const auto& d : findings.diagnostics) {
      if (first.empty() && d.severity == Severity::error) first = format_diagnostic(d);
    }
    return error_reply(400, "The body is not a recording drivemock can read: " + first,
                       "invalid_recording");
  }
  return json_reply(200, record::drift_json(*findings));
}

}  // namespace drivemock::admin
