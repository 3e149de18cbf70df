#pragma once
// What the admin API changed, as a timeline beside the journal's requests:
// a push, a delete, a reset, a reload, a state set, a session opened, reset
// or closed. Each event says after which request it happened (the id of the
// last request journaled before it), so a reader puts both in one order
// without a second id space. Bounded as the journal is, by count and by
// bytes (an event's text is the admin caller's: a state name of 512 KiB
// a hundred times must not hold 50 MiB); emptying the journal leaves the
// events (the emptying is one of them).

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/entry.h"

namespace drivemock::journal {

/// Recorded by the admin handlers, who give kind, message and, where they
/// apply, session and details (admin_event); the rest is the journal's.
struct AdminEvent {
  using Details = std::vector<std::pair<std::string, std::string>>;
  uint64_t id = 0;             ///< assigned when recorded, rising from 1
  uint64_t after_request = 0;  ///< the newest request's id when it happened (0: none yet)
  std::chrono::system_clock::time_point at;
  std::string kind;     ///< e.g. "push", "session-opened" (docs/admin-api.md lists them)
  std::string message;  ///< what changed, for a person
  std::shared_ptr<const SessionTag> session;  ///< null: outside sessions
  /// What it concerned, by name: "set", "uuid", "state", "seed", …
  Details details;
};

using AdminEventPtr = std::shared_ptr<const AdminEvent>;

/// An event of `kind` saying `message`, of `session` (null: outside
/// sessions), concerning `details`.
inline AdminEvent admin_event(std::string kind, std::string message,
                              std::shared_ptr<const SessionTag> session = nullptr,
                              AdminEvent::Details details = {}) {
  AdminEvent event;
  event.kind = std::move(kind);
  event.message = std::move(message);
  event.session = std::move(session);
  event.details = std::move(details);
  return event;
}

/// The bytes an event holds, as the events' bound counts them: its text
/// and the event itself (a session's tag is shared with the journal).
size_t event_bytes(const AdminEvent& event);

/// The events' byte bound beside a journal of `journal_bytes`: an eighth of
/// it, at least 1 MiB.
size_t events_byte_limit(size_t journal_bytes);

class AdminEvents {
 public:
  /// `limit` events at most, holding `byte_limit` bytes at most (the newest
  /// is always kept).
  explicit AdminEvents(size_t limit, size_t byte_limit = SIZE_MAX)
      : limit_(limit == 0 ? 1 : limit), byte_limit_(byte_limit) {}

  /// Stores `event` after request `last_request`; returns its id.
  uint64_t record(AdminEvent event, uint64_t last_request);
  /// The kept events with an id over `after`, oldest first; those of one
  /// session only when `session` is given.
  std::vector<AdminEventPtr> after(uint64_t after, const std::optional<std::string>& session) const;
  uint64_t last_id() const;
  /// How many bytes the kept events hold (event_bytes).
  size_t bytes() const;

 private:
  const size_t limit_;
  const size_t byte_limit_;
  size_t bytes_ = 0;
  mutable std::mutex mutex_;
  std::deque<AdminEventPtr> events_;
  uint64_t next_id_ = 1;
};

}  // namespace drivemock::journal
