#pragma once
// The journal as Server-Sent Events (GET /__admin/requests/stream): one
// `request` event per entry, with the entry's id as the event id (so a
// browser that reconnects resumes with Last-Event-ID, without a gap) and its
// JSON as the journal API shows it. The stream reads the journal on its own
// connection's thread, so the request path never waits for it; a stream that
// falls behind (a slow browser, a load test) skips to the newest entries and
// says how many it skipped in a `missed` event, and it sends at most one
// batch per `gather` interval, so that an open dashboard costs the mock API
// little however fast requests come.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "journal/journal.h"
#include "model/reply.h"

namespace drivemock::journal {

/// At most 200 entries a second reach a browser: more than anyone reads, and
/// few enough that rendering them leaves the machine to the mock API.
struct StreamLimits {
  std::chrono::milliseconds gather{500};  ///< at least this long between batches
  size_t per_batch = 100;                 ///< entries per batch; older ones are skipped
};

class JournalEvents final : public EventSource {
 public:
  /// Streams the entries with an id over `after_id`.
  JournalEvents(const Journal& journal, uint64_t after_id, StreamLimits limits = {});

  std::optional<std::string> next(std::chrono::milliseconds wait) override;

 private:
  const Journal& journal_;
  uint64_t last_;  ///< the newest id sent or skipped
  StreamLimits limits_;
  std::optional<std::chrono::steady_clock::time_point> last_batch_;
  bool started_ = false;
};

/// One entry as an SSE event.
std::string request_event(const Entry& entry);
/// The event that says `count` entries were skipped.
std::string missed_event(uint64_t count);

}  // namespace drivemock::journal
