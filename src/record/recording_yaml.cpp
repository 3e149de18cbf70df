#include "record/recording_yaml.h"

#include <rapidjson/document.h>

#include <algorithm>
#include <ctime>
#include <map>
#include <set>

#include "document/scalars.h"
#include "document/tree.h"
#include "document/tree_json.h"
#include "document/yaml_writer.h"
#include "model/outcome.h"
#include "util/json.h"
#include "util/text.h"

namespace drivemock::record {
namespace {

using document::YamlWriter;
using Style = YamlWriter::Style;
using Quote = YamlWriter::Quote;

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

/// A string a plain scalar would not read back as itself: written quoted.
bool needs_quotes(std::string_view s) {
  return document::plain_kind(s) != document::Kind::string;
}

/// True when `body` written as a YAML mapping reads back as the same bytes.
bool survives_as_mapping(std::string_view body, const rapidjson::Document& doc) {
  if (!doc.IsObject()) return false;
  document::YamlWriter trial;
  trial.json(doc, needs_quotes);
  // Read back as the loader reads it.
  Diagnostics unread;
  auto tree = document::read_tree(trial.text(), "trial", unread);
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

/// What an answer is written with.
struct WrittenAnswer {
  int status;
  std::string_view body;
  std::vector<Header> headers;
  int delay_ms = 0;
};

/// One answer as a flow mapping: {http, delay_ms, headers, body or raw}.
void emit_answer(YamlWriter& out, const WrittenAnswer& answer) {
  const int status = answer.status;
  const std::string_view body = answer.body;
  const std::vector<Header>& headers = answer.headers;
  out.begin_map(Style::flow);
  if (status != 200) out.key("http").value(status);
  if (answer.delay_ms > 0) out.key("delay_ms").value(answer.delay_ms);
  if (!headers.empty()) {
    out.key("headers").begin_map(Style::flow);
    for (const auto& h : headers) {
      // Quoted beside Content-Type: "1" stays the text a client reads.
      out.key(h.name).value(h.value, iequals(h.name, "Content-Type") ? Quote::plain : Quote::twice);
    }
    out.end_map();
  }
  auto doc = json::parse_untrusted(body);
  if (doc && survives_as_mapping(body, *doc)) {
    out.key("body").json(*doc, needs_quotes);
  } else if (!body.empty()) {
    out.key("raw").value(body, Quote::single);
  }
  out.end_map();
}

void emit_answer(YamlWriter& out, const Capture& c) {
  emit_answer(out, {c.status, c.body, written_headers(c.content_type, c.headers), c.delay_ms});
}

void emit_respond(YamlWriter& out, const std::vector<const Capture*>& calls) {
  if (calls.size() == 1) {
    emit_answer(out, *calls[0]);
    return;
  }
  out.begin_seq();
  for (const auto* c : calls) emit_answer(out, *c);
  out.end_seq();
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
void emit_when_value(YamlWriter& out, const CapturedField& field) {
  auto value = json::parse_untrusted(field.json);
  if (value) {
    out.json(*value, needs_quotes);
  } else {
    out.null();  // cannot happen: the field was read from a JSON body
  }
}

/// An operation's calls as its script: one answer, a sequence, or rules
/// with `when` where the calls differed in their other fields.
void emit_rules(YamlWriter& out, const std::vector<const Capture*>& calls) {
  auto groups = groups_of(calls);
  if (groups.size() == 1) {
    if (calls.size() == 1) return emit_answer(out, *calls[0]);
    out.begin_map().key("respond");
    emit_respond(out, calls);
    out.end_map();
    return;
  }
  out.begin_seq();
  for (const auto& g : groups) {
    out.begin_map();
    if (!g.fields->empty()) {
      out.key("when").begin_map(Style::flow);
      for (const auto& f : *g.fields) emit_when_value(out.key(f.name), f);
      out.end_map();
    }
    out.key("respond");
    emit_respond(out, g.calls);
    out.end_map();
  }
  out.end_seq();
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
void emit_definition(YamlWriter& out, const contract::Operation& op, const Recording& recording) {
  out.key(op.name).begin_map();
  out.key("path").value(op.path);
  out.key("fields").begin_map(Style::flow);
  for (const auto& f : op.fields) out.key(f.name).value(contract::type_name(f.type));
  out.end_map().key("required").begin_seq(Style::flow);
  for (const auto& f : op.fields) {
    if (f.presence == contract::Presence::required) out.value(f.name);
  }
  out.end_seq();
  if (!contract::has_key(op)) {
    out.key("key").null();
  } else if (op.key != "uuid") {
    out.key("key").value(op.key);
  }
  if (const auto& answer = op.builtin_answer) {
    const std::string* type = find_header(answer->header_list(), "Content-Type");
    emit_answer(out.key("answer"),
                {answer->status, answer->body_text(),
                 written_headers(type ? *type : std::string_view(), answer->header_list())});
  } else if (const Capture* learnt = first_success(recording, op.name);
             learnt && op.source == kLearntSource) {
    // The operation's built-in answer, for keys no call had: its shape, not its time.
    emit_answer(out.key("answer"), {learnt->status, learnt->body,
                                    written_headers(learnt->content_type, learnt->headers)});
  }
  if (op.state_on_success || op.stored_field) {
    out.key("on_success").begin_map(Style::flow);
    if (op.state_on_success) out.key("state").value(*op.state_on_success);
    if (op.stored_field) out.key("store").value(*op.stored_field);
    out.end_map();
  }
  out.end_map();
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
void emit_header(YamlWriter& out, const Recording& recording) {
  out.comment("Recorded by drivemock from " + recording.target + " at " +
              utc(recording.started, "%Y-%m-%d %H:%M:%S UTC") + ": " +
              std::to_string(recording.captures.size()) + " calls. Replay with --scenarios.");
  if (!recording.learnt.empty()) {
    std::string learnt;
    for (const auto& name : recording.learnt) learnt += (learnt.empty() ? "" : ", ") + name;
    out.newline().comment(
        "Operations learnt from the traffic (no operation defined their paths): " + learnt + ".");
  }
  if (size_t skipped = recording.uncaptured_calls()) {
    out.newline().comment(std::to_string(skipped) + " proxied calls could not be recorded:");
    for (const auto& u : recording.uncaptured) {
      out.newline().comment("  " + u.method + " " + u.path + " (" + std::to_string(u.calls) +
                            "x): " + u.why);
    }
    if (recording.uncaptured_unlisted > 0) {
      out.newline().comment("  and " + std::to_string(recording.uncaptured_unlisted) +
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
  YamlWriter out;
  emit_header(out, recording);
  out.begin_map().key("name").value(name);
  if (!recording.operations.empty()) {
    out.key("operations").begin_map();
    for (const auto& op : recording.operations) emit_definition(out, op, recording);
    out.end_map();
  }
  auto order = operation_order(recording);
  Placed placed = place_captures(recording, order);
  if (!placed.defaults.empty()) {
    out.key("defaults").begin_map();
    for (const auto& [op, calls] : placed.defaults) emit_rules(out.key(order[op]), calls);
    out.end_map();
  }
  out.key("directories").begin_map();
  for (const auto& [uuid, operations] : placed.directories) {
    out.key(uuid, Quote::twice).begin_map();
    for (const auto& [op, calls] : operations) emit_rules(out.key(order[op]), calls);
    out.end_map();
  }
  out.end_map().end_map();
  return out.text() + "\n";
}

}  // namespace drivemock::record
