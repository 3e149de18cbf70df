#pragma once
// The last time the scenario files were read again, and what was found: the
// dashboard's banner and /__admin/health's `degraded` read it, so that a save
// with an error is seen where people look, not on the server's stderr alone.

#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "document/diagnostic.h"
#include "scenario/scenario_store.h"

namespace drivemock::control {

/// What read the files again: an admin call, or a save the watch saw.
enum class ReloadCause { asked, watched };

const char* cause_name(ReloadCause cause);

/// The problems a reload keeps for its event, the dashboard and health:
/// enough to mend a file from, and a bound on what every poll of health
/// sends (a file can hold a thousand mistakes of a kilobyte each).
inline constexpr size_t kKeptProblems = 20;

struct LastReload {
  ReloadCause cause = ReloadCause::asked;
  std::chrono::system_clock::time_point at;
  /// Errors first, then warnings, at most kKeptProblems; any error: the old sets stay.
  Diagnostics problems;
  size_t problems_found = 0;  ///< all of them, kept or not
  /// After a good reload: the files' sets that pushes still hide.
  std::vector<scenario::HiddenFileSet> still_hidden;

  bool failed() const { return has_errors(problems); }
};

/// The event's message: what read the files, what was found, and for each
/// file set a push still hides, that the push wins and how to drop it.
std::string reload_message(const LastReload& reload);

/// The last reload, shared between the thread that reloads (the watch's or a
/// request's) and those that read it.
class ReloadRecord {
 public:
  /// Held by a reload from its start until its record is set: its sets are
  /// served before it is recorded.
  std::unique_lock<std::mutex> begin() { return std::unique_lock(reloading_); }
  void set(LastReload reload) {
    std::lock_guard lock(mutex_);
    last_ = std::move(reload);
  }
  /// The last reload. A failed one waits for a reload under way: its good
  /// sets may be served already, and health must not call them degraded.
  std::optional<LastReload> get() const {
    auto last = read();
    if (!last || !last->failed()) return last;
    std::lock_guard wait(reloading_);
    return read();
  }

 private:
  std::optional<LastReload> read() const {
    std::lock_guard lock(mutex_);
    return last_;
  }
  mutable std::mutex reloading_;
  mutable std::mutex mutex_;
  std::optional<LastReload> last_;
};

}  // namespace drivemock::control
