#include "record/recording_yaml.h"

#include <rapidjson/document.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <ctime>
#include <map>

#include "contract/operations.h"
#include "scenario/yaml_json.h"
#include "util/json.h"

namespace drivemock::record {
namespace {

/// Calls of one uuid and operation that sent the same other fields.
struct Group {
  const std::vector<CapturedField>* fields;
  std::vector<const Capture*> calls;
};

std::string group_key(const Capture& c) {
  std::string key;
  for (const auto& f : c.fields) key.append(f.name).append("=").append(f.json).append("\n");
  return key;
}

void emit_json(YAML::Emitter& out, const rapidjson::Value& v) {
  if (v.IsObject()) {
    out << YAML::Flow << YAML::BeginMap;
    for (const auto& m : v.GetObject()) {
      out << YAML::Key << m.name.GetString() << YAML::Value;
      emit_json(out, m.value);
    }
    out << YAML::EndMap;
  } else if (v.IsArray()) {
    out << YAML::Flow << YAML::BeginSeq;
    for (const auto& item : v.GetArray()) emit_json(out, item);
    out << YAML::EndSeq;
  } else if (v.IsString()) {
    std::string s(v.GetString(), v.GetStringLength());
    if (!scenario::plain_scalar_stays_string(s)) out << YAML::DoubleQuoted;
    out << s;
  } else if (v.IsBool()) {
    out << (v.GetBool() ? "true" : "false");
  } else if (v.IsNull()) {
    out << YAML::Null;
  } else if (v.IsInt64()) {
    out << v.GetInt64();
  } else if (v.IsUint64()) {
    out << v.GetUint64();
  } else {
    out << v.GetDouble();
  }
}

/// True when `body` written as a YAML mapping reads back as the same bytes.
bool survives_as_mapping(const std::string& body, const rapidjson::Document& doc) {
  if (!doc.IsObject()) return false;
  try {
    YAML::Emitter trial;
    emit_json(trial, doc);
    return scenario::yaml_to_json(YAML::Load(trial.c_str())) == body;
  } catch (const YAML::Exception&) {
    return false;
  }
}

void emit_answer(YAML::Emitter& out, const Capture& c) {
  out << YAML::Flow << YAML::BeginMap;
  if (c.status != 200) out << YAML::Key << "http" << YAML::Value << c.status;
  if (!c.content_type.empty() && c.content_type != "application/json") {
    out << YAML::Key << "headers" << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key
        << "Content-Type" << YAML::Value << c.content_type << YAML::EndMap;
  }
  auto doc = json::parse_untrusted(c.body);
  if (doc && survives_as_mapping(c.body, *doc)) {
    out << YAML::Key << "body" << YAML::Value;
    emit_json(out, *doc);
  } else if (!c.body.empty()) {
    out << YAML::Key << "raw" << YAML::Value << YAML::SingleQuoted << c.body;
  }
  out << YAML::EndMap;
}

void emit_respond(YAML::Emitter& out, const std::vector<const Capture*>& calls) {
  if (calls.size() == 1) {
    emit_answer(out, *calls[0]);
    return;
  }
  out << YAML::Block << YAML::BeginSeq;
  for (const auto* c : calls) emit_answer(out, *c);
  out << YAML::EndSeq;
}

std::vector<Group> groups_of(const std::vector<const Capture*>& calls) {
  std::vector<Group> groups;
  std::map<std::string, size_t> index;
  for (const auto* c : calls) {
    auto [it, fresh] = index.emplace(group_key(*c), groups.size());
    if (fresh) groups.push_back({&c->fields, {}});
    groups[it->second].calls.push_back(c);
  }
  // A rule with fewer conditions matches more calls: it goes after the others.
  std::stable_sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) {
    return a.fields->size() > b.fields->size();
  });
  return groups;
}

