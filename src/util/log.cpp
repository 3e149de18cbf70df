#include "util/log.h"

#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include "util/text.h"

namespace drivemock::log {
namespace {

struct Line {
  Level level;
  std::string text;
};

/// Writes all of `text` and a newline to standard error; gives up on an
/// error (a closed pipe) rather than retrying forever.
void write_stderr(std::string_view text) {
  std::string line(text);
  line += '\n';
  size_t done = 0;
  while (done < line.size()) {
    ssize_t n = ::write(STDERR_FILENO, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

class Writer {
 public:
  Writer() {
    std::thread([this] { run(); }).detach();
  }

  void push(Level level, std::string_view text) {
    {
      std::lock_guard lock(mutex_);
      if (queue_.size() >= kMaxQueuedLines) {
        ++dropped_;
        ++unreported_;
        return;
      }
      queue_.push_back({level, std::string(text)});
    }
    wake_.notify_one();
  }

  void set_sink(Sink sink) {
    std::lock_guard lock(mutex_);
    sink_ = std::move(sink);
  }

  uint64_t dropped() {
    std::lock_guard lock(mutex_);
    return dropped_;
  }

  bool flush(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return idle_.wait_for(lock, timeout, [&] { return queue_.empty() && !writing_; });
  }

 private:
  void run() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return !queue_.empty(); });
      std::deque<Line> batch;
      batch.swap(queue_);
      Sink sink = sink_;
      writing_ = true;
      lock.unlock();
      for (const auto& line : batch) emit(sink, line.level, line.text);
      lock.lock();
      // The sink has caught up with every line queued before the drops:
      // say once what it missed meanwhile.
      uint64_t missed = queue_.empty() ? std::exchange(unreported_, 0) : 0;
      if (missed > 0) {
        lock.unlock();
        emit(sink, Level::warning,
             "drivemock: warning: " + std::to_string(missed) +
                 " log lines were dropped because the log's reader (standard error) did not "
                 "keep up");
        lock.lock();
      }
      writing_ = false;
      if (queue_.empty()) idle_.notify_all();
    }
  }

  static void emit(const Sink& sink, Level level, std::string_view text) {
    // A line is one line, and only text: a request's bytes (a uuid with a
    // line break or a terminal's escape sequences in it) can neither forge
    // lines nor drive the terminal reading them.
    std::string escaped;
    if (has_control(text)) {
      escaped = escape_controls(text);
      text = escaped;
    }
    if (sink) {
      sink(level, text);
    } else {
      write_stderr(text);
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<Line> queue_;
  Sink sink_;
  bool writing_ = false;
  uint64_t dropped_ = 0;
  uint64_t unreported_ = 0;
};

/// Never destroyed: at exit its thread may still be blocked in a write to a
/// pipe nobody reads, and the process must be able to end regardless.
Writer& writer() {
  static Writer* instance = new Writer;
  return *instance;
}

}  // namespace

void set_sink(Sink sink) {
  writer().set_sink(std::move(sink));
}

void write(Level level, std::string_view line) {
  writer().push(level, line);
}

uint64_t dropped() {
  return writer().dropped();
}

bool flush(std::chrono::milliseconds timeout) {
  return writer().flush(timeout);
}

}  // namespace drivemock::log
