#include "session/session_registry.h"

#include <algorithm>
#include <mutex>

#include "util/clock.h"
#include "util/log.h"
#include "util/random.h"
#include "util/text.h"

namespace drivemock::session {
namespace {

/// 128 bits: an id or a key must not be guessable by another client.
constexpr size_t kIdBytes = 16;
constexpr size_t kKeyBytes = 32;  // 64 hex digits, the length of the service's API keys

}  // namespace

uint64_t session_seed(uint64_t seed, std::string_view name) {
  return stream_key(seed, name, "session") & kMaxSeed;
}

Session::Session(SessionTag given, std::string key, Envelope envelope, const SessionLimits& limits)
    : tag(std::make_shared<const SessionTag>(std::move(given))),
      api_key(std::move(key)),
      engine(scenario::empty_catalog(envelope), limits.unnamed_uuids, limits.unnamed_bytes),
      store({}, {}, engine, envelope) {
  engine.track_used_answers();
}

Session::~Session() {
  if (budget_) budget_->release(open_charged_ + sets_charged_);
}

SessionRegistry::SessionRegistry(Envelope envelope, SessionLimits limits)
    : envelope_(envelope),
      limits_(limits),
      budget_(std::make_shared<MemoryBudget>(limits.max_bytes)),
      base_catalog_(scenario::empty_catalog(envelope)) {}

Result<SessionPtr, SessionError> SessionRegistry::open(std::optional<std::string> name,
                                                       uint64_t seed) {
  auto opened = open_many({std::move(name)}, seed);
  if (!opened) return opened.error();
  return std::move(opened->front());
}

Result<std::vector<SessionPtr>, SessionError> SessionRegistry::open_many(
    std::vector<std::optional<std::string>> names, uint64_t seed) {
  for (const auto& name : names) {
    if (name && (name->empty() || name->size() > limits_.max_name_bytes)) {
      return SessionError{SessionError::Kind::invalid, "A session's name must be 1 to " +
                                                           std::to_string(limits_.max_name_bytes) +
                                                           " bytes long; this one is " +
                                                           std::to_string(name->size())};
    }
  }
  std::unique_lock write(mutex_);
  // All or none: a runner that asked for a batch of its tests' sessions
  // gets every one or a clear refusal, never a part it must close again.
  if (by_id_.size() + names.size() > limits_.max_open) {
    std::string open = std::to_string(by_id_.size()) + " sessions are open";
    std::string most = std::to_string(limits_.max_open);
    return SessionError{
        SessionError::Kind::full,
        names.size() == 1
            ? most +
                  " sessions are open, the most drivemock keeps (--max-sessions); close those "
                  "whose tests ended (DELETE /__admin/sessions/ID)"
            : open + ", and " + std::to_string(names.size()) + " more would pass " + most +
                  ", the most drivemock keeps (--max-sessions); open fewer at once, or close "
                  "those whose tests ended (DELETE /__admin/sessions/ID)"};
  }
  // Counted before any is made: a refusal builds nothing.
  if (!budget_->reserve(names.size() * open_cost())) {
    return SessionError{
        SessionError::Kind::no_memory,
        budget_->full_message(
            names.size() == 1 ? "A session more" : std::to_string(names.size()) + " sessions more",
            names.size() * open_cost())};
  }
  std::vector<SessionPtr> opened;
  opened.reserve(names.size());
  for (auto& name : names) {
    ++opened_count_;
    SessionTag tag{random_hex(kIdBytes),
                   std::move(name).value_or("session-" + std::to_string(opened_count_))};
    auto session =
        std::make_shared<Session>(std::move(tag), random_hex(kKeyBytes), envelope_, limits_);
    session->serial = opened_count_;
    session->budget_ = budget_;
    session->open_charged_ = open_cost();
    session->engine.set_seed(session_seed(seed, session->tag->name));
    // Under the lock: a baseline change meanwhile would miss a session not
    // yet listed.
    Diagnostics diagnostics = session->store.rebase(base_sets_, base_catalog_);
    for (const auto& d : diagnostics) log::warning(format_diagnostic(d));
    by_id_[session->tag->id] = session;
    by_key_[session->api_key] = session;
    opened.push_back(std::move(session));
  }
  open_count_ = by_id_.size();
  count_known();
  return opened;
}

std::string closed_message(const ClosedSession& closed) {
  return "Session '" + closed.tag->id + "' (" + closed.tag->name + ") was closed at " +
         format_utc_millis(closed.at) +
         "; its requests are still in the journal, but it takes no more";
}

SessionError SessionRegistry::not_open(std::string_view id) const {
  auto closed = closed_.find(std::string(id));
  if (closed != closed_.end()) {
    return {SessionError::Kind::closed, closed_message(closed->second.session),
            closed->second.session.tag};
  }
  // A value longer than an id may be a key sent in the wrong place (an
  // apiKey is 64 hex digits, the service's too): never echoed, nor journaled.
  std::string given = id.size() <= kIdBytes * 2
                          ? "'" + escape_controls(id) + "'"
                          : "given (" + std::to_string(id.size()) +
                                " characters, longer than a session's id: not shown, as it may "
                                "be a key)";
  return {SessionError::Kind::unknown,
          "No open session has the id " + given +
              "; open one with POST /__admin/sessions (GET /__admin/sessions lists them)"};
}

Result<SessionPtr, SessionError> SessionRegistry::by_id(std::string_view id) const {
  std::shared_lock read(mutex_);
  auto it = by_id_.find(std::string(id));
  if (it == by_id_.end()) return not_open(id);
  return it->second;
}

KeyHolder SessionRegistry::by_key(std::string_view api_key) const {
  std::string key(api_key);
  std::shared_lock read(mutex_);
  auto it = by_key_.find(key);
  if (it != by_key_.end()) return {it->second, std::nullopt};
  auto closed = closed_keys_.find(key);
  if (closed == closed_keys_.end()) return {};
  return {nullptr, closed_.at(closed->second).session};
}

void SessionRegistry::remember_closed(const Session& session) {
  closed_[session.tag->id] = {
      {session.tag, std::chrono::system_clock::now()}, session.api_key, session.worst_outcome_};
  closed_keys_[session.api_key] = session.tag->id;
  closed_order_.push_back(session.tag->id);
  while (closed_order_.size() > limits_.closed_remembered) {
    auto oldest = closed_.find(closed_order_.front());
    closed_keys_.erase(oldest->second.api_key);
    closed_.erase(oldest);
    closed_order_.pop_front();
  }
}

bool SessionRegistry::worsen_outcome(std::string_view id, int rank) {
  const std::string key(id);
  std::unique_lock write(mutex_);
  int* worst = nullptr;
  if (auto open = by_id_.find(key); open != by_id_.end()) {
    worst = &open->second->worst_outcome_;
  } else if (auto closed = closed_.find(key); closed != closed_.end()) {
    worst = &closed->second.worst_outcome;
  }
  if (!worst || rank <= *worst) return false;
  *worst = rank;
  return true;
}

Result<SessionPtr, SessionError> SessionRegistry::close(std::string_view id) {
  SessionPtr session;
  {
    std::unique_lock write(mutex_);
    auto it = by_id_.find(std::string(id));
    if (it == by_id_.end()) return not_open(id);
    session = it->second;
    by_id_.erase(it);
    by_key_.erase(session->api_key);
    remember_closed(*session);
    open_count_ = by_id_.size();
    count_known();
  }
  {
    // Counted on until it is freed: a call that still holds it (one that
    // hangs, or waits out a delay) holds its engine, catalog and sets.
    std::lock_guard charge(session->charge_mutex_);
    session->closed_ = true;
  }
  return session;
}

Result<SessionPtr, SessionError> SessionRegistry::reset(std::string_view id, uint64_t seed) {
  auto session = by_id(id);
  if (!session) return session;
  Session& s = **session;
  s.store.drop_pushed();
  settle(s);
  s.engine.set_seed(session_seed(seed, s.tag->name));
  s.engine.reset();
  return session;
}

Result<PushReservation, SessionError> SessionRegistry::reserve_push(size_t text_bytes) {
  size_t bytes = text_bytes * kBytesPerPushedByte;
  if (!budget_->reserve(bytes)) {
    return SessionError{SessionError::Kind::no_memory,
                        budget_->full_message("This push (" + std::to_string(text_bytes) +
                                                  " bytes of text, counted at " +
                                                  std::to_string(kBytesPerPushedByte) + " each)",
                                              bytes)};
  }
  return PushReservation(*budget_, bytes);
}

void SessionRegistry::settle(Session& session) {
  size_t now = session.store.pushed_text_bytes() * kBytesPerPushedByte;
  // A session that pushed nothing shares the baseline's catalog; one that
  // did holds its own, over every uuid of the baseline too.
  auto catalog = session.engine.catalog();
  bool own = false;
  {
    std::shared_lock read(mutex_);
    own = catalog != base_catalog_;
  }
  if (own) now += catalog->directories.size() * kBytesPerCatalogUuid;
  std::lock_guard charge(session.charge_mutex_);
  if (session.closed_) return;  // counted as it stood until it is freed
  size_t before = std::exchange(session.sets_charged_, now);
  if (now > before) budget_->add(now - before);
  if (now < before) budget_->release(before - now);
}

std::vector<SessionPtr> SessionRegistry::list() const {
  std::vector<SessionPtr> out;
  {
    std::shared_lock read(mutex_);
    for (const auto& [id, session] : by_id_) out.push_back(session);
  }
  std::sort(out.begin(), out.end(),
            [](const SessionPtr& a, const SessionPtr& b) { return a->serial < b->serial; });
  return out;
}

void SessionRegistry::rebase(const std::vector<scenario::SharedSet>& sets,
                             std::shared_ptr<const scenario::Catalog> catalog) {
  std::vector<SessionPtr> open;
  {
    std::unique_lock write(mutex_);
    base_sets_ = sets;
    base_catalog_ = catalog;
    for (const auto& [id, session] : by_id_) open.push_back(session);
  }
  for (const auto& session : open) {
    Diagnostics diagnostics = session->store.rebase(sets, catalog);
    settle(*session);  // its own catalog is over the new baseline
    if (!has_errors(diagnostics)) continue;
    log::warning("drivemock: session '" + session->tag->name +
                 "' keeps the baseline it had: its sets do not fit over the new one");
    for (const auto& d : diagnostics) log::warning(format_diagnostic(d));
  }
}

}  // namespace drivemock::session
