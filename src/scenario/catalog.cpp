#include "scenario/catalog.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <unordered_map>
#include <utility>

#include "contract/operations.h"
#include "model/outcome.h"
#include "scenario/dialect_sets.h"
#include "util/json.h"

namespace drivemock::scenario {
namespace {

void conflict(Diagnostics& diagnostics, const ScenarioSet& set, const std::string& message) {
  diagnostics.push_back({Severity::error, set.source, 0, 0, message});
}

/// Where a script starts: its set's file and its first rule's line and column.
std::string written_at(const ScriptedOperation& scripted) {
  const Rule* first = scripted.rules->empty() ? nullptr : &scripted.rules->front();
  if (!first || first->line == 0) return scripted.set->source;
  return scripted.set->source + ":" + std::to_string(first->line) + ":" +
         std::to_string(first->column);
}

/// Two files script one key (`what`, with its verb): an error at the later, naming both places and
/// the ways out (the grammar has no override between files; a push has).
void conflict_between_files(Diagnostics& diagnostics, const ScriptedOperation& earlier,
                            const ScriptedOperation& later, const std::string& what) {
  const Rule* first = later.rules->empty() ? nullptr : &later.rules->front();
  diagnostics.push_back(
      {Severity::error, later.set->source, first ? first->line : 0, first ? first->column : 0,
       what + " scripted in both " + written_at(earlier) + " and " + written_at(later) +
           "; expected one script of it in all the files served: remove it from one of them, "
           "or, to answer otherwise for one test, push a set in that test's session (a push "
           "shadows a file's script)"});
}

std::string defined_at(const contract::Operation& op) {
  return op.source + ":" + std::to_string(op.line) + ":" + std::to_string(op.column);
}

/// True when two definitions' answers do not contradict each other: at most
/// one gives an answer, or both give the same (status, headers, body).
bool answers_agree(const contract::Operation& a, const contract::Operation& b) {
  if (!a.builtin_answer || !b.builtin_answer) return true;
  const Reply& x = *a.builtin_answer;
  const Reply& y = *b.builtin_answer;
  auto headers = [](const Reply& r) {
    std::vector<std::pair<std::string, std::string>> list;
    for (const auto& h : r.header_list()) list.emplace_back(h.name, h.value);
    return list;
  };
  return x.status == y.status && x.body_text() == y.body_text() && headers(x) == headers(y);
}

/// The merged operations with their positions by name and by path: a scan
/// per operation would be quadratic in a set of 10,000 (an OpenAPI
/// document, a pact).
class OperationIndex {
 public:
  explicit OperationIndex(std::vector<contract::Operation>& list) : list_(list) {
    for (size_t i = 0; i < list.size(); ++i) {
      by_name_.emplace(list[i].name, i);
      by_path_.emplace(list[i].path, i);
    }
  }
  /// The first operation `op` has a name or a path in common with.
  std::optional<size_t> clash(const contract::Operation& op) const {
    auto named = by_name_.find(op.name);
    auto pathed = by_path_.find(op.path);
    std::optional<size_t> at;
    if (named != by_name_.end()) at = named->second;
    if (pathed != by_path_.end()) at = std::min(at.value_or(pathed->second), pathed->second);
    return at;
  }
  void add(const contract::Operation& op) {
    by_name_.emplace(op.name, list_.size());
    by_path_.emplace(op.path, list_.size());
    list_.push_back(op);
  }
  /// `op` in place of the one at `at`, of the same name.
  void replace(size_t at, const contract::Operation& op) {
    by_path_.erase(list_[at].path);
    list_[at] = op;
    by_path_.emplace(op.path, at);
  }

