#include "journal/entry_json.h"

#include <ctime>

namespace drivemock::journal {
namespace {

void write_optional(json::Writer& w, const std::optional<std::string_view>& value) {
  if (value) {
    json::write_string(w, *value);
  } else {
    w.Null();
  }
}

void write_request(json::Writer& w, const RecordedRequest& request) {
  w.StartObject();
  json::write_member(w, "method", request.method());
  json::write_member(w, "url", request.url());
  json::write_string(w, "headers");
  w.StartObject();
  request.for_each_header(
      [&](std::string_view name, std::string_view value) { json::write_member(w, name, value); });
  w.EndObject();
  json::write_member(w, "body", request.body());
  json::write_member(w, "clientIp", request.client_ip());
  w.EndObject();
}

/// null when `value` is empty, else what `write` writes of it.
template <typename T, typename Write>
void write_or_null(json::Writer& w, const std::optional<T>& value, Write write) {
  if (value) {
    write(*value);
  } else {
    w.Null();
  }
}

void write_optional_int(json::Writer& w, const std::optional<int>& value) {
  write_or_null(w, value, [&](int v) { w.Int(v); });
}

void write_matched(json::Writer& w, const std::optional<Matched>& matched) {
  write_or_null(w, matched, [&](const Matched& m) {
    w.StartObject();
    json::write_member(w, "scenario", m.scenario);
    json::write_string(w, "rule");
    write_optional_int(w, m.rule);
    json::write_int(w, "answer", m.answer);
    json::write_int(w, "answers", m.answers);
    json::write_member(w, "file", m.file);
    json::write_int(w, "line", m.line);
    w.EndObject();
  });
}

/// null when nothing was drawn; else both members, null for what was not.
void write_random(json::Writer& w, const std::optional<RandomDraw>& random) {
  write_or_null(w, random, [&](const RandomDraw& r) {
    w.StartObject();
    json::write_string(w, "pick");
    write_optional_int(w, r.pick);
    json::write_string(w, "delayMs");
    write_optional_int(w, r.delay_ms);
    w.EndObject();
  });
}

void write_limited(json::Writer& w, const std::optional<LimitHit>& limited) {
  write_or_null(w, limited, [&](const LimitHit& l) {
    w.StartObject();
    json::write_member(w, "file", l.file);
    json::write_int(w, "index", l.index);
    w.EndObject();
  });
}

void write_near_misses(json::Writer& w, const std::vector<NearMiss>& near_misses) {
  w.StartArray();
  for (const auto& miss : near_misses) {
    w.StartObject();
    json::write_int(w, "rule", miss.rule);
    json::write_member(w, "reason", miss.reason);
    w.EndObject();
  }
  w.EndArray();
}

void write_response(json::Writer& w, const ResponseRecord& response) {
  w.StartObject();
  json::write_int(w, "status", response.status);
  json::write_member(w, "body", response.body_text());
  json::write_string(w, "fault");
  if (response.fault == Fault::none) {
    w.Null();
  } else {
    json::write_string(w, fault_name(response.fault));
  }
  json::write_bool(w, "proxied", response.proxied);
  json::write_bool(w, "succeeded", response.succeeded);
  // As the request's: an object of name to value, secrets already "***".
  json::write_string(w, "headers");
  w.StartObject();
  if (response.headers) {
    for (const auto& h : *response.headers) json::write_member(w, h.name, h.value);
  }
  w.EndObject();
  w.EndObject();
}

void write_violations(json::Writer& w, const std::vector<Violation>& violations) {
  w.StartArray();
  for (const auto& v : violations) {
    w.StartObject();
    json::write_member(w, "rule", v.rule);
    json::write_member(w, "message", v.message);
    w.EndObject();
  }
  w.EndArray();
}

}  // namespace

void write_session(json::Writer& w, const SessionTag* session) {
  if (!session) return static_cast<void>(w.Null());
  w.StartObject();
  json::write_member(w, "id", session->id);
  json::write_member(w, "name", session->name);
  w.EndObject();
}

void write_entry(json::Writer& w, const Entry& entry) {
  w.StartObject();
  json::write_count(w, "id", entry.id);
  json::write_member(w, "loggedDate", format_utc_millis(entry.logged));
  json::write_string(w, "session");
  write_session(w, entry.seen().session.get());
  json::write_string(w, "request");
  write_request(w, entry.request);
  json::write_string(w, "operation");
  if (entry.seen().operation.empty()) {
    w.Null();
  } else {
    json::write_string(w, entry.seen().operation);
  }
  json::write_string(w, "uuid");
  write_optional(w, entry.uuid());
  // A uuid a scenario scripts: a pact names its state as scripted.
  json::write_bool(w, "named", entry.seen().named);
  // A uuid the client made up (the SDK's lock), no scenario's: not unmatched,
  // and a pact gives it as a pattern (interchange/pact_writer.h).
  json::write_bool(w, "clientMade", entry.seen().housekeeping);
  json::write_string(w, "matched");
  write_matched(w, entry.seen().matched);
  // The uuid's state when answered: what a pact's provider state says.
  json::write_string(w, "state");
  if (entry.seen().state.empty()) {
    w.Null();
  } else {
    json::write_string(w, entry.seen().state);
  }
  json::write_string(w, "random");
  write_random(w, entry.seen().scripting().random);
  json::write_string(w, "limited");
  write_limited(w, entry.seen().scripting().limited);
  json::write_string(w, "nearMisses");
  write_near_misses(w, entry.seen().scripting().near_misses);
  json::write_string(w, "didYouMean");
  write_or_null(w, entry.seen().scripting().did_you_mean,
                [&](const std::string& meant) { json::write_string(w, meant); });
  json::write_string(w, "response");
  write_response(w, entry.response);
  json::write_string(w, "violations");
  write_violations(w, entry.seen().violations);
  json::write_string(w, "timing");
  w.StartObject();
  json::write_int(w, "totalMicros", entry.total_micros);
  w.EndObject();
  w.EndObject();
}

std::string entry_to_json(const Entry& entry) {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  write_entry(w, entry);
  return {buffer.GetString(), buffer.GetSize()};
}

}  // namespace drivemock::journal
