#include "record/learning.h"

#include <algorithm>
#include <map>

#include "util/json.h"

namespace drivemock::record {
namespace {

/// What the calls to one path sent in one field.
struct FieldSeen {
  size_t calls = 0;  ///< calls that sent it
  std::map<contract::FieldType, size_t> types;
  contract::FieldType first = contract::FieldType::string;  ///< breaks ties
  bool typed = false;                                       ///< some value was not null
};

/// The calls to one path, in first-call order of their fields.
struct PathSeen {
  size_t calls = 0;
  std::vector<std::string> order;
  std::map<std::string, FieldSeen> fields;
};

contract::FieldType most_common(const FieldSeen& seen) {
  contract::FieldType best = seen.first;
  size_t most = seen.types.count(best) ? seen.types.at(best) : 0;
  for (const auto& [type, n] : seen.types) {
    if (n > most) {
      best = type;
      most = n;
    }
  }
  return best;
}

PathSeen seen_at(const std::vector<Capture>& captures, const std::string& path) {
  PathSeen seen;
  for (const auto& c : captures) {
    if (!c.operation.empty() || c.path != path) continue;
    ++seen.calls;
    for (const auto& f : c.fields) {
      auto [it, fresh] = seen.fields.try_emplace(f.name);
      if (fresh) seen.order.push_back(f.name);
      FieldSeen& field = it->second;
      ++field.calls;
      if (!f.type) continue;
      if (!field.typed) field.first = *f.type;
      field.typed = true;
      ++field.types[*f.type];
    }
  }
  return seen;
}

/// The key is `uuid` when every call sent it, as a string.
bool keyed_by_uuid(const PathSeen& seen) {
  auto it = seen.fields.find("uuid");
  if (it == seen.fields.end() || it->second.calls != seen.calls) return false;
  const auto& types = it->second.types;
  return types.size() == 1 && types.count(contract::FieldType::string) &&
         types.at(contract::FieldType::string) == seen.calls;
}

contract::Operation operation_of(const std::string& name, const std::string& path,
                                 const PathSeen& seen) {
  contract::Operation op;
  op.name = name;
  op.path = path;
  op.source = std::string(kLearntSource);
  op.builtin_message = "Success.";
  op.builtin_code = "success";
  for (const auto& field : seen.order) {
    const FieldSeen& f = seen.fields.at(field);
    op.fields.push_back(
        {field, most_common(f),
         f.calls == seen.calls ? contract::Presence::required : contract::Presence::optional});
  }
  op.key = keyed_by_uuid(seen) ? "uuid" : "";
  return op;
}

std::string unique_name(std::string name, const std::vector<std::string>& taken,
                        const std::vector<contract::Operation>& operations) {
  // Never a name of the contract's own, whatever `taken` holds.
  auto used = [&](const std::string& n) {
    return contract::find_by_name(n) || std::find(taken.begin(), taken.end(), n) != taken.end() ||
           std::any_of(operations.begin(), operations.end(),
                       [&](const contract::Operation& op) { return op.name == n; });
  };
  std::string unique = name;
  for (int i = 2; used(unique); ++i) unique = name + "-" + std::to_string(i);
  return unique;
}

/// Names `c` after `op`, moving its key from its fields.
void name_capture(Capture& c, const contract::Operation& op) {
  c.operation = op.name;
  if (!contract::has_key(op)) return;
  auto key = std::find_if(c.fields.begin(), c.fields.end(),
                          [&](const CapturedField& f) { return f.name == op.key; });
  // keyed_by_uuid: every call sent it, as a JSON string (escapes and all).
  auto value = json::parse_untrusted(key->json);
  if (value && value->IsString()) c.key.emplace(value->GetString(), value->GetStringLength());
  c.fields.erase(key);
}

}  // namespace

std::string learnt_name(std::string_view path) {
  std::string name(path.starts_with("/v3/") ? path.substr(4) : path);
  std::replace(name.begin(), name.end(), '/', '-');
  while (name.ends_with('-')) name.pop_back();
  return name.empty() ? "root" : name;
}

void learn_operations(Recording& recording, const std::vector<std::string>& taken) {
  std::vector<std::string> paths;
  for (const auto& c : recording.captures) {
    // record/proxy captures unnamed calls only at paths an operation may have.
    if (c.operation.empty() && std::find(paths.begin(), paths.end(), c.path) == paths.end()) {
      paths.push_back(c.path);
    }
  }
  for (const auto& path : paths) {
    std::string name = unique_name(learnt_name(path), taken, recording.operations);
    contract::Operation op = operation_of(name, path, seen_at(recording.captures, path));
    for (auto& c : recording.captures) {
      if (c.operation.empty() && c.path == path) name_capture(c, op);
    }
    recording.operations.push_back(std::move(op));
    recording.learnt.push_back(name);
  }
}

}  // namespace drivemock::record
