#include "scenario/catalog.h"

#include "contract/operations.h"
#include "util/json.h"

namespace drivemock::scenario {
namespace {

void conflict(Diagnostics& diagnostics, const ScenarioSet& set, const std::string& message) {
  diagnostics.push_back({Severity::error, set.source, 0, 0, message});
}

void add_fallbacks(Catalog& catalog, const Envelope& envelope) {
  for (const auto& op : contract::operations()) {
    catalog.fallbacks[op.name] = {
        std::nullopt, json_reply(200, envelope.success(op.builtin_message, op.builtin_code))};
  }
}

void add_defaults(Catalog& catalog, const ScenarioSet& set,
                  std::map<std::string, std::string>& given_by, Diagnostics& diagnostics) {
  for (const auto& [op, answer] : set.defaults) {
    auto [it, fresh] = given_by.emplace(op, set.source);
    if (!fresh) {
      conflict(diagnostics, set,
               "defaults for " + op + " are given in both " + it->second + " and " + set.source);
      continue;
    }
    catalog.fallbacks[op] = {set.name, answer};
  }
}

void add_directories(Catalog& catalog, const ScenarioSet& set,
                     std::map<std::string, std::string>& given_by, Diagnostics& diagnostics) {
  for (const auto& [uuid, script] : set.directories) {
    auto& entry = catalog.directories[uuid];
    if (entry.initial_state.empty() || script.initial_state) {
      entry.initial_state = script.initial_state.value_or(std::string(contract::kInitialState));
    }
    for (const auto& [op, rules] : script.operations) {
      auto [it, fresh] = given_by.emplace(uuid + " " + op, set.source);
      if (!fresh) {
        conflict(diagnostics, set,
                 "directory '" + uuid + "' operation " + op + " is scripted in both " + it->second +
                     " and " + set.source);
        continue;
      }
      entry.operations[op] = {set.name, rules};
    }
  }
}

}  // namespace

const DirectoryEntry* Catalog::find(const std::string& uuid) const {
  auto it = directories.find(uuid);
  return it == directories.end() ? nullptr : &it->second;
}

std::shared_ptr<const Catalog> empty_catalog(const Envelope& envelope) {
  return *build_catalog({}, envelope);
}

Checked<std::shared_ptr<const Catalog>> build_catalog(const std::vector<ScenarioSet>& sets,
                                                      const Envelope& envelope) {
  Diagnostics diagnostics;
  auto catalog = std::make_shared<Catalog>();
  catalog->reject_answer = error_reply(envelope, 200, "Folder not found.", "folder_not_found");
  add_fallbacks(*catalog, envelope);
  std::map<std::string, std::string> names, defaults, scripts;
  for (const auto& set : sets) {
    auto [it, fresh] = names.emplace(set.name, set.source);
    if (!fresh) {
      conflict(diagnostics, set,
               "scenario set name '" + set.name + "' is used by both " + it->second + " and " +
                   set.source);
    }
    if (set.unknown_uuids == UnknownUuids::reject) catalog->unknown_uuids = UnknownUuids::reject;
    add_defaults(*catalog, set, defaults, diagnostics);
    add_directories(*catalog, set, scripts, diagnostics);
  }
  if (!diagnostics.empty()) return {std::nullopt, std::move(diagnostics)};
  return {std::shared_ptr<const Catalog>(std::move(catalog)), std::move(diagnostics)};
}

}  // namespace drivemock::scenario
