#include "journal/event_stream.h"

#include "journal/entry_json.h"

namespace drivemock::journal {

std::string request_event(const Entry& entry) {
  // The entry's JSON is one line (line breaks in its strings are escaped),
  // as an event's data line must be.
  return "id: " + std::to_string(entry.id) + "\nevent: request\ndata: " + entry_to_json(entry) +
         "\n\n";
}

std::string missed_event(uint64_t count) {
  return "event: missed\ndata: {\"missed\":" + std::to_string(count) + "}\n\n";
}

JournalEvents::JournalEvents(const Journal& journal, uint64_t after_id, StreamLimits limits)
    : journal_(journal), last_(after_id), limits_(limits) {}

std::optional<std::string> JournalEvents::next(std::chrono::milliseconds wait) {
  using Clock = std::chrono::steady_clock;
  if (!started_) {
    // At once, so that the client knows the stream is open; a browser that
    // loses it asks again after 1 s.
    started_ = true;
    return "retry: 1000\n\n";
  }
  std::string out;
  auto waited = journal_.wait_newer(last_, Clock::now() + wait);
  if (waited == Journal::Waited::released) return std::nullopt;
  if (waited == Journal::Waited::timeout) return out;
  // Entries coming close together go out together: wait out the interval
  // since the last batch (only a release ends it early).
  if (last_batch_ && journal_.wait_released(*last_batch_ + limits_.gather)) return std::nullopt;
  last_batch_ = Clock::now();
  auto entries = journal_.after(last_, limits_.per_batch);
  if (entries.empty()) return out;  // cleared meanwhile
  // Ids rise by one per entry: a gap is entries dropped, cleared or skipped
  // before this stream could send them.
  if (uint64_t first = entries.front()->id; first > last_ + 1)
    out += missed_event(first - last_ - 1);
  for (const auto& e : entries) out += request_event(*e);
  last_ = entries.back()->id;
  return out;
}

}  // namespace drivemock::journal
