#pragma once
// --watch: calls back when a scenario file or directory changes (inotify).
// Files are watched through their directory, because editors save by writing
// a new file and renaming it over the old one. Bursts of events (an editor's
// save is several) are folded into one call after they settle.

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "util/result.h"

namespace drivemock::scenario {

class FileWatcher {
 public:
  FileWatcher(std::vector<std::string> paths, std::function<void()> on_change);
  ~FileWatcher();
  FileWatcher(const FileWatcher&) = delete;
  FileWatcher& operator=(const FileWatcher&) = delete;

  /// Starts watching; returns why it cannot, if it cannot.
  Status start();

 private:
  struct Watch {
    int descriptor;
    std::string only_name;  ///< for a watched file: its name; empty for a directory
  };

  void run();
  bool relevant_events();

  std::vector<std::string> paths_;
  std::function<void()> on_change_;
  int inotify_fd_ = -1;
  std::vector<Watch> watches_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace drivemock::scenario