void emit_operation(YAML::Emitter& out, const std::vector<const Capture*>& calls) {
  auto groups = groups_of(calls);
  if (groups.size() == 1) {
    if (calls.size() == 1) return emit_answer(out, *calls[0]);
    out << YAML::BeginMap << YAML::Key << "respond" << YAML::Value;
    emit_respond(out, calls);
    out << YAML::EndMap;
    return;
  }
  out << YAML::BeginSeq;
  for (const auto& g : groups) {
    out << YAML::BeginMap << YAML::Key << "when" << YAML::Value << YAML::Flow << YAML::BeginMap;
    for (const auto& f : *g.fields) out << YAML::Key << f.name << YAML::Value << f.text;
    out << YAML::EndMap << YAML::Key << "respond" << YAML::Value;
    emit_respond(out, g.calls);
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
}

/// uuid → operation → calls in order; uuids sorted, operations in contract
/// order, then the added ones in first-use order.
using Index = std::map<std::string, std::map<size_t, std::vector<const Capture*>>>;

std::vector<std::string> operation_order(const Recording& recording) {
  std::vector<std::string> names;
  for (const auto& op : contract::operations()) names.push_back(op.name);
  for (const auto& op : recording.operations) names.push_back(op.name);
  return names;
}

Index index_captures(const std::vector<Capture>& captures, const std::vector<std::string>& order) {
  Index index;
  for (const auto& c : captures) {
    auto op = std::find(order.begin(), order.end(), c.operation);
    if (op != order.end()) index[c.uuid][static_cast<size_t>(op - order.begin())].push_back(&c);
  }
  return index;
}

/// An added operation's definition, without its answer: the calls say what it answered.
void emit_definition(YAML::Emitter& out, const contract::Operation& op) {
  out << YAML::Key << op.name << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "path" << YAML::Value << op.path;
  out << YAML::Key << "fields" << YAML::Value << YAML::Flow << YAML::BeginMap;
  for (const auto& f : op.fields)
    out << YAML::Key << f.name << YAML::Value << contract::type_name(f.type);
  out << YAML::EndMap << YAML::Key << "required" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const auto& f : op.fields) {
    if (f.presence == contract::Presence::required) out << f.name;
  }
  out << YAML::EndSeq;
  if (op.key != "uuid") out << YAML::Key << "key" << YAML::Value << op.key;
  if (op.state_on_success || op.stored_field) {
    out << YAML::Key << "on_success" << YAML::Value << YAML::Flow << YAML::BeginMap;
    if (op.state_on_success) out << YAML::Key << "state" << YAML::Value << *op.state_on_success;
    if (op.stored_field) out << YAML::Key << "store" << YAML::Value << *op.stored_field;
    out << YAML::EndMap;
  }
  out << YAML::EndMap;
}

std::string utc(std::chrono::system_clock::time_point time, const char* format) {
  std::time_t seconds = std::chrono::system_clock::to_time_t(time);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, format, &tm);
  return buffer;
}

}  // namespace

std::string recording_name(std::chrono::system_clock::time_point time) {
  return "recording-" + utc(time, "%Y%m%dT%H%M%SZ");
}

std::string recording_yaml(const Recording& recording, const std::string& name) {
  YAML::Emitter out;
  out << YAML::Comment("Recorded by drivemock from " + recording.target + " at " +
                       utc(recording.started, "%Y-%m-%d %H:%M:%S UTC") + ": " +
                       std::to_string(recording.captures.size()) +
                       " calls. Replay with --scenarios.");
  out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << name;
  if (!recording.operations.empty()) {
    out << YAML::Key << "operations" << YAML::Value << YAML::BeginMap;
    for (const auto& op : recording.operations) emit_definition(out, op);
    out << YAML::EndMap;
  }
  auto order = operation_order(recording);
  out << YAML::Key << "directories" << YAML::Value << YAML::BeginMap;
  for (const auto& [uuid, operations] : index_captures(recording.captures, order)) {
    out << YAML::Key << YAML::DoubleQuoted << uuid << YAML::Value << YAML::BeginMap;
    for (const auto& [op, calls] : operations) {
      out << YAML::Key << order[op] << YAML::Value;
      emit_operation(out, calls);
    }
    out << YAML::EndMap;
  }
  out << YAML::EndMap << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

}  // namespace drivemock::record
