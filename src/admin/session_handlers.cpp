// Sessions through the admin API: open, list, reset and close them
// (session/session_registry.h), and the timeline of admin changes.

#include "admin/admin_json.h"
#include "admin/handlers.h"
#include "util/json.h"
#include "util/text.h"

namespace drivemock::admin {
namespace {

void write_session(json::Writer& w, const session::Session& session) {
  w.StartObject();
  json::write_member(w, "id", session.tag->id);
  json::write_member(w, "name", session.tag->name);
  json::write_member(w, "apiKey", session.api_key);
  json::write_member(w, "opened", format_utc_millis(session.opened));
  json::write_array(w, "sets", session.store.pushed_names(),
                    [&](const auto& name) { json::write_string(w, name); });
  w.EndObject();
}

Reply session_reply(int status, const session::Session& session) {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  write_session(w, session);
  return json_reply(status, {buffer.GetString(), buffer.GetSize()});
}

/// The most sessions one POST /__admin/sessions opens: a runner opens its
/// next tests' sessions in one call, a few dozen at a time.
constexpr size_t kMaxBatch = 100;

/// The name in one session's object of a POST /__admin/sessions body
/// (`{"name": …}`, or an element of its `sessions`), if it gives one;
/// `where` prefixes errors ("sessions[3]: ").
Result<std::optional<std::string>, Reply> read_name(const rapidjson::Value& object,
                                                    const std::string& where) {
  if (!object.IsObject()) {
    return invalid_params(where + "expected an object {\"name\": \"…\"}");
  }
  for (const auto& member : object.GetObject()) {
    if (std::string_view(member.name.GetString()) != "name") {
      return invalid_params(
          where + "unknown key '" +
          shortened(std::string_view(member.name.GetString(), member.name.GetStringLength()), 64) +
          "'; expected name");
    }
  }
  auto name = object.FindMember("name");
  if (name == object.MemberEnd() || name->value.IsNull()) return std::optional<std::string>();
  if (!name->value.IsString()) {
    return invalid_params(where + "name must be a string, found " + json::type_name(name->value));
  }
  return std::optional<std::string>(
      std::string(name->value.GetString(), name->value.GetStringLength()));
}

/// The sessions a POST /__admin/sessions body asks for: `{"name"}` (one,
/// answered as itself) or `{"sessions": [{"name"}, …]}` (1 to kMaxBatch,
/// answered as a list).
struct OpenRequest {
  std::vector<std::optional<std::string>> names;
  bool batch = false;
};

Result<OpenRequest, Reply> read_open_request(const rapidjson::Document& doc) {
  auto list = doc.FindMember("sessions");
  if (list == doc.MemberEnd()) {
    auto name = read_name(doc, "");
    if (!name) return name.error();
    return OpenRequest{{std::move(*name)}, false};
  }
  if (doc.MemberCount() != 1) {
    return invalid_params("A body with sessions takes no other key; a name goes in each session");
  }
  if (!list->value.IsArray() || list->value.Empty() || list->value.Size() > kMaxBatch) {
    return invalid_params("sessions must be an array of 1 to " + std::to_string(kMaxBatch) +
                          " objects {\"name\": \"…\"}");
  }
  OpenRequest request{{}, true};
  for (rapidjson::SizeType i = 0; i < list->value.Size(); ++i) {
    auto name = read_name(list->value[i], "sessions[" + std::to_string(i) + "]: ");
    if (!name) return name.error();
    request.names.push_back(std::move(*name));
  }
  return request;
}

void write_event(json::Writer& w, const journal::AdminEvent& event) {
  w.StartObject();
  json::write_count(w, "id", event.id);
  json::write_count(w, "afterRequest", event.after_request);
  json::write_member(w, "time", format_utc_millis(event.at));
  json::write_member(w, "kind", event.kind);
  json::write_string(w, "session");
  journal::write_session(w, event.session.get());
  json::write_member(w, "message", event.message);
  json::write_string(w, "details");
  w.StartObject();
  for (const auto& [name, value] : event.details) json::write_member(w, name, value);
  w.EndObject();
  w.EndObject();
}

}  // namespace

Reply handle_open_session(const RequestView& request, Context& context, const std::smatch&) {
  auto doc = parse_object_body(request);
  if (!doc) return doc.error();
  auto asked = read_open_request(*doc);
  if (!asked) return asked.error();
  auto opened = context.control.open_sessions(std::move(asked->names));
  if (!opened) return refusal_reply(opened.error());
  if (!asked->batch) return session_reply(201, *opened->front());
  return object_reply(201, [&](json::Writer& w) {
    json::write_array(w, "sessions", *opened,
                      [&](const auto& session) { write_session(w, *session); });
  });
}

Reply handle_list_sessions(const RequestView&, Context& context, const std::smatch&) {
  return object_reply(200, [&](json::Writer& w) {
    json::write_array(w, "sessions", context.control.sessions().list(),
                      [&](const auto& session) { write_session(w, *session); });
    json::write_count(w, "limit", context.control.sessions().limits().max_open);
  });
}

Reply handle_get_session(const RequestView&, Context& context, const std::smatch& match) {
  const std::string id = match[1];
  auto scope = context.control.scope(&id);
  if (!scope) return refusal_reply(scope.error());
  return session_reply(200, *scope->session);
}

Reply handle_reset_session(const RequestView&, Context& context, const std::smatch& match) {
  auto reset = context.control.reset_session(match[1].str());
  if (!reset) return refusal_reply(reset.error());
  return session_reply(200, **reset);
}

Reply handle_close_session(const RequestView&, Context& context, const std::smatch& match) {
  auto closed = context.control.close_session(match[1].str());
  if (!closed) return refusal_reply(closed.error());
  const auto& session = *closed->session;
  return object_reply(200, [&](json::Writer& w) {
    json::write_member(w, "status", "success");
    json::write_member(
        w, "message",
        "Session '" + session.tag->name + "' closed; its requests stay in the journal.");
    json::write_array(w, "nearMisses", closed->near_misses, [&](const auto& miss) {
      w.StartObject();
      json::write_member(w, "operation", miss.call.operation);
      json::write_member(w, "uuid", miss.call.uuid);
      json::write_member(w, "didYouMean", miss.call.did_you_mean);
      json::write_bool(w, "ownScript", miss.own_script);
      json::write_bool(w, "suggestionCalled", miss.suggestion_called);
      json::write_bool(w, "typo", miss.is_typo());
      w.EndObject();
    });
    json::write_array(w, "unusedRules", closed->unused_rules, [&](const auto& rule) {
      w.StartObject();
      json::write_member(w, "set", rule.set);
      json::write_member(w, "uuid", rule.uuid);
      json::write_member(w, "operation", rule.operation);
      json::write_count(w, "rule", rule.rule);
      json::write_int(w, "line", rule.line);
      w.EndObject();
    });
  });
}

Reply handle_outcomes(const RequestView& request, Context& context, const std::smatch&) {
  auto doc = parse_object_body(request);
  if (!doc) return doc.error();
  const rapidjson::Document& body = *doc;  // const iterators compare unambiguously
  auto list = body.FindMember("outcomes");
  if (body.MemberCount() != 1 || list == body.MemberEnd() || !list->value.IsArray() ||
      list->value.Size() > control::kMaxOutcomesPerBatch) {
    return invalid_params("The body must be {\"outcomes\": [...]}, at most " +
                          std::to_string(control::kMaxOutcomesPerBatch) +
                          " of {session, outcome, durationMs, message, location}");
  }
  // All read before any is kept: a batch is taken whole or not at all.
  std::vector<control::OutcomeFor> read;
  size_t index = 0;
  for (const auto& item : list->value.GetArray()) {
    auto at = "outcomes[" + std::to_string(index++) + "]: ";
    auto id =
        item.IsObject() ? item.FindMember("session") : rapidjson::Value::ConstMemberIterator();
    if (!item.IsObject() || id == item.MemberEnd() || !id->value.IsString()) {
      return invalid_params(at + "session is required: a session's id");
    }
    auto tag = context.control.session_tag({id->value.GetString(), id->value.GetStringLength()});
    if (!tag) return refusal_reply(tag.error());
    auto outcome = control::read_test_outcome(item, "session");
    if (!outcome) return invalid_params(at + outcome.error().message);
    read.push_back({std::move(*tag), std::move(*outcome)});
  }
  size_t kept = context.control.record_outcomes(read);
  std::string unchanged = kept == read.size()
                              ? ""
                              : "; " + std::to_string(read.size() - kept) +
                                    " left their tests as they were (an outcome never improves "
                                    "on a worse one)";
  return success(std::to_string(kept) + " outcomes kept" + unchanged + ".");
}

Reply handle_session_outcome(const RequestView& request, Context& context,
                             const std::smatch& match) {
  auto found = context.control.session_tag(match[1].str());
  if (!found) return refusal_reply(found.error());
  std::shared_ptr<const SessionTag> tag = *found;
  auto doc = parse_object_body(request);
  if (!doc) return doc.error();
  auto outcome = control::read_test_outcome(*doc);
  if (!outcome) return invalid_params(outcome.error().message);
  if (context.control.record_outcomes({{tag, *outcome}}) == 0) {
    return success("Test of session '" + tag->name + "' stays as it was: " + outcome->state +
                   " does not improve on the worse outcome it had.");
  }
  return success("Test of session '" + tag->name + "' " + outcome->state + ".");
}

Reply handle_list_events(const RequestView& request, Context& context, const std::smatch&) {
  uint64_t after = 0;
  if (const std::string* given = request.query_param("since_id")) {
    auto id = whole_number(*given);
    if (!id) {
      return invalid_params("Query parameter since_id is '" + *given +
                            "'; expected a whole number (an event id)");
    }
    after = *id;
  }
  std::optional<std::string> session;
  const std::string* id = named_session(context);
  if (auto refused = refuse_unknown_session(context)) return *refused;
  if (id) session = *id;
  return object_reply(200, [&](json::Writer& w) {
    json::write_array(w, "events", context.control.events().after(after, session),
                      [&](const auto& event) { write_event(w, *event); });
  });
}

}  // namespace drivemock::admin
