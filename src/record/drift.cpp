#include "record/drift.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <utility>

#include "util/json.h"

namespace drivemock::record {
namespace {

/// "a boolean", "an object": for sentences.
std::string a_type(std::string_view type) {
  bool vowel = !type.empty() && std::string_view("aeiou").find(type[0]) != std::string_view::npos;
  return std::string(vowel ? "an " : "a ") + std::string(type);
}

/// A value as the finding quotes it: JSON, cut short.
std::string quoted(const rapidjson::Value& value) {
  std::string text = json::to_string(value);
  return text.size() > 40 ? text.substr(0, 37) + "..." : text;
}

/// "200 ×12, 503 ×1"
template <typename Key>
std::string tally(const std::map<Key, size_t>& counts) {
  std::string text;
  for (const auto& [key, n] : counts) {
    std::ostringstream one;
    one << key << " x" << n;
    text += (text.empty() ? "" : ", ") + one.str();
  }
  return text;
}

std::optional<rapidjson::Document> object_of(const ScriptedAnswer& answer) {
  if (!answer.json) return std::nullopt;
  auto doc = json::parse_untrusted(*answer.json);
  if (!doc || !doc->IsObject()) return std::nullopt;
  return std::move(doc).value();
}

class Checker {
 public:
  Checker(const ServiceProfiles& service, std::vector<DriftFinding>& out)
      : service_(service), out_(out) {}

  void check(const ScriptedAnswer& a) {
    auto it = service_.find(a.operation);
    if (it == service_.end()) {
      if (unrecorded_.insert(a.operation).second) {
        add(a, {.level = DriftLevel::note,
                .kind = "not_recorded",
                .message = "the recording has no answers of " + a.operation +
                           ": its answers are not checked"});
      }
      return;
    }
    const ServiceProfile& p = it->second;
    check_status(a, p);
    auto body = object_of(a);
    if (!body) return;
    check_types(a, *body, p);
    check_missing(a, *body, p);
    check_code(a, *body, p);
  }

 private:
  void check_status(const ScriptedAnswer& a, const ServiceProfile& p) {
    if (p.statuses.count(a.status)) return;
    // A recording seldom catches the service failing: a scripted 5xx is a
    // fault drivemock is there to simulate, worth a note only.
    DriftLevel level = a.status >= 500 ? DriftLevel::note : DriftLevel::error;
    add(a, {.level = level,
            .kind = "status_unseen",
            .scenario = "HTTP " + std::to_string(a.status),
            .service = tally(p.statuses),
            .of = p.answers,
            .message = "answers HTTP " + std::to_string(a.status) +
                       ", which the service never gave for " + a.operation + " (it gave " +
                       tally(p.statuses) + ")"});
  }

  void check_types(const ScriptedAnswer& a, const rapidjson::Document& body,
                   const ServiceProfile& p) {
    for (const auto& member : body.GetObject()) {
      std::string name(member.name.GetString(), member.name.GetStringLength());
      auto seen = p.field_types.find(name);
      std::string type = json::type_name(member.value);
      if (seen == p.field_types.end() || seen->second.count(type)) continue;
      auto most =
          std::max_element(seen->second.begin(), seen->second.end(),
                           [](const auto& x, const auto& y) { return x.second < y.second; });
      size_t sent = 0;
      for (const auto& [t, n] : seen->second) sent += n;
      std::string says = name + " " + quoted(member.value) + " (" + a_type(type) + ")";
      add(a, {.kind = "type_differs",
              .scenario = says,
              .service = a_type(most->first),
              .count = most->second,
              .of = sent,
              .message = "answers " + says + " where the service's " + a.operation +
                         " answers have " + name + " " + a_type(most->first) + " (" +
                         std::to_string(most->second) + " of " + std::to_string(sent) + ")"});
    }
  }

  void check_missing(const ScriptedAnswer& a, const rapidjson::Document& body,
                     const ServiceProfile& p) {
    auto objects = p.objects_by_status.find(a.status);
    if (objects == p.objects_by_status.end() || objects->second == 0) return;
    for (const auto& [field, n] : p.fields_by_status.at(a.status)) {
      if (n != objects->second || body.HasMember(field.c_str())) continue;
      add(a, {.kind = "field_missing",
              .scenario = "no " + field,
              .service = field,
              .count = n,
              .of = objects->second,
              .message = "lacks " + field + ", which the service sent in every " + a.operation +
                         " answer with HTTP " + std::to_string(a.status) + " (" +
                         std::to_string(n) + " of " + std::to_string(objects->second) + ")"});
    }
  }

  void check_code(const ScriptedAnswer& a, const rapidjson::Document& body,
                  const ServiceProfile& p) {
    auto code = body.FindMember("code");
    if (code == body.MemberEnd() || !code->value.IsString() || p.codes.empty()) return;
    std::string value(code->value.GetString(), code->value.GetStringLength());
    if (p.codes.count(value)) return;
    add(a,
        {.level = DriftLevel::note,
         .kind = "code_unseen",
         .scenario = "code " + quoted(code->value),
         .service = tally(p.codes),
         .of = p.answers,
         .message = "answers code " + quoted(code->value) + ", which the service never sent for " +
                    a.operation + " (it sent " + tally(p.codes) + ")"});
  }

  /// `finding` at the scripted answer's position.
  void add(const ScriptedAnswer& a, DriftFinding finding) {
    finding.file = a.file;
    finding.line = a.line;
    finding.column = a.column;
    finding.operation = a.operation;
    out_.push_back(std::move(finding));
  }

