#include "scenario/file_watcher.h"

#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace drivemock::scenario {
namespace {

namespace fs = std::filesystem;

constexpr uint32_t kEvents =
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY;
constexpr int kPollMs = 100;
constexpr int kSettleMs = 150;

bool is_scenario_name(const std::string& name) {
  auto ext = fs::path(name).extension();
  return ext == ".yaml" || ext == ".yml";
}

}  // namespace

FileWatcher::FileWatcher(std::vector<std::string> paths, std::function<void()> on_change)
    : paths_(std::move(paths)), on_change_(std::move(on_change)) {}

FileWatcher::~FileWatcher() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
  if (inotify_fd_ >= 0) ::close(inotify_fd_);
}

Status FileWatcher::start() {
  inotify_fd_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (inotify_fd_ < 0) return Error{std::string("cannot watch files: ") + std::strerror(errno)};
  for (const auto& p : paths_) {
    std::error_code ec;
    bool dir = fs::is_directory(p, ec);
    fs::path target = dir ? fs::path(p) : fs::absolute(p).parent_path();
    int wd = inotify_add_watch(inotify_fd_, target.c_str(), kEvents);
    if (wd < 0) return Error{"cannot watch " + target.string() + ": " + std::strerror(errno)};
    watches_.push_back({wd, dir ? std::string() : fs::path(p).filename().string()});
  }
  thread_ = std::thread([this] { run(); });
  return done();
}

bool FileWatcher::relevant_events() {
  alignas(inotify_event) char buffer[8192];
  bool relevant = false;
  ssize_t n;
  while ((n = ::read(inotify_fd_, buffer, sizeof buffer)) > 0) {
    for (char* p = buffer; p < buffer + n;) {
      auto* event = reinterpret_cast<inotify_event*>(p);
      std::string name = event->len ? event->name : "";
      for (const auto& w : watches_) {
        if (w.descriptor != event->wd) continue;
        relevant |= w.only_name.empty() ? is_scenario_name(name) : name == w.only_name;
      }
      p += sizeof(inotify_event) + event->len;
    }
  }
  return relevant;
}

void FileWatcher::run() {
  pollfd p{inotify_fd_, POLLIN, 0};
  while (!stopping_) {
    if (::poll(&p, 1, kPollMs) <= 0 || !relevant_events()) continue;
    // Let the burst of one save settle before reading the files.
    while (!stopping_ && ::poll(&p, 1, kSettleMs) > 0) relevant_events();
    if (!stopping_) on_change_();
  }
}

}  // namespace drivemock::scenario