 private:
  std::vector<contract::Operation>& list_;
  std::unordered_map<std::string, size_t> by_name_, by_path_;
};

/// `start` (the built-in operations, or a base catalog's) and every set's
/// added ones. One operation may be
/// defined in several files (a recording repeats the definitions it used,
/// answer and all) when the definitions and their answers agree, and a file's
/// definition of a dialect's operation replaces it; any other second
/// definition of a name or path is an error at it.
std::shared_ptr<const contract::OperationSet> merge_operations(const contract::OperationSet& start,
                                                               const std::vector<SharedSet>& sets,
                                                               Diagnostics& diagnostics) {
  auto merged = std::make_shared<contract::OperationSet>(start);
  OperationIndex index(merged->list);
  for (const auto& set : sets) {
    for (const auto& op : set->operations) {
      std::optional<size_t> at = index.clash(op);
      contract::Operation* clash = at ? &merged->list[*at] : nullptr;
      if (!clash) {
        index.add(op);
      } else if (from_dialect(*clash) && clash->name == op.name) {
        index.replace(*at, op);
      } else if (contract::is_added(*clash) && contract::same_request(*clash, op) &&
                 answers_agree(*clash, op)) {
        if (op.builtin_answer) clash->builtin_answer = op.builtin_answer;  // a repeat
      } else {
        diagnostics.push_back(
            {Severity::error, op.source, op.line, op.column,
             "operation '" + op.name + "' (" + op.path + ") clashes with " + clash->name + " (" +
                 clash->path + ") defined at " + defined_at(*clash) +
                 "; expected a name and a path of its own, or the same definition with the same "
                 "answer or none"});
      }
    }
  }
  return merged;
}

/// The answer when no scenario says: an added operation's own, else a success
/// envelope with its message and code.
Reply builtin_answer(const contract::Operation& op, const Envelope& envelope) {
  Reply answer = op.builtin_answer
                     ? *op.builtin_answer
                     : json_reply(200, envelope.success(op.builtin_message, op.builtin_code));
  read_envelope(answer);
  return answer;
}

void add_builtin_answers(Catalog& catalog, const Envelope& envelope) {
  for (const auto& op : catalog.operations->list) {
    catalog.builtin[op.name] = builtin_answer(op, envelope);
  }
}

/// Scripts and defaults may only name operations in force: a set that uses
/// another set's operation loses it when that set goes.
void check_operations_named(const Catalog& catalog, const ScenarioSet& set,
                            Diagnostics& diagnostics) {
  auto check = [&](const std::string& op, const std::string& where) {
    if (!catalog.operations->by_name(op)) {
      conflict(
          diagnostics, set,
          where + " scripts operation '" + op +
              "', which no set in force defines; expected one of: " + catalog.operations->names());
    }
  };
  for (const auto& [op, rules] : set.defaults) check(op, "defaults");
  for (const auto& [uuid, script] : set.directories) {
    for (const auto& [op, rules] : script.operations) check(op, "directory '" + uuid + "'");
  }
}

/// What a script is for: an operation of a uuid, or of no uuid (defaults).
struct ScriptKey {
  const std::string& uuid;
  const std::string& op;
};

/// A second script of one key is an error between files; a push's hides the
/// earlier one, noted as a shadow, and any set's quietly hides the
/// dialect's. Either way `scripted` becomes the new.
bool take_second(Catalog& catalog, ScriptedOperation& scripted, ScriptedOperation second,
                 ScriptKey key) {
  const ScenarioSet& earlier = *scripted.set;
  const ScenarioSet& later = *second.set;
  if (earlier.layer != Layer::dialect) {
    if (later.layer != Layer::pushed) return false;
    catalog.shadows.push_back({&later, &earlier, key.uuid, key.op});
  }
  scripted = second;
  return true;
}

void add_defaults(Catalog& catalog, const ScenarioSet& set, Diagnostics& diagnostics) {
  for (const auto& [op, rules] : set.defaults) {
    ScriptedOperation scripted{&set, &rules};
    auto [it, fresh] = catalog.defaults.try_emplace(op, scripted);
    if (!fresh && !take_second(catalog, it->second, scripted, {"", op})) {
      conflict_between_files(diagnostics, it->second, scripted, "defaults for " + op + " are");
    }
  }
}

/// Conflicts are found in the entries themselves: no index of every uuid and
/// operation on the side, which for a big recording would cost as much as
/// the catalog.
void add_directories(Catalog& catalog, const ScenarioSet& set, Diagnostics& diagnostics) {
  catalog.directories.reserve(catalog.directories.size() + set.directories.size());
  for (const auto& [uuid, script] : set.directories) {
    auto [at, fresh] = catalog.directories.try_emplace(uuid);
    DirectoryEntry& entry = at->second;
    // An overlay's entry starts as its base's: the base's scripts of the
    // uuid, which the set's then hide (as a build of both would have it).
    if (const DirectoryEntry* below = fresh && catalog.base ? catalog.base->find(uuid) : nullptr)
      entry = *below;
    if (script.initial_state) entry.initial_state = &*script.initial_state;
    for (const auto& [op, rules] : script.operations) {
      ScriptedOperation scripted{&set, &rules};
      ScriptedOperation* other = entry.find(op);
      if (!other) {
        entry.operations.emplace_back(op, scripted);
      } else if (!take_second(catalog, *other, scripted, {uuid, op})) {
        conflict_between_files(diagnostics, *other, scripted,
                               "directory '" + uuid + "' operation " + op + " is");
      }
    }
  }
}

}  // namespace

std::string describe(const Shadow& shadow) {
  std::string what = shadow.uuid.empty()
                         ? "defaults for " + shadow.operation
                         : "directory '" + shadow.uuid + "' operation " + shadow.operation;
  return what + ": pushed set '" + shadow.by->name + "' shadows set '" + shadow.hidden->name +
         "' (" + shadow.hidden->source + ") while it is in force; deleting '" + shadow.by->name +
         "' or a reset (POST /__admin/reset; in a session, the session's) brings that back";
}

const ScriptedOperation* DirectoryEntry::find(std::string_view operation) const {
  for (const auto& [name, scripted] : operations) {
    if (name == operation) return &scripted;
  }
  return nullptr;
}

ScriptedOperation* DirectoryEntry::find(std::string_view operation) {
  return const_cast<ScriptedOperation*>(std::as_const(*this).find(operation));
}

std::string_view DirectoryEntry::state() const {
  return initial_state ? std::string_view(*initial_state) : contract::kInitialState;
}

uint64_t next_catalog_generation() {
  static std::atomic<uint64_t> last{0};
  return ++last;
}

namespace {

/// The uuid's entry in one layer. Flattened (the map's lookup and its key
/// comparison inlined here): in a function that also falls through to the
/// base, g++ called them instead, 260 instructions more a request
/// (callgrind).
[[gnu::flatten]] const DirectoryEntry* entry_in(
    const std::unordered_map<std::string_view, DirectoryEntry>& directories,
    std::string_view uuid) {
  auto it = directories.find(uuid);
  return it == directories.end() ? nullptr : &it->second;
}

}  // namespace

const DirectoryEntry* Catalog::find(std::string_view uuid) const {
  for (const Catalog* layer = this; layer; layer = layer->base.get()) {
    if (const DirectoryEntry* entry = entry_in(layer->directories, uuid)) return entry;
  }
  return nullptr;
}

void Catalog::for_each_directory(
    const std::function<void(std::string_view, const DirectoryEntry&)>& fn) const {
  for (const auto& [uuid, entry] : directories) fn(uuid, entry);
  if (!base) return;
  base->for_each_directory([&](std::string_view uuid, const DirectoryEntry& entry) {
    if (!directories.contains(uuid)) fn(uuid, entry);
  });
}

std::vector<const Shadow*> Catalog::all_shadows() const {
  std::vector<const Shadow*> all = base ? base->all_shadows() : std::vector<const Shadow*>{};
  for (const Shadow& shadow : shadows) all.push_back(&shadow);
  return all;
}

const NearbyUuids& LazyNearbyUuids::get(
    const std::unordered_map<std::string_view, DirectoryEntry>& directories) {
  std::call_once(once_, [&] {
    std::vector<std::string_view> uuids;
    uuids.reserve(directories.size());
    for (const auto& [uuid, entry] : directories) uuids.push_back(uuid);
    built_ = std::make_unique<const NearbyUuids>(std::move(uuids));
  });
  return *built_;
}

std::vector<std::string_view> Catalog::scripted_in(std::string_view state) const {
  std::vector<std::string_view> found;
  for_each_directory([&](std::string_view uuid, const DirectoryEntry& entry) {
    bool in = entry.state() == state;
    for (const auto& op : entry.operations) {
      for (const Rule& rule : *op.second.rules) in = in || rule.when.state == state;
    }
    if (in) found.push_back(uuid);
  });
  std::sort(found.begin(), found.end());
  return found;
}

std::optional<std::string_view> Catalog::did_you_mean(std::string_view uuid) const {
  if (uuid.empty()) return std::nullopt;
  std::optional<std::string_view> own, below = base ? base->did_you_mean(uuid) : std::nullopt;
  if (!directories.empty()) own = nearby->get(directories).closest(uuid);
  if (!own || !below) return own ? own : below;
  // The closer of the two layers', by the rule of NearbyUuids::closest.
  constexpr int kLimit = NearbyUuids::kMaxEdits;
  int mine = bounded_edit_distance(uuid, *own, kLimit);
  int theirs = bounded_edit_distance(uuid, *below, kLimit);
  return mine < theirs || (mine == theirs && *own <= *below) ? own : below;
}

std::shared_ptr<const Catalog> empty_catalog(const Envelope& envelope) {
  return *build_catalog(std::vector<SharedSet>{}, envelope);
}

std::vector<SharedSet> share_sets(std::vector<ScenarioSet> sets) {
  std::vector<SharedSet> shared;
  shared.reserve(sets.size());
  for (auto& set : sets) shared.push_back(std::make_shared<const ScenarioSet>(std::move(set)));
  return shared;
}

Checked<std::shared_ptr<const Catalog>> build_catalog(std::vector<ScenarioSet> sets,
                                                      const Envelope& envelope) {
  return build_catalog(share_sets(std::move(sets)), envelope);
}

namespace {

/// The set's limits, each with its 429: what it allows and where it is written.
void add_limits(Catalog& catalog, const ScenarioSet& set, const Envelope& envelope) {
  // The file's name, not its path: the answer goes to clients, and into
  // the OpenAPI document's examples, which teams publish.
  std::string file = std::filesystem::path(set.source).filename().string();
  for (const Limit& limit : set.limits) {
    std::string message = "Too many requests: at most " + std::to_string(limit.calls) +
                          " calls per " + std::to_string(limit.per_ms) + " ms (limit " +
                          std::to_string(limit.index) + " of " + file + ").";
    catalog.limits.push_back(
        {&limit, &set, error_reply(envelope, 429, message, "too_many_requests")});
  }
}

/// Adds `sets` to `catalog`, whose operations are merged already: what a
/// build does set by set, in order, after the sets it holds (an overlay's base's).
void add_sets(Catalog& catalog, const std::vector<SharedSet>& sets, const Envelope& envelope,
              Diagnostics& diagnostics) {
  std::map<std::string, std::string> names;
  for (const auto& set : catalog.sets) names.emplace(set->name, set->source);
  for (const auto& shared : sets) {
    const ScenarioSet& set = *shared;
    auto [it, fresh] = names.emplace(set.name, set.source);
    if (!fresh) {
      conflict(diagnostics, set,
               "scenario set name '" + set.name + "' is used by both " + it->second + " and " +
                   set.source);
    }
    if (set.unknown_uuids == UnknownUuids::reject) catalog.unknown_uuids = UnknownUuids::reject;
    check_operations_named(catalog, set, diagnostics);
    add_defaults(catalog, set, diagnostics);
    for (const auto& [op, rules] : set.protocol) catalog.protocol[op] = {&set, &rules};
    add_directories(catalog, set, diagnostics);
    add_limits(catalog, set, envelope);
  }
}

Checked<std::shared_ptr<const Catalog>> built(std::shared_ptr<Catalog> catalog,
                                              std::vector<SharedSet> sets,
                                              Diagnostics diagnostics) {
  if (!diagnostics.empty()) return {std::nullopt, std::move(diagnostics)};
  catalog->sets.insert(catalog->sets.end(), std::make_move_iterator(sets.begin()),
                       std::make_move_iterator(sets.end()));
  return {std::shared_ptr<const Catalog>(std::move(catalog)), std::move(diagnostics)};
}

}  // namespace

Checked<std::shared_ptr<const Catalog>> build_catalog(std::vector<SharedSet> given,
                                                      const Envelope& envelope) {
  std::vector<SharedSet> sets = dialect_sets(envelope.dialect());
  sets.insert(sets.end(), std::make_move_iterator(given.begin()),
              std::make_move_iterator(given.end()));
  Diagnostics diagnostics;
  auto catalog = std::make_shared<Catalog>();
  catalog->reject_answer = error_reply(envelope, 200, "Folder not found.", "folder_not_found");
  catalog->operations = merge_operations(*contract::builtin_set(), sets, diagnostics);
  add_builtin_answers(*catalog, envelope);
  add_sets(*catalog, sets, envelope, diagnostics);
  return built(std::move(catalog), std::move(sets), std::move(diagnostics));
}

Checked<std::shared_ptr<const Catalog>> build_catalog_over(std::shared_ptr<const Catalog> base,
                                                           std::vector<SharedSet> own,
                                                           const Envelope& envelope) {
  Diagnostics diagnostics;
  auto catalog = std::make_shared<Catalog>();
  // What is kept per operation, per limit and per set is copied (a few of
  // each); the uuids are not: they stay the base's, which lookups fall to.
  catalog->reject_answer = base->reject_answer;
  catalog->unknown_uuids = base->unknown_uuids;
  catalog->defaults = base->defaults;
  catalog->protocol = base->protocol;
  catalog->limits = base->limits;
  catalog->sets = base->sets;
  bool adds = std::any_of(own.begin(), own.end(),
                          [](const SharedSet& set) { return !set->operations.empty(); });
  if (adds) {
    catalog->operations = merge_operations(*base->operations, own, diagnostics);
    add_builtin_answers(*catalog, envelope);
  } else {
    catalog->operations = base->operations;
    catalog->builtin = base->builtin;
  }
  catalog->base = std::move(base);
  add_sets(*catalog, own, envelope, diagnostics);
  return built(std::move(catalog), std::move(own), std::move(diagnostics));
}

}  // namespace drivemock::scenario
