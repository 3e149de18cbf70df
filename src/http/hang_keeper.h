#pragma once
// Holds the connections that a `hang` fault leaves unanswered, so that no
// worker thread waits with them: a hang would otherwise take a thread out of
// the pool for as long as the client waits, and enough hangs would starve
// every other client. One thread polls all held connections, drops each when
// its client gives up, and resets the rest when the server stops.

#include <mutex>
#include <thread>
#include <vector>

namespace drivemock {

class HangKeeper {
 public:
  HangKeeper();
  /// Resets every held connection and joins the thread.
  ~HangKeeper();
  HangKeeper(const HangKeeper&) = delete;
  HangKeeper& operator=(const HangKeeper&) = delete;

  /// Takes ownership of `fd`, a connected socket that gets no answer.
  void keep(int fd);
  /// Resets and closes every held connection (the server is stopping).
  void release_all();
  /// How many connections are held now.
  size_t held() const;

 private:
  void run();
  void wake();

  mutable std::mutex mutex_;
  std::vector<int> held_;
  bool stopping_ = false;
  int wake_fd_ = -1;  ///< an eventfd that interrupts poll()
  std::thread thread_;
};

}  // namespace drivemock
