#include "scenario/scenario_store.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "scenario/catalog.h"
#include "scenario/loader.h"
#include "util/memory.h"

namespace drivemock::scenario {
namespace {

bool named(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

/// The sets in force: base sets not removed nor replaced by a pushed one, then the pushed.
std::vector<SharedSet> in_force(const std::vector<SharedSet>& base,
                                const std::vector<SharedSet>& pushed,
                                const std::vector<std::string>& removed) {
  std::vector<SharedSet> sets;
  for (const auto& set : base) {
    bool replaced = std::any_of(pushed.begin(), pushed.end(),
                                [&](const SharedSet& p) { return p->name == set->name; });
    if (!replaced && !named(removed, set->name)) sets.push_back(set);
  }
  sets.insert(sets.end(), pushed.begin(), pushed.end());
  return sets;
}

/// Waits (briefly: requests hold a catalog only while they decide) until no
/// request holds `old`, so that freeing a big catalog happens here, on the
/// admin's thread, and never inside a request.
void release(std::shared_ptr<const Catalog> old) {
  for (int i = 0; i < 1000 && old.use_count() > 1; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

size_t rule_count(const ScenarioSet& set) {
  size_t n = 0;
  for (const auto& [uuid, script] : set.directories) {
    for (const auto& [op, rules] : script.operations) n += rules.size();
  }
  return n;
}

/// `shadows`: the catalog's (Catalog::all_shadows), gathered once for every set listed.
SetSummary summary(const ScenarioSet& set, const std::vector<const Shadow*>& shadows) {
  SetSummary out{
      set.name, set.source, set.directories.size(), rule_count(set), set.text, set.text_bytes, {},
      {},       set.layer};
  for (const Shadow* s : shadows) {
    if (s->by->name == set.name) {
      out.shadows.push_back({s->uuid, s->operation, s->hidden->name, s->hidden->source});
    }
    if (s->hidden->name == set.name) {
      out.shadowed_by.push_back({s->uuid, s->operation, s->by->name, s->by->source});
    }
  }
  return out;
}

/// The push's answer names what the pushed set hides, as warnings.
void warn_shadows(const Catalog& catalog, const std::string& pushed, Diagnostics& diagnostics) {
  for (const Shadow* s : catalog.all_shadows()) {
    if (s->by->name == pushed)
      diagnostics.push_back({Severity::warning, "pushed", 0, 0, describe(*s)});
  }
}

}  // namespace

ScenarioStore::ScenarioStore(std::vector<std::string> paths, std::vector<std::string> texts,
                             Engine& engine, Envelope envelope)
    : paths_(std::move(paths)), texts_(std::move(texts)), engine_(engine), envelope_(envelope) {}

Checked<std::vector<ScenarioSet>> ScenarioStore::read_sources(Priority priority) const {
  return load_scenarios(paths_, texts_, {envelope_.dialect(), nullptr, priority});
}

Checked<std::shared_ptr<const Catalog>> ScenarioStore::build(
    const std::vector<SharedSet>& base, const std::vector<SharedSet>& pushed,
    const std::vector<std::string>& removed) const {
  // The base has its catalog already when it was given one (rebase): a
  // session without sets of its own shares the baseline's, and one with
  // sets lies over it, unless a set of its replaces or removes one of the
  // baseline's by name (then it is built whole, over the rest).
  bool over = base_catalog_ && removed.empty() &&
              std::none_of(pushed.begin(), pushed.end(), [&](const SharedSet& p) {
                return std::any_of(base.begin(), base.end(),
                                   [&](const SharedSet& s) { return s->name == p->name; });
              });
  if (over && pushed.empty()) return {base_catalog_, {}};
  if (over) return build_catalog_over(base_catalog_, pushed, envelope_);
  return build_catalog(in_force(base, pushed, removed), envelope_);
}

Diagnostics ScenarioStore::commit(std::vector<SharedSet> base, std::vector<SharedSet> pushed,
                                  std::vector<std::string> removed, Restart restart) {
  // Built to the side: requests go on with the catalog in force meanwhile.
  auto catalog = build(base, pushed, removed);
  if (!catalog) return catalog.diagnostics;
  base_ = std::move(base);
  pushed_ = std::move(pushed);
  removed_ = std::move(removed);
  if (listener_) listener_(in_force(base_, pushed_, removed_), *catalog);
  auto old = engine_.replace_catalog(std::move(*catalog), restart);
  // One shared with the baseline (a session's that pushed nothing) is the
  // baseline's to free, and other sessions hold it still.
  if (old != base_catalog_ && old != previous_base_catalog_) release(std::move(old));
  return catalog.diagnostics;
}

Diagnostics ScenarioStore::rebase(std::vector<SharedSet> base,
                                  std::shared_ptr<const Catalog> built) {
  ReturnFreeMemoryOnExit trim;
  std::lock_guard lock(mutex_);
  previous_base_catalog_ = std::exchange(base_catalog_, std::move(built));
  Diagnostics diagnostics = commit(std::move(base), pushed_, removed_, Restart::none);
  if (has_errors(diagnostics)) base_catalog_ = previous_base_catalog_;
  previous_base_catalog_.reset();
  return diagnostics;
}

std::vector<std::string> ScenarioStore::pushed_names() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> names;
  for (const auto& set : pushed_) names.push_back(set->name);
  return names;
}

std::vector<SharedSet> ScenarioStore::pushed_sets() const {
  std::lock_guard lock(mutex_);
  return pushed_;
}

size_t ScenarioStore::pushed_text_bytes() const {
  std::lock_guard lock(mutex_);
  size_t bytes = 0;
  for (const auto& set : pushed_) bytes += set->text_bytes;
  return bytes;
}

Diagnostics ScenarioStore::load() {
  return load_sources(Priority::normal);
}

// A big reload or push runs at background priority as a whole: the parse,
// and also building the catalog, freeing the one it replaces and returning
// memory, which take a tenth of a second for 100,000 uuids and had pushed
// requests' p99 over twice idle in some rounds when they ran at the
// requests' priority.
Diagnostics ScenarioStore::reload() {
  Diagnostics out;
  run_at(load_priority(paths_, texts_, Priority::background),
         [&] { out = load_sources(Priority::background); });
  return out;
}

Diagnostics ScenarioStore::load_sources(Priority priority) {
  ReturnFreeMemoryOnExit trim;
  std::lock_guard lock(mutex_);
  auto base = read_sources(priority);
  if (has_errors(base.diagnostics)) return base.diagnostics;
  append(base.diagnostics, commit(share_sets(std::move(*base)), pushed_, {}));
  return base.diagnostics;
}

Checked<std::string> ScenarioStore::push(std::string_view text, Apply apply,
                                         const std::optional<std::string>& name) {
  Checked<std::string> out;
  run_at(load_priority(text, Priority::background), [&] { out = push_now(text, apply, name); });
  return out;
}

Checked<std::string> ScenarioStore::push_now(std::string_view text, Apply apply,
                                             const std::optional<std::string>& wanted) {
  ReturnFreeMemoryOnExit trim;
  std::lock_guard lock(mutex_);
  std::string default_name = wanted.value_or("pushed-" + std::to_string(pushed_count_ + 1));
  // A pushed set may script the operations in force as well as its own.
  auto set = parse_scenario(
      text, "pushed", default_name,
      {envelope_.dialect(), engine_.catalog()->operations.get(), Priority::background});
  Checked<std::string> out{std::nullopt, std::move(set.diagnostics)};
  if (set && wanted && set->name != *wanted) {
    out.diagnostics.push_back({Severity::error, "pushed", 0, 0,
                               "the document names itself '" + set->name + "' and the push '" +
                                   *wanted + "'; expected one name, or none in the document"});
  }
  // An error in `operations:` leaves a set without that operation: still an error.
  if (!set || has_errors(out.diagnostics)) return out;
  set->source = "pushed";
  set->layer = Layer::pushed;
  std::string name = set->name;
  auto pushed = pushed_;
  std::erase_if(pushed, [&](const SharedSet& p) { return p->name == name; });
  pushed.push_back(std::make_shared<const ScenarioSet>(std::move(*set)));
  if (apply == Apply::dry_run) {
    auto catalog = build(base_, pushed, removed_);
    append(out.diagnostics, catalog.diagnostics);
    if (!catalog) return out;
    warn_shadows(**catalog, name, out.diagnostics);
    out.value = std::move(name);
    return out;
  }
  append(out.diagnostics, commit(base_, std::move(pushed), removed_));
  if (has_errors(out.diagnostics)) return out;
  warn_shadows(*engine_.catalog(), name, out.diagnostics);
  ++pushed_count_;
  out.value = std::move(name);
  return out;
}

Checked<bool> ScenarioStore::remove(const std::string& name) {
  ReturnFreeMemoryOnExit trim;
  std::lock_guard lock(mutex_);
  auto pushed = pushed_;
  auto removed = removed_;
  bool found = std::erase_if(pushed, [&](const SharedSet& p) { return p->name == name; }) > 0;
  bool in_base =
      std::any_of(base_.begin(), base_.end(), [&](const SharedSet& s) { return s->name == name; });
  if (in_base && !named(removed, name)) {
    removed.push_back(name);
    found = true;
  }
  if (!found) return {false, {}};
  Diagnostics diagnostics = commit(base_, std::move(pushed), std::move(removed));
  if (has_errors(diagnostics)) return {std::nullopt, std::move(diagnostics)};
  return {true, std::move(diagnostics)};
}

void ScenarioStore::drop_pushed() {
  ReturnFreeMemoryOnExit trim;
  std::lock_guard lock(mutex_);
  commit(base_, {}, {});
}

std::vector<SetSummary> ScenarioStore::list() const {
  std::lock_guard lock(mutex_);
  std::vector<SetSummary> out;
  auto catalog = engine_.catalog();  // held: the shadows point into it
  const auto shadows = catalog->all_shadows();
  for (const auto& set : in_force(base_, pushed_, removed_)) {
    out.push_back(summary(*set, shadows));
  }
  return out;
}

std::vector<HiddenFileSet> ScenarioStore::hidden_file_sets() const {
  std::lock_guard lock(mutex_);
  std::vector<HiddenFileSet> out;
  auto catalog = engine_.catalog();
  const auto shadows = catalog->all_shadows();
  for (const auto& set : base_) {
    if (set->layer != Layer::file || set->source == "inline") continue;
    bool replaced = std::any_of(pushed_.begin(), pushed_.end(),
                                [&](const SharedSet& p) { return p->name == set->name; });
    if (replaced) {
      out.push_back({set->name, set->source, set->name, 0});
      continue;
    }
    for (const Shadow* shadow : shadows) {
      if (shadow->hidden != set.get()) continue;
      auto same = std::find_if(out.begin(), out.end(), [&](const HiddenFileSet& h) {
        return h.name == set->name && h.by == shadow->by->name;
      });
      if (same == out.end()) {
        out.push_back({set->name, set->source, shadow->by->name, 1});
      } else {
        ++same->scripts;
      }
    }
  }
  return out;
}

std::optional<SetSummary> ScenarioStore::find(const std::string& name) const {
  std::lock_guard lock(mutex_);
  for (const auto& set : in_force(base_, pushed_, removed_)) {
    if (set->name == name) return summary(*set, engine_.catalog()->all_shadows());
  }
  return std::nullopt;
}

}  // namespace drivemock::scenario
