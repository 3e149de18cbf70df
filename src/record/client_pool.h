#pragma once
// Kept-alive upstream clients while recording: a call takes an idle client
// for its target (or makes one), and gives it back when the answer was read
// whole, so that a recording's calls reuse connections (and an https
// target's TLS context) instead of opening one per call: a connection per
// call held the recorder to a quarter of its backend's pace (issue 56).
//
// A client idle longer than kMaxIdle is not reused: a backend closes idle
// connections after its own time-out (5 s is common), and a call sent on a
// connection the backend is closing at that moment fails where it must not,
// a recorded POST being no call to send twice. httplib also checks that an
// idle socket is still open before it sends on it.

#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace httplib {
class Client;
}

namespace drivemock::record {

class ClientPool {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds kMaxIdle{2000};
  /// At most this many idle clients are kept per target; more are closed.
  static constexpr size_t kMaxIdlePerTarget = 32;

  ClientPool();
  ~ClientPool();
  ClientPool(const ClientPool&) = delete;
  ClientPool& operator=(const ClientPool&) = delete;

  /// An idle client for `target` (a key naming where it connects and how),
  /// or null when there is none fresh enough.
  std::unique_ptr<httplib::Client> take(const std::string& target, Clock::time_point now);
  /// A client whose last call was read whole, for the next call to `target`.
  void give_back(const std::string& target, std::unique_ptr<httplib::Client> client,
                 Clock::time_point now);
  /// Idle clients kept, all targets (tests).
  size_t idle() const;

 private:
  struct Idle {
    std::unique_ptr<httplib::Client> client;
    Clock::time_point since;
  };
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::vector<Idle>> idle_;
};

}  // namespace drivemock::record
