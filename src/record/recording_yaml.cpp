#include "record/recording_yaml.h"

#include <rapidjson/document.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <ctime>
#include <map>
#include <set>

#include "document/tree.h"
#include "document/tree_json.h"
#include "interchange/yaml_json.h"
#include "model/outcome.h"
#include "util/json.h"
#include "util/text.h"

namespace drivemock::record {
namespace {

/// Calls of one uuid (or of any) and operation that sent the same other fields.
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
    if (!interchange::plain_scalar_stays_string(s)) out << YAML::DoubleQuoted;
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
bool survives_as_mapping(std::string_view body, const rapidjson::Document& doc) {
  if (!doc.IsObject()) return false;
  YAML::Emitter trial;
  emit_json(trial, doc);
  // Read back as the loader reads it.
  Diagnostics unread;
  auto tree = document::read_tree(trial.c_str(), "trial", unread);
  return tree && document::to_json(tree->root()) == body;
}

/// The headers an answer is written with: a Content-Type that is not JSON's
/// (which is the default), then `others`.
std::vector<Header> written_headers(std::string_view content_type,
                                    const std::vector<Header>& others) {
  std::vector<Header> out;
  if (!content_type.empty() && content_type != "application/json") {
    out.push_back({"Content-Type", std::string(content_type)});
  }
  for (const auto& h : others) {
    if (!iequals(h.name, "Content-Type")) out.push_back(h);
  }
  return out;
}

/// One answer as a flow mapping: {http, headers, body or raw}.
void emit_answer(YAML::Emitter& out, int status, std::string_view body,
                 const std::vector<Header>& headers) {
  out << YAML::Flow << YAML::BeginMap;
  if (status != 200) out << YAML::Key << "http" << YAML::Value << status;
  if (!headers.empty()) {
    out << YAML::Key << "headers" << YAML::Value << YAML::Flow << YAML::BeginMap;
    for (const auto& h : headers) {
      out << YAML::Key << h.name << YAML::Value;
      // Quoted beside Content-Type: "1" stays the text a client reads.
      if (!iequals(h.name, "Content-Type")) out << YAML::DoubleQuoted;
      out << h.value;
    }
    out << YAML::EndMap;
  }
  auto doc = json::parse_untrusted(body);
  if (doc && survives_as_mapping(body, *doc)) {
    out << YAML::Key << "body" << YAML::Value;
    emit_json(out, *doc);
  } else if (!body.empty()) {
    out << YAML::Key << "raw" << YAML::Value << YAML::SingleQuoted << std::string(body);
  }
  out << YAML::EndMap;
}

void emit_answer(YAML::Emitter& out, const Capture& c) {
  emit_answer(out, c.status, c.body, written_headers(c.content_type, c.headers));
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

/// A `when` value: the field's JSON value as YAML (a string plain or quoted,
/// an object a flow mapping), so that it reads back as the same JSON.
void emit_when_value(YAML::Emitter& out, const CapturedField& field) {
  auto value = json::parse_untrusted(field.json);
  if (value) {
    emit_json(out, *value);
  } else {
    out << YAML::Null;  // cannot happen: the field was read from a JSON body
  }
}

/// An operation's calls as its script: one answer, a sequence, or rules
/// with `when` where the calls differed in their other fields.
void emit_rules(YAML::Emitter& out, const std::vector<const Capture*>& calls) {
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
    out << YAML::BeginMap;
    if (!g.fields->empty()) {
      out << YAML::Key << "when" << YAML::Value << YAML::Flow << YAML::BeginMap;
      for (const auto& f : *g.fields) {
        out << YAML::Key << f.name << YAML::Value;
        emit_when_value(out, f);
      }
      out << YAML::EndMap;
    }
    out << YAML::Key << "respond" << YAML::Value;
    emit_respond(out, g.calls);
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
}

/// Operation names in the order the file writes them: the contract's, then
/// the recording's own in first-use order.
std::vector<std::string> operation_order(const Recording& recording) {
  std::vector<std::string> names;
  for (const auto& op : contract::operations()) names.push_back(op.name);
  for (const auto& op : recording.operations) names.push_back(op.name);
  return names;
}

size_t place_of(const std::vector<std::string>& order, const std::string& name) {
  return static_cast<size_t>(std::find(order.begin(), order.end(), name) - order.begin());
}

/// uuid → operation's place → calls in order: what `directories:` holds.
using ByUuid = std::map<std::string, std::map<size_t, std::vector<const Capture*>>>;
/// operation's place → calls in order: what `defaults:` holds.
using ByOperation = std::map<size_t, std::vector<const Capture*>>;

struct Placed {
  ByUuid directories;
  ByOperation defaults;
};

Placed place_captures(const Recording& recording, const std::vector<std::string>& order) {
  Placed placed;
  std::set<std::string> any_key;
  for (const auto& name : order) {
    if (replayed_for_any_key(recording, name)) any_key.insert(name);
  }
  for (const auto& c : recording.captures) {
    size_t op = place_of(order, c.operation);
    if (op == order.size()) continue;  // unnamed: learning was not run
    if (any_key.count(c.operation) || !c.key) {
      placed.defaults[op].push_back(&c);
    } else {
      placed.directories[*c.key][op].push_back(&c);
    }
  }
  return placed;
}

/// The first answer of `operation` that succeeded as the clients read it
/// (model/outcome.h: the service answers its errors with HTTP 200).
const Capture* first_success(const Recording& recording, const std::string& operation) {
  for (const auto& c : recording.captures) {
    if (c.operation == operation && succeeded(c.status, Fault::none, c.body)) return &c;
  }
  return nullptr;
}

/// An operation's definition, built-in answer included: an added one's own,
/// a learnt one's first success.
void emit_definition(YAML::Emitter& out, const contract::Operation& op,
                     const Recording& recording) {
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
  if (!contract::has_key(op)) {
    out << YAML::Key << "key" << YAML::Value << YAML::Null;
  } else if (op.key != "uuid") {
    out << YAML::Key << "key" << YAML::Value << op.key;
  }
  if (const auto& answer = op.builtin_answer) {
    const std::string* type = find_header(answer->header_list(), "Content-Type");
    out << YAML::Key << "answer" << YAML::Value;
    emit_answer(out, answer->status, answer->body_text(),
                written_headers(type ? *type : std::string_view(), answer->header_list()));
  } else if (const Capture* learnt = first_success(recording, op.name);
             learnt && op.source == kLearntSource) {
    out << YAML::Key << "answer" << YAML::Value;
    emit_answer(out, *learnt);
  }
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

/// The header: where from, when, how many calls; what was learnt; what was
/// proxied but could not be recorded.
void emit_header(YAML::Emitter& out, const Recording& recording) {
  out << YAML::Comment("Recorded by drivemock from " + recording.target + " at " +
                       utc(recording.started, "%Y-%m-%d %H:%M:%S UTC") + ": " +
                       std::to_string(recording.captures.size()) +
                       " calls. Replay with --scenarios.");
  if (!recording.learnt.empty()) {
    std::string learnt;
    for (const auto& name : recording.learnt) learnt += (learnt.empty() ? "" : ", ") + name;
    out << YAML::Newline
        << YAML::Comment("Operations learnt from the traffic (no operation defined their paths): " +
                         learnt + ".");
  }
  if (size_t skipped = recording.uncaptured_calls()) {
    out << YAML::Newline
        << YAML::Comment(std::to_string(skipped) + " proxied calls could not be recorded:");
    for (const auto& u : recording.uncaptured) {
      out << YAML::Newline
          << YAML::Comment("  " + u.method + " " + u.path + " (" + std::to_string(u.calls) +
                           "x): " + u.why);
    }
    if (recording.uncaptured_unlisted > 0) {
      out << YAML::Newline
          << YAML::Comment("  and " + std::to_string(recording.uncaptured_unlisted) +
                           " more of other kinds");
    }
  }
}

}  // namespace

bool replayed_for_any_key(const Recording& recording, const std::string& operation) {
  if (contract::find_by_name(operation)) return false;  // the contract's own: directories
  std::set<std::string> keys;
  for (const auto& c : recording.captures) {
    if (c.operation != operation) continue;
    if (!c.key) return true;  // names no entity
    keys.insert(*c.key);
  }
  return std::none_of(recording.captures.begin(), recording.captures.end(), [&](const Capture& c) {
    return c.operation != operation && c.key && keys.count(*c.key);
  });
}

std::string recording_name(std::chrono::system_clock::time_point time) {
  return "recording-" + utc(time, "%Y%m%dT%H%M%SZ");
}

std::string recording_yaml(const Recording& recording, const std::string& name) {
  YAML::Emitter out;
  emit_header(out, recording);
  out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << name;
  if (!recording.operations.empty()) {
    out << YAML::Key << "operations" << YAML::Value << YAML::BeginMap;
    for (const auto& op : recording.operations) emit_definition(out, op, recording);
    out << YAML::EndMap;
  }
  auto order = operation_order(recording);
  Placed placed = place_captures(recording, order);
  if (!placed.defaults.empty()) {
    out << YAML::Key << "defaults" << YAML::Value << YAML::BeginMap;
    for (const auto& [op, calls] : placed.defaults) {
      out << YAML::Key << order[op] << YAML::Value;
      emit_rules(out, calls);
    }
    out << YAML::EndMap;
  }
  out << YAML::Key << "directories" << YAML::Value << YAML::BeginMap;
  for (const auto& [uuid, operations] : placed.directories) {
    out << YAML::Key << YAML::DoubleQuoted << uuid << YAML::Value << YAML::BeginMap;
    for (const auto& [op, calls] : operations) {
      out << YAML::Key << order[op] << YAML::Value;
      emit_rules(out, calls);
    }
    out << YAML::EndMap;
  }
  out << YAML::EndMap << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

}  // namespace drivemock::record
