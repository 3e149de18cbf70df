#include "scenario/engine.h"

#include <algorithm>
#include <chrono>

#include "scenario/dialect_sets.h"

namespace drivemock::scenario {
namespace {

std::string initial_state(const Catalog& catalog, const std::string& uuid) {
  const DirectoryEntry* entry = catalog.find(uuid);
  return std::string(entry ? entry->state() : contract::kInitialState);
}

/// The catalog's guess at the scripted uuid meant by `uuid`, which it does
/// not name, owned: the journal entry outlives the catalog.
std::optional<std::string> did_you_mean(const Catalog& catalog, const std::string& uuid) {
  auto meant = catalog.did_you_mean(uuid);
  return meant ? std::optional<std::string>(*meant) : std::nullopt;
}

/// Whether the request, whose uuid the stages found named or not, is the
/// client's housekeeping: the client makes up a dialect operation's uuids
/// (a lock's are fresh and random), so one no scenario names is no typo, and
/// GET /__admin/requests/unmatched leaves the call out.
void note_housekeeping(contract::Classified& request) {
  request.seen.housekeeping = !request.seen.named && from_dialect(*request.operation);
}

/// A state this long lives inside the slot (the string's own buffer, in
/// kSlotBytes); a longer one takes memory of its own.
constexpr size_t kInlineStateBytes = 15;

/// What a directory holds of its callers' text: its stored fields and a
/// state too long to live in the slot (a state set through the admin API,
/// a pact's provider state, is the caller's text too).
size_t stored_bytes(const DirectoryState& d) {
  size_t bytes = d.state.size() > kInlineStateBytes ? d.state.size() : 0;
  for (const auto& [name, value] : d.attributes) bytes += name.size() + value.size();
  return bytes;
}

}  // namespace

Engine::Engine(std::shared_ptr<const Catalog> catalog, size_t unnamed_limit, size_t unnamed_bytes)
    : catalog_(std::move(catalog)),
      windows_(catalog_->generation),
      unnamed_limit_(unnamed_limit),
      unnamed_budget_(unnamed_bytes) {}

std::shared_ptr<const Catalog> Engine::catalog() const {
  std::shared_lock lock(catalog_mutex_);
  return catalog_;
}

std::shared_ptr<const Catalog> Engine::replace_catalog(std::shared_ptr<const Catalog> catalog,
                                                       Restart restarting) {
  std::shared_ptr<const Catalog> old;
  {
    std::lock_guard lock(catalog_mutex_);
    old = std::exchange(catalog_, catalog);
    // Before any call can hold the new catalog: its limits' windows start empty.
    windows_.restart(catalog->generation);
  }
  if (restarting == Restart::none) return old;
  // Only uuids that were called have state: look at those, not at every uuid
  // the catalogs name (a big recording names hundreds of thousands).
  std::shared_lock read(slots_mutex_);
  for (auto& [uuid, s] : slots_) {
    if (!catalog->find(uuid) && !old->find(uuid)) continue;
    std::lock_guard lock(s->mutex);
    restart(*s);
  }
  return old;
}

Status Engine::set_state(const std::string& uuid, const std::string& state, History history) {
  if (state.size() > kMaxStateBytes) {
    return Error{"the state is " + std::to_string(state.size()) + " bytes; at most " +
                 std::to_string(kMaxStateBytes) + " are kept"};
  }
  auto current = catalog();
  if (uuid.size() > kMaxRememberedUuidBytes && !current->find(uuid)) {
    return Error{"the uuid is " + std::to_string(uuid.size()) + " bytes; a uuid no scenario " +
                 "names is remembered up to " + std::to_string(kMaxRememberedUuidBytes)};
  }
  auto s = slot(uuid, *current);
  bool over = false;
  {
    std::lock_guard lock(s->mutex);
    if (history == History::forgotten) restart(*s);
    s->directory.started = true;
    s->directory.made = true;
    s->directory.state = state;
    over = recount(*s);
  }
  if (over) {
    std::unique_lock write(slots_mutex_);
    forget_oldest(*current);
  }
  return done();
}

bool Engine::recount(Slot& slot) {
  if (!slot.counted) return false;
  size_t now = stored_bytes(slot.directory);
  unnamed_bytes_ += now;
  unnamed_bytes_ -= slot.stored_bytes;
  slot.stored_bytes = now;
  return unnamed_bytes_ > unnamed_budget_;
}

std::shared_ptr<Engine::Slot> Engine::slot(const std::string& uuid, const Catalog& catalog) {
  {
    std::shared_lock read(slots_mutex_);
    auto it = slots_.find(uuid);
    if (it != slots_.end()) return it->second;
  }
  std::unique_lock write(slots_mutex_);
  auto& entry = slots_[uuid];
  if (entry) return entry;  // made by another thread meanwhile
  entry = std::make_shared<Slot>();
  auto made = entry;
  if (!catalog.find(uuid)) {
    made->counted = true;
    unnamed_.push_back(uuid);
    unnamed_bytes_ += uuid.size() + kSlotBytes;
    forget_oldest(catalog);
  }
  return made;
}

void Engine::forget_oldest(const Catalog& catalog) {
  while (unnamed_.size() > unnamed_limit_ ||
         (unnamed_.size() > 1 && unnamed_bytes_ > unnamed_budget_)) {
    const std::string& oldest = unnamed_.front();
    auto it = slots_.find(oldest);
    if (it != slots_.end()) {
      // Held past the erase: the map's may be the last reference, and the
      // lock must be let go of before the slot is freed.
      std::shared_ptr<Slot> s = it->second;
      {
        std::lock_guard lock(s->mutex);
        s->counted = false;  // whatever it stores from now on
        unnamed_bytes_ -= std::exchange(s->stored_bytes, 0);
      }
      // Unless a scenario has named it since: then its state stays.
      if (!catalog.find(oldest)) slots_.erase(it);
    }
    unnamed_bytes_ -= oldest.size() + kSlotBytes;
    unnamed_.pop_front();
  }
}

void Engine::apply(const contract::Operation& op, const StateChange& change, Slot& slot) {
  DirectoryState& d = slot.directory;
  if (change.advanced) {
    auto& positions = change.advanced->first == Script::own        ? d.positions
                      : change.advanced->first == Script::defaults ? d.default_positions
                                                                   : d.protocol_positions;
    auto& per_rule = positions[op.name];
    size_t index = change.advanced->second;
    if (per_rule.size() <= index) per_rule.resize(index + 1, 0);
    ++per_rule[index];
  }
  if (change.drawn) d.draws[op.name] += change.drawn;
  if (change.state) d.state = *change.state;
  if (change.stored) d.attributes[*op.stored_field] = *change.stored;
  if (change.state || change.stored) recount(slot);
}

std::shared_ptr<const Engine::Slot> Engine::find_slot(const std::string& uuid) const {
  std::shared_lock read(slots_mutex_);
  auto it = slots_.find(uuid);
  return it == slots_.end() ? nullptr : it->second;
}

Reply Engine::answer(contract::Classified& request, std::shared_ptr<const Catalog> catalog) {
  const auto& checked = request.checked;
  if (!catalog) catalog = this->catalog();
  // Counted in the limits' windows first: a call over a limit never
  // reaches the simulated service.
  auto limited =
      windows_.admit(catalog->limits, {request.operation->name, checked.uuid, catalog->generation},
                     std::chrono::steady_clock::now());
  // Moved where the decision keeps it; a refused call's holds its own 429.
  Decision decision =
      limited ? decide_limited(request, *catalog, *limited)
              : decide(*request.operation, checked.uuid, checked.body, std::move(catalog));
  note_in_entry(decision, request);
  // A copy that shares the body with the catalog, which may be swapped meanwhile.
  Reply reply = decision.rendered ? std::move(*decision.rendered) : *decision.answer;
  if (decision.random && decision.random->delay_ms) reply.delay_ms = *decision.random->delay_ms;
  return reply;
}

void Engine::note_in_entry(Decision& decision, contract::Classified& request) {
  request.seen.matched = std::move(decision.matched);
  request.seen.named = decision.named;
  request.seen.state = std::move(decision.state);
  note_housekeeping(request);
  if (decision.did_you_mean) {
    near_miss_calls_.note({request.operation->name, request.checked.uuid, *decision.did_you_mean});
  }
  if (!decision.limited) used_answers_.note(decision.answer);
  if (decision.random || decision.limited || !decision.near_misses.empty() ||
      decision.did_you_mean) {
    request.seen.scripted = std::make_shared<const Scripting>(
        Scripting{decision.random, std::move(decision.limited), std::move(decision.near_misses),
                  std::move(decision.did_you_mean)});
  }
  for (auto& missing : decision.template_missing) {
    request.seen.violations.push_back({"template", std::move(missing)});
  }
  for (auto& v : decision.violations) request.seen.violations.push_back(std::move(v));
}

Decision Engine::decide_limited(const contract::Classified& request, const Catalog& catalog,
                                RateLimiter::Refusal refusal) const {
  static const DirectoryState kUntouched;  // a refused call reads none of it
  const std::string& uuid = request.checked.uuid;
  const DirectoryEntry* entry = catalog.find(uuid);
  std::optional<std::string> suggestion;
  if (!entry && contract::has_key(*request.operation) && uuid.size() <= kMaxRememberedUuidBytes) {
    suggestion = did_you_mean(catalog, uuid);
  }
  return scenario::decide({.catalog = catalog,
                           .op = *request.operation,
                           .uuid = uuid,
                           .entry = entry,
                           .body = request.checked.body,
                           .directory = kUntouched,
                           .limited = refusal,
                           .did_you_mean = suggestion});
}

const std::optional<std::string>& Engine::suggested(Slot& slot, const Catalog& catalog,
                                                    const std::string& uuid) {
  if (slot.suggested_in != catalog.generation) {
    slot.suggestion = did_you_mean(catalog, uuid);
    slot.suggested_in = catalog.generation;
  }
  return slot.suggestion;
}

Decision Engine::decide(const contract::Operation& op, const std::string& uuid,
                        const rapidjson::Value& body, std::shared_ptr<const Catalog> routed_with) {
  // The catalog the request was routed with: `op` is one of its operations.
  auto catalog = routed_with ? std::move(routed_with) : this->catalog();
  const DirectoryEntry* entry = catalog->find(uuid);
  // A long uuid no scenario names is answered as any other, from a state
  // of its own that is forgotten with the call.
  bool remembered = entry || uuid.size() <= kMaxRememberedUuidBytes;
  auto s = remembered ? slot(uuid, *catalog) : std::make_shared<Slot>();
  std::lock_guard lock(s->mutex);
  DirectoryState& d = s->directory;
  if (!d.started) {
    d.started = true;
    d.state = initial_state(*catalog, uuid);
  }
  ++d.calls[op.name];
  // A key-less operation's calls all share the slot of the empty uuid:
  // there is no scripted uuid it could have meant.
  // The slot's, read under its lock while decide() copies it.
  std::optional<std::string_view> suggestion;
  if (!entry && remembered && contract::has_key(op)) {
    if (const auto& kept = suggested(*s, *catalog, uuid)) suggestion = *kept;
  }
  Decision decision = scenario::decide({.catalog = *catalog,
                                        .op = op,
                                        .uuid = uuid,
                                        .entry = entry,
                                        .body = body,
                                        .directory = d,
                                        .seed = seed_,
                                        .did_you_mean = suggestion});
  if (!remembered) {
    decision.violations.insert(
        decision.violations.begin(),
        field_too_long("uuid", uuid.size(), kMaxRememberedUuidBytes, "remembers uuids of"));
  }
  apply(op, decision.change, *s);
  decision.catalog = std::move(catalog);
  return decision;
}

void Engine::reset() {
  windows_.clear();
  near_miss_calls_.clear();
  used_answers_.clear();
  std::shared_lock read(slots_mutex_);
  for (auto& [uuid, s] : slots_) {
    std::lock_guard lock(s->mutex);
    restart(*s);
  }
}

void Engine::restart(Slot& slot) {
  slot.directory = DirectoryState{};
  unnamed_bytes_ -= std::exchange(slot.stored_bytes, 0);
}

std::pair<std::vector<std::string>, size_t> Engine::uuids(std::string_view part,
                                                          size_t limit) const {
  std::vector<std::string> found;
  catalog()->for_each_directory([&](std::string_view uuid, const DirectoryEntry&) {
    if (uuid.find(part) != std::string_view::npos) found.emplace_back(uuid);
  });
  {
    std::shared_lock read(slots_mutex_);
    for (const auto& [uuid, s] : slots_) {
      // The empty uuid is the key-less operations' slot, not a directory.
      if (!uuid.empty() && uuid.find(part) != std::string::npos) found.push_back(uuid);
    }
  }
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  size_t total = found.size();
  if (found.size() > limit) found.resize(limit);
  return {std::move(found), total};
}

std::optional<DirectorySnapshot> Engine::directory(const std::string& uuid) const {
  auto current = catalog();
  DirectorySnapshot snapshot{uuid, initial_state(*current, uuid), {}, {}};
  for (const auto& op : current->operations->list) snapshot.calls[op.name] = 0;
  auto s = find_slot(uuid);
  if (s) {
    std::lock_guard lock(s->mutex);
    if (s->directory.started) {
      snapshot.state = s->directory.state;
      snapshot.attributes = s->directory.attributes;
      for (const auto& [op, n] : s->directory.calls) snapshot.calls[op] = n;
      return snapshot;
    }
  }
  if (!current->find(uuid) && current->unknown_uuids == UnknownUuids::reject) return std::nullopt;
  return snapshot;
}

std::map<std::string, std::vector<RuleView>> Engine::scripts(const std::string& uuid) const {
  auto current = catalog();
  const DirectoryEntry* entry = current->find(uuid);
  if (!entry) return {};
  std::map<std::string, std::vector<uint64_t>> positions;
  if (auto s = find_slot(uuid)) {
    std::lock_guard lock(s->mutex);
    if (s->directory.started) positions = s->directory.positions;
  }
  return script_views(*entry, positions);
}

}  // namespace drivemock::scenario
