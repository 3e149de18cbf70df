#include "http/hang_keeper.h"

#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>

namespace drivemock {
namespace {

void close_with_reset(int fd) {
  linger abort_on_close{1, 0};
  setsockopt(fd, SOL_SOCKET, SO_LINGER, &abort_on_close, sizeof abort_on_close);
  ::close(fd);
}

/// Reads what the client sends (it is not answered) and says whether the
/// client is still there.
bool client_still_there(int fd, short revents) {
  if (revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) return false;
  char buffer[4096];
  ssize_t n = ::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
  return n > 0 || (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR));
}

}  // namespace

HangKeeper::HangKeeper()
    : wake_fd_(eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)), thread_([this] { run(); }) {}

HangKeeper::~HangKeeper() {
  release_all();
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake();
  thread_.join();
  ::close(wake_fd_);
}

void HangKeeper::keep(int fd) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      held_.push_back(fd);
      fd = -1;
    }
  }
  if (fd >= 0) close_with_reset(fd);
  wake();
}

void HangKeeper::release_all() {
  std::lock_guard lock(mutex_);
  for (int fd : held_) close_with_reset(fd);
  held_.clear();
}

size_t HangKeeper::held() const {
  std::lock_guard lock(mutex_);
  return held_.size();
}

void HangKeeper::wake() {
  uint64_t one = 1;
  [[maybe_unused]] ssize_t n = ::write(wake_fd_, &one, sizeof one);
}

void HangKeeper::run() {
  std::vector<pollfd> polled;
  for (;;) {
    polled.assign(1, pollfd{wake_fd_, POLLIN, 0});
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      for (int fd : held_) polled.push_back({fd, POLLIN | POLLRDHUP, 0});
    }
    if (::poll(polled.data(), polled.size(), -1) <= 0) continue;
    uint64_t drained;
    [[maybe_unused]] ssize_t n = ::read(wake_fd_, &drained, sizeof drained);
    std::lock_guard lock(mutex_);
    for (size_t i = 1; i < polled.size(); ++i) {
      if (polled[i].revents == 0 || client_still_there(polled[i].fd, polled[i].revents)) continue;
      auto it = std::find(held_.begin(), held_.end(), polled[i].fd);
      if (it == held_.end()) continue;  // released meanwhile
      ::close(*it);
      held_.erase(it);
    }
  }
}

}  // namespace drivemock
