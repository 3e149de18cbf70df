// Record and replay through the admin API: start proxying to a target,
// report the status, stop and write the scenario file.
#include "admin/admin_json.h"
#include "admin/handlers.h"
#include "record/drift.h"
#include "util/json.h"

namespace drivemock::admin {

Reply handle_start_recording(const RequestView& request, Context& context, const std::smatch&) {
  auto body = parse_object_body(request);
  if (!body) return body.error();
  const rapidjson::Document& doc = *body;
  auto target = doc.FindMember("targetBaseUrl");
  if (target == doc.MemberEnd() || !target->value.IsString() ||
      target->value.GetStringLength() == 0) {
    return invalid_params(R"(The body must be {"targetBaseUrl": "http(s)://host[:port]"})");
  }
  auto keep = doc.FindMember("keepDelays");
  if (keep != doc.MemberEnd() && !keep->value.IsBool()) {
    return invalid_params(
        "keepDelays must be true (the default: each answer replays as slowly as "
        "the upstream gave it) or false");
  }
  auto time = keep != doc.MemberEnd() && keep->value.IsFalse() ? record::RecordedTime::dropped
                                                               : record::RecordedTime::kept;
  auto started = context.control.start_recording(target->value.GetString(), time);
  if (!started) return refusal_reply(started.error());
  std::string url = target->value.GetString();
  while (url.ends_with('/')) url.pop_back();
  return success("Recording: requests are proxied to " + url + ".");
}

Reply handle_stop_recording(const RequestView&, Context& context, const std::smatch&) {
  auto saved = context.control.stop_recording();
  if (!saved) return refusal_reply(saved.error());
  const record::SavedRecording& file = *saved;
  return object_reply(200, [&](json::Writer& w) {
    json::write_member(w, "file", file.file);
    json::write_member(w, "scenario", file.yaml);
    json::write_count(w, "captured", file.captured);
    json::write_array(w, "learntOperations", file.learnt,
                      [&](const auto& name) { json::write_string(w, name); });
    json::write_count(w, "uncapturedCalls", file.uncaptured_calls);
    json::write_array(w, "uncaptured", file.uncaptured, [&](const auto& u) {
      w.StartObject();
      json::write_member(w, "method", u.method);
      json::write_member(w, "path", u.path);
      json::write_member(w, "why", u.why);
      json::write_count(w, "calls", u.calls);
      w.EndObject();
    });
  });
}

Reply handle_recording_status(const RequestView&, Context& context, const std::smatch&) {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  record::RecorderState state = context.control.recorder().state();
  w.StartObject();
  json::write_member(w, "status", record::status_name(state.status));
  json::write_count(w, "unsavedCalls", state.unsaved);
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
  for (const auto& set : context.control.scenarios().list()) {
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
