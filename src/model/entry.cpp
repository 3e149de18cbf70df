#include "model/entry.h"

#include <algorithm>
#include <array>

#include "model/outcome.h"

namespace drivemock {

namespace {

/// The reply's headers with secrets written as "***": the reply's own list
/// when it has none (a scenario's answer shares it with every entry).
std::shared_ptr<const std::vector<Header>> redacted_headers(const Reply& reply,
                                                            const Redaction& redaction) {
  if (!reply.headers || reply.headers->empty()) return nullptr;
  bool secret = false;
  for (const auto& h : *reply.headers) secret = secret || redaction.secret_header(h.name);
  if (!secret) return reply.headers;
  auto copy = std::make_shared<std::vector<Header>>(*reply.headers);
  for (auto& h : *copy) {
    if (redaction.secret_header(h.name)) h.value = std::string(kRedacted);
  }
  return copy;
}

/// Whether `a` and `b` say the same of their requests, for sharing one: only
/// when neither says more than its rule and state (no violations, nothing
/// scripted), as most calls do.
bool same_plain(const Classification& a, const Classification& b) {
  // A field added to Classification must be compared here, or entries that
  // learnt different things would share one: this fails to compile until
  // the size below is brought up to date with it.
  static_assert(sizeof(Classification) == 128, "compare the new field in same_plain");
  return a.operation == b.operation && a.matched == b.matched && a.state == b.state &&
         a.named == b.named && a.housekeeping == b.housekeeping && a.session == b.session &&
         a.violations.empty() && b.violations.empty() && !a.scripted && !b.scripted;
}

/// `seen`, shared with a recent entry of this thread's that learnt the same:
/// a connection's calls are served by one thread, and a test's calls mostly
/// learn the same few things.
std::shared_ptr<const Classification> shared_seen(Classification seen) {
  // The thread's last few, most recently used first.
  constexpr size_t kRecent = 8;
  thread_local std::array<std::shared_ptr<const Classification>, kRecent> recent;
  for (size_t i = 0; i < kRecent && recent[i]; ++i) {
    if (same_plain(*recent[i], seen)) {
      std::rotate(recent.begin(), recent.begin() + static_cast<std::ptrdiff_t>(i),
                  recent.begin() + static_cast<std::ptrdiff_t>(i) + 1);
      return recent[0];
    }
  }
  auto made = std::make_shared<const Classification>(std::move(seen));
  if (made->violations.empty() && !made->scripted) {
    std::rotate(recent.begin(), recent.end() - 1, recent.end());
    recent[0] = made;
  }
  return made;
}

}  // namespace

const Classification& Entry::seen() const {
  static const Classification kNothing;
  return seen_ ? *seen_ : kNothing;
}

Classification& Entry::classification() {
  auto own = seen_ ? std::make_shared<Classification>(*seen_) : std::make_shared<Classification>();
  Classification& changed = *own;
  seen_ = std::move(own);
  return changed;
}

Entry make_entry(Handled handled, Clock::Steady started, const Clock& clock,
                 const Redaction& redaction) {
  Entry entry;
  entry.set_seen(shared_seen(std::move(handled.seen)));
  entry.request = RecordedRequest(handled.request, handled.uuid, redaction);
  const Reply& reply = handled.reply;
  bool faulted = reply.fault != Fault::none;
  entry.response = {faulted ? nullptr : reply.body,
                    redacted_headers(reply, redaction),
                    reply.status,
                    reply.fault,
                    handled.origin == Origin::upstream,
                    succeeded(reply)};
  entry.logged = clock.wall();
  entry.total_micros =
      std::chrono::duration_cast<std::chrono::microseconds>(clock.steady() - started).count();
  return entry;
}

}  // namespace drivemock
