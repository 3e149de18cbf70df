// Scenario sets through the admin API: list, push (YAML or JSON), delete,
// reload from disk. Load errors come back as `file:line:col` strings.
#include <optional>

#include "admin/admin_json.h"
#include "admin/handlers.h"
#include "model/error_envelope.h"
#include "util/json.h"
#include "util/text.h"

namespace drivemock::admin {
namespace {

void write_diagnostics(json::Writer& w, const char* key, const Diagnostics& diagnostics,
                       Severity severity) {
  json::write_string(w, key);
  w.StartArray();
  for (const auto& d : diagnostics) {
    if (d.severity == severity) json::write_string(w, format_diagnostic(d));
  }
  w.EndArray();
}

/// 200 with the warnings, or 400 with the errors and the warnings; `name`
/// the set's, for a push.
Reply load_reply(const Diagnostics& diagnostics, const std::string& done,
                 const std::optional<std::string>& name = std::nullopt) {
  bool failed = has_errors(diagnostics);
  return object_reply(failed ? 400 : 200, [&](json::Writer& w) {
    if (failed) {
      std::string first;
      for (const auto& d : diagnostics) {
        if (first.empty() && d.severity == Severity::error) first = format_diagnostic(d);
      }
      write_error_members(w, "The scenarios have errors; nothing changed. " + first,
                          "invalid_scenario");
      write_diagnostics(w, "errors", diagnostics, Severity::error);
    } else {
      json::write_member(w, "status", "success");
      json::write_member(w, "message", done);
      if (name) json::write_member(w, "name", *name);
    }
    write_diagnostics(w, "warnings", diagnostics, Severity::warning);
    write_positioned(w, "diagnostics", diagnostics);
  });
}

/// [{uuid, operation, set, source}]: uuid null for `defaults:`.
void write_shadows(json::Writer& w, const char* key,
                   const std::vector<scenario::ShadowSummary>& shadows) {
  json::write_string(w, key);
  w.StartArray();
  for (const auto& s : shadows) {
    w.StartObject();
    json::write_string(w, "uuid");
    if (s.uuid.empty()) {
      w.Null();
    } else {
      json::write_string(w, s.uuid);
    }
    json::write_member(w, "operation", s.operation);
    json::write_member(w, "set", s.set);
    json::write_member(w, "source", s.source);
    w.EndObject();
  }
  w.EndArray();
}

void write_summary(json::Writer& w, const scenario::SetSummary& set) {
  json::write_member(w, "name", set.name);
  json::write_member(w, "source", set.source);
  json::write_count(w, "directories", set.directories);
  json::write_count(w, "rules", set.rules);
  write_shadows(w, "shadows", set.shadows);
  write_shadows(w, "shadowedBy", set.shadowed_by);
}

}  // namespace

Reply handle_list_scenarios(const RequestView&, Context& context, const std::smatch&) {
  auto scope = scope_of(context);
  if (!scope) return scope.error();
  return object_reply(200, [&](json::Writer& w) {
    json::write_array(w, "scenarios", scope->store->list(), [&](const auto& set) {
      w.StartObject();
      write_summary(w, set);
      w.EndObject();
    });
    json::write_array(w, "paths", context.control.scenarios().paths(),
                      [&](const auto& p) { json::write_string(w, p); });
    write_last_reload(w, context.control.last_reload());
    write_hidden_file_sets(w, "pushedOverFiles", scope->store->hidden_file_sets());
  });
}

Reply handle_get_scenario(const RequestView&, Context& context, const std::smatch& match) {
  auto scope = scope_of(context);
  if (!scope) return scope.error();
  const std::string name = match[1];
  auto set = scope->store->find(name);
  if (!set) return error_reply(404, "No scenario set named '" + name + "'", "not_found");
  return object_reply(200, [&](json::Writer& w) {
    write_summary(w, *set);
    json::write_string(w, "yaml");
    if (set->text) {
      json::write_string(w, *set->text);
    } else {
      w.Null();
    }
    json::write_count(w, "bytes", set->text_bytes);
  });
}

Reply handle_push_scenario(const RequestView& request, Context& context, const std::smatch&) {
  auto apply = scenario::Apply::now;
  if (const std::string* dry_run = request.query_param("dry_run")) {
    if (*dry_run != "true" && *dry_run != "false") {
      return invalid_params("Query parameter dry_run is '" + *dry_run +
                            "'; expected true or false");
    }
    if (*dry_run == "true") apply = scenario::Apply::dry_run;
  }
  std::optional<std::string> name;
  if (const std::string* given = request.query_param("name")) {
    if (given->empty() || given->find('/') != std::string::npos) {
      return invalid_params("Query parameter name is '" + *given +
                            "'; expected a set name, not empty and without '/'");
    }
    name = *given;
  }
  auto scope = scope_of(context);
  if (!scope) return scope.error();
  auto pushed = context.control.push(*scope, request.body, {apply, name});
  if (!pushed) return refusal_reply(pushed.error());
  if (!*pushed) return load_reply(pushed->diagnostics, "");
  const std::string& set = **pushed;
  if (apply == scenario::Apply::dry_run) {
    return load_reply(pushed->diagnostics,
                      "Scenario set '" + set + "' would load; nothing changed (dry run).", set);
  }
  return load_reply(pushed->diagnostics, "Scenario set '" + set + "' loaded.", set);
}

Reply handle_delete_scenario(const RequestView&, Context& context, const std::smatch& match) {
  auto scope = scope_of(context);
  if (!scope) return scope.error();
  const std::string name = match[1];
  auto removed = context.control.remove(*scope, name);
  if (!removed) return refusal_reply(removed.error());
  if (!*removed) return load_reply(removed->diagnostics, "");
  if (!**removed) {
    return error_reply(404, "No scenario set named '" + name + "'" + scope->where(), "not_found");
  }
  return success("Scenario set '" + name + "' removed.");
}

Reply handle_reload_scenarios(const RequestView& request, Context& context, const std::smatch&) {
  if (auto refused =
          refuse_session_param(request, context, "a session's sets come and go by push and delete"))
    return std::move(*refused);
  return load_reply(context.control.reload(), "Scenarios reloaded.");
}

}  // namespace drivemock::admin
