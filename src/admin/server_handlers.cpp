// The simulated service's state and the server's own: health, reset,
// directory states, shutdown.
#include <functional>
#include <set>
#include <utility>

#include "admin/admin_json.h"
#include "admin/handlers.h"
#include "contract/field_json.h"
#include "contract/operations.h"
#include "util/json.h"
#include "util/random.h"
#include "util/text.h"

namespace drivemock::admin {
namespace {

/// The uuid's state, each field an operation in force stores (null until
/// stored), and its calls per operation.
/// {uuid, state, <each stored field>, calls}
void write_directory(
    json::Writer& w, const scenario::DirectorySnapshot& d, const contract::OperationSet& ops,
    const std::function<void()>& more = [] {}) {
  w.StartObject();
  json::write_member(w, "uuid", d.uuid);
  json::write_member(w, "state", d.state);
  std::set<std::string> written = {"uuid", "state", "calls"};
  for (const auto& op : ops.list) {
    if (!op.stored_field || !written.insert(*op.stored_field).second) continue;
    json::write_string(w, *op.stored_field);
    auto it = d.attributes.find(*op.stored_field);
    if (it == d.attributes.end()) {
      w.Null();
    } else {
      json::write_string(w, it->second);
    }
  }
  json::write_string(w, "calls");
  w.StartObject();
  for (const auto& [op, n] : d.calls) {
    json::write_string(w, op);
    w.Uint64(n);
  }
  w.EndObject();
  more();
  w.EndObject();
}

/// `"scripts"`: operation → the rules of the uuid's own script, each with its
/// set, file and line, its conditions, and the answer a sequence gives next.
void write_scripts(json::Writer& w, const scenario::DirectorySnapshot& d) {
  json::write_string(w, "scripts");
  w.StartObject();
  for (const auto& [op, rules] : d.scripts) {
    json::write_array(w, op, rules, [&](const scenario::RuleView& r) {
      w.StartObject();
      json::write_int(w, "rule", r.rule);
      json::write_member(w, "set", r.set);
      json::write_member(w, "file", r.file);
      json::write_int(w, "line", r.line);
      json::write_string(w, "when");
      w.StartObject();
      if (r.when_state) json::write_member(w, "state", *r.when_state);
      for (const auto& f : r.when_fields) {
        json::write_string(w, f.field);
        w.RawValue(f.expected_json.data(), f.expected_json.size(), rapidjson::kStringType);
      }
      w.EndObject();
      json::write_count(w, "answers", r.answers);
      json::write_string(w, "next");
      r.next ? static_cast<void>(w.Uint64(*r.next)) : static_cast<void>(w.Null());
      json::write_string(w, "then");
      r.then ? json::write_string(w, *r.then) : static_cast<void>(w.Null());
      json::write_string(w, "cycle");
      w.Bool(r.cycle);
      w.EndObject();
    });
  }
  w.EndObject();
}

/// One directory, with its scripts (the list of directories leaves them out).
Reply directory_reply(const scenario::DirectorySnapshot& d, const contract::OperationSet& ops) {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  write_directory(w, d, ops, [&] { write_scripts(w, d); });
  return json_reply(200, {buffer.GetString(), buffer.GetSize()});
}

void write_journal_file(json::Writer& w, const journal::JournalFileStats& stats) {
  w.StartObject();
  json::write_count(w, "written", stats.written);
  json::write_count(w, "failed", stats.failed);
  json::write_string(w, "lastError");
  if (stats.last_error.empty()) {
    w.Null();
  } else {
    json::write_string(w, stats.last_error);
  }
  w.EndObject();
}

/// An added operation's own answer as status and body; else the message and
/// code that the dialect's envelope carries.
void write_builtin_answer(json::Writer& w, const contract::Operation& op) {
  w.StartObject();
  if (op.builtin_answer) {
    json::write_int(w, "http", op.builtin_answer->status);
    std::string_view body = op.builtin_answer->body_text();
    if (json::parse_untrusted(std::string(body))) {
      json::write_string(w, "body");
      w.RawValue(body.data(), body.size(), rapidjson::kObjectType);
    } else {
      json::write_member(w, "raw", body);
    }
  } else {
    json::write_member(w, "message", op.builtin_message);
    json::write_member(w, "code", op.builtin_code);
  }
  w.EndObject();
}

}  // namespace

Reply handle_health(const RequestView&, Context& context, const std::smatch&) {
  auto uptime = std::chrono::steady_clock::now() - context.started;
  // Degraded while the files' last save was refused: the last good sets
  // are served, which is not what the files say.
  auto reload = context.control.last_reload();
  bool degraded = reload && reload->failed();
  return object_reply(200, [&](json::Writer& w) {
    json::write_member(w, "status", degraded ? "degraded" : "healthy");
    json::write_member(w, "version", context.version);
    json::write_int(w, "uptimeInSeconds",
                    std::chrono::duration_cast<std::chrono::seconds>(uptime).count());
    ServerHealth health = context.health();
    json::write_member(w, "dialect", dialect_name(health.dialect));
    json::write_count(w, "seed", health.seed);
    json::write_count(w, "logLinesDropped", health.log_lines_dropped);
    json::write_count(w, "connectionsWithoutRequest", health.connections_without_request);
    json::write_count(w, "corsPreflights", health.cors_preflights);
    json::write_count(w, "tlsHandshakesFailed", health.tls_handshakes_failed);
    json::write_count(w, "connectionsQueued", health.connections_queued);
    json::write_count(w, "connectionsShed", health.connections_shed);
    json::write_string(w, "journalFile");
    if (health.journal_file) {
      write_journal_file(w, *health.journal_file);
    } else {
      w.Null();
    }
    Diagnostics problems;
    if (degraded) {
      for (const auto& d : reload->problems)
        if (d.severity == Severity::error) problems.push_back(d);
    }
    write_positioned(w, "scenarioProblems", problems);
  });
}

Reply handle_reset(const RequestView& request, Context& context, const std::smatch&) {
  if (auto refused = refuse_session_param(request, context,
                                          "reset a session with POST /__admin/sessions/ID/reset"))
    return std::move(*refused);
  auto body = parse_object_body(request);
  if (!body) return body.error();
  std::optional<uint64_t> seed;
  // Const iterators: clang reads a comparison of RapidJSON's non-const
  // member iterators in C++20 as ambiguous (-Wambiguous-reversed-operator).
  for (const auto& member : std::as_const(*body).GetObject()) {
    std::string_view key(member.name.GetString(), member.name.GetStringLength());
    if (key != "seed") {
      return invalid_params("Unknown key '" + shortened(key, 64) +
                            "' in the reset body; expected seed");
    }
    if (!member.value.IsUint64() || member.value.GetUint64() > kMaxSeed) {
      return invalid_params("seed must be a whole number from 0 to " + std::to_string(kMaxSeed) +
                            ", found " + json::to_string(member.value));
    }
    seed = member.value.GetUint64();
  }
  context.control.reset(seed);
  std::string seeded = seed ? ", random draws from seed " + std::to_string(*seed) : "";
  return success("Journal emptied, states and sequences back to the start, pushed sets dropped" +
                 seeded + ".");
}

Reply handle_list_directories(const RequestView& request, Context& context, const std::smatch&) {
  constexpr size_t kDefaultLimit = 100, kMaxLimit = 10000;
  size_t limit = kDefaultLimit;
  if (const std::string* given = request.query_param("limit")) {
    auto number = whole_number(*given);
    if (!number || *number > kMaxLimit) {
      return invalid_params("Query parameter limit is '" + *given +
                            "'; expected a whole number from 0 to " + std::to_string(kMaxLimit));
    }
    limit = *number;
  }
  auto scope = scope_of(context);
  if (!scope) return scope.error();
  scenario::Engine& engine = *scope->engine;
  const std::string* part = request.query_param("uuid");
  // Not a structured binding: clang 14 cannot capture those in a lambda.
  auto found = engine.uuids(part ? *part : "", limit);
  auto catalog = engine.catalog();
  return object_reply(200, [&](json::Writer& w) {
    json::write_array(w, "directories", found.first, [&](const auto& uuid) {
      if (auto snapshot = engine.directory(uuid)) {
        write_directory(w, *snapshot, *catalog->operations);
      }
    });
    json::write_count(w, "total", found.second);
  });
}

Reply handle_get_directory(const RequestView&, Context& context, const std::smatch& match) {
  auto scope = scope_of(context);
  if (!scope) return scope.error();
  const std::string uuid = match[1];
  auto snapshot = scope->engine->directory(uuid);
  if (!snapshot) return refusal_reply(control::unknown_directory(uuid));
  snapshot->scripts = scope->engine->scripts(uuid);
  return directory_reply(*snapshot, *scope->engine->catalog()->operations);
}

Reply handle_put_directory_state(const RequestView& request, Context& context,
                                 const std::smatch& match) {
  const std::string uuid = match[1];
  auto body = parse_object_body(request);
  if (!body) return body.error();
  const rapidjson::Document& doc = *body;
  auto state = doc.FindMember("state");
  if (state == doc.MemberEnd() || !state->value.IsString() || state->value.GetStringLength() == 0) {
    return invalid_params(R"(The body must be {"state": "<name>"} with a non-empty string)");
  }
  auto scope = scope_of(context);
  if (!scope) return scope.error();
  const scenario::Engine& engine = *scope->engine;
  auto restart = doc.FindMember("restart");
  if (restart != doc.MemberEnd() && !restart->value.IsBool()) {
    return invalid_params("Field 'restart' must be true or false");
  }
  bool forget = restart != doc.MemberEnd() && restart->value.GetBool();
  auto set = context.control.set_state(
      *scope, {{uuid},
               state->value.GetString(),
               forget ? scenario::History::forgotten : scenario::History::kept});
  if (!set && set.error().status != 400) return refusal_reply(set.error());
  if (!set) return invalid_params("Cannot set the state: " + set.error().message);
  return directory_reply(*engine.directory(uuid), *engine.catalog()->operations);
}

Reply handle_list_operations(const RequestView&, Context& context, const std::smatch&) {
  auto scope = scope_of(context);
  if (!scope) return scope.error();
  return object_reply(200, [&](json::Writer& w) {
    json::write_string(w, "operations");
    w.StartArray();
    auto catalog = scope->engine->catalog();
    for (const auto& op : catalog->operations->list) {
      w.StartObject();
      json::write_member(w, "name", op.name);
      json::write_member(w, "path", op.path);
      json::write_string(w, "key");
      contract::has_key(op) ? json::write_string(w, op.key) : static_cast<void>(w.Null());
      contract::write_fields(w, op.fields);
      json::write_string(w, "answer");
      write_builtin_answer(w, op);
      json::write_string(w, "onSuccess");
      w.StartObject();
      if (op.state_on_success) json::write_member(w, "state", *op.state_on_success);
      if (op.stored_field) json::write_member(w, "store", *op.stored_field);
      w.EndObject();
      json::write_member(w, "source", op.source);
      w.EndObject();
    }
    w.EndArray();
  });
}

Reply handle_shutdown(const RequestView&, Context& context, const std::smatch&) {
  context.control.log("shutdown requested");
  context.request_shutdown();
  return success("Shutting down.");
}

}  // namespace drivemock::admin