  const ServiceProfiles& service_;
  std::vector<DriftFinding>& out_;
  std::set<std::string> unrecorded_;
};

}  // namespace

const char* level_name(DriftLevel level) {
  switch (level) {
    case DriftLevel::error: return "error";
    case DriftLevel::note: return "note";
  }
  return "error";
}

ServiceProfiles profile_service(const std::vector<ScriptedAnswer>& recorded) {
  ServiceProfiles profiles;
  for (const auto& a : recorded) {
    ServiceProfile& p = profiles[a.operation];
    ++p.answers;
    ++p.statuses[a.status];
    auto body = object_of(a);
    if (!body) continue;
    ++p.json_objects;
    ++p.objects_by_status[a.status];
    auto& present = p.fields_by_status[a.status];
    for (const auto& member : std::as_const(*body).GetObject()) {  // const: see server_handlers
      std::string name(member.name.GetString(), member.name.GetStringLength());
      ++p.field_types[name][json::type_name(member.value)];
      ++present[name];
      if (name == "code" && member.value.IsString()) {
        ++p.codes[std::string(member.value.GetString(), member.value.GetStringLength())];
      }
    }
  }
  return profiles;
}

std::vector<DriftFinding> check_drift(const std::vector<ScriptedAnswer>& scripted,
                                      const ServiceProfiles& service) {
  std::vector<DriftFinding> findings;
  Checker checker(service, findings);
  for (const auto& a : scripted) checker.check(a);
  return findings;
}

namespace {

std::string position_of(const DriftFinding& f) {
  return f.file + ":" + std::to_string(f.line) + ":" + std::to_string(f.column);
}

}  // namespace

std::vector<DriftGroup> group_findings(const std::vector<DriftFinding>& findings) {
  std::vector<DriftGroup> groups;
  std::map<std::string, size_t> index;  // level, kind, operation, message → group
  for (const auto& f : findings) {
    std::string key =
        std::string(level_name(f.level)) + '\n' + f.kind + '\n' + f.operation + '\n' + f.message;
    auto [it, added] = index.try_emplace(std::move(key), groups.size());
    if (added) groups.push_back({&f, {}});
    groups[it->second].more.push_back(&f);
  }
  for (auto& g : groups) g.more.erase(g.more.begin());  // the first is `first`
  return groups;
}

std::string drift_text(const std::vector<DriftFinding>& findings) {
  return drift_text(group_findings(findings));
}

std::string drift_text(const std::vector<DriftGroup>& groups) {
  constexpr size_t kPositionsShown = 3;
  std::string text;
  for (const auto& g : groups) {
    const DriftFinding& f = *g.first;
    text += position_of(f) + ": " + level_name(f.level) + ": " + f.operation + " " + f.message +
            " [" + f.kind + "]";
    if (!g.more.empty()) {
      text += " (" + std::to_string(g.more.size() + 1) + " answers alike; also at ";
      for (size_t i = 0; i < g.more.size() && i < kPositionsShown; ++i) {
        text += (i ? ", " : "") + position_of(*g.more[i]);
      }
      if (g.more.size() > kPositionsShown) {
        text += " and " + std::to_string(g.more.size() - kPositionsShown) + " more";
      }
      text += ")";
    }
    text += '\n';
  }
  return text;
}

std::string drift_json(const std::vector<DriftFinding>& findings) {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  size_t counts[2] = {0, 0};
  w.StartObject();
  json::write_array(w, "findings", findings, [&](const auto& f) {
    ++counts[static_cast<int>(f.level)];
    w.StartObject();
    json::write_member(w, "level", level_name(f.level));
    json::write_member(w, "kind", f.kind);
    json::write_position(w, f.file, f.line, f.column);
    json::write_member(w, "operation", f.operation);
    json::write_member(w, "scenario", f.scenario);
    json::write_member(w, "service", f.service);
    json::write_count(w, "count", f.count);
    json::write_count(w, "of", f.of);
    json::write_member(w, "message", f.message);
    w.EndObject();
  });
  const char* names[2] = {"errors", "notes"};
  for (int i = 0; i < 2; ++i) json::write_count(w, names[i], counts[i]);
  w.EndObject();
  return {buffer.GetString(), buffer.GetSize()};
}

Checked<std::vector<DriftFinding>> check_drift(std::string_view recording_text,
                                               const std::string& recording_file,
                                               const std::vector<ScenarioText>& scenarios) {
  Checked<std::vector<DriftFinding>> result;
  auto recorded = scripted_answers(recording_text, recording_file, Definitions::skip);
  append(result.diagnostics, recorded.diagnostics);
  // A file with no answers in it (a config, a YAML of something else) would
  // compare nothing and pass: a drift gate pointed at the wrong file.
  if (recorded && recorded->empty() && !has_errors(recorded.diagnostics)) {
    result.diagnostics.push_back(
        {Severity::error, recording_file, 1, 1,
         "is no recording: it holds no answers of the service; expected a file drivemock "
         "recorded (--record-to, or POST /__admin/recordings/stop), a scenario set whose "
         "directories: or defaults: give the service's answers"});
  }
  std::vector<ScriptedAnswer> scripted;
  for (const auto& scenario : scenarios) {
    auto answers = scripted_answers(scenario.text, scenario.file, Definitions::read);
    append(result.diagnostics, answers.diagnostics);
    if (answers) scripted.insert(scripted.end(), answers->begin(), answers->end());
  }
  if (has_errors(result.diagnostics)) return result;
  result.value = check_drift(scripted, profile_service(*recorded));
  return result;
}

bool has_drift_errors(const std::vector<DriftFinding>& findings) {
  return std::any_of(findings.begin(), findings.end(),
                     [](const DriftFinding& f) { return f.level == DriftLevel::error; });
}

}  // namespace drivemock::record
