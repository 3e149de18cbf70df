#pragma once
// What the admin API changed, as a timeline beside the journal's requests:
// a push, a delete, a reset, a reload, a state set, a session opened, reset
// or closed. Each event says after which request it happened (the id of the
// last request journaled before it), so a reader puts both in one order
// without a second id space. Bounded as the journal is; emptying the journal
// leaves the events (the emptying is one of them).

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

class AdminEvents {
 public:
  explicit AdminEvents(size_t limit) : limit_(limit == 0 ? 1 : limit) {}

  /// Stores `event` after request `last_request`; returns its id.
  uint64_t record(AdminEvent event, uint64_t last_request);
  /// The kept events with an id over `after`, oldest first; those of one
  /// session only when `session` is given.
  std::vector<AdminEventPtr> after(uint64_t after, const std::optional<std::string>& session) const;
  uint64_t last_id() const;

 private:
  const size_t limit_;
  mutable std::mutex mutex_;
  std::deque<AdminEventPtr> events_;
  uint64_t next_id_ = 1;
};

}  // namespace drivemock::journal
