// The journal file never holds up a request: a full disk, a file size limit
// or a pipe nobody reads are counted and logged, never waited for, and never
// leave half a line behind in a regular file.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <vector>

#include "journal/journal_file.h"
#include "log_capture.h"
#include "temp_dir.h"

using drivemock::journal::JournalFile;
using drivemock::testing::LogCapture;
using drivemock::testing::TempDir;

namespace {

std::string numbered_line(int i, size_t width = 40) {
  std::string line = "{\"id\":" + std::to_string(i) + ",\"pad\":\"";
  line += std::string(width, 'x') + "\"}\n";
  return line;
}

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// A FIFO with a reader that reads only when asked.
struct Fifo {
  explicit Fifo(const std::string& where) : path(where) {
    REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
    reader = ::open(path.c_str(), O_RDONLY | O_NONBLOCK);
    REQUIRE(reader >= 0);
  }
  ~Fifo() { ::close(reader); }
  /// Reads until `lines` newlines have arrived.
  std::string read_lines(size_t lines) {
    std::string text;
    size_t seen = 0;
    char buffer[65536];
    fcntl(reader, F_SETFL, 0);  // blocking from now on
    while (seen < lines) {
      ssize_t n = ::read(reader, buffer, sizeof buffer);
      REQUIRE(n > 0);
      for (ssize_t i = 0; i < n; ++i) seen += buffer[i] == '\n';
      text.append(buffer, static_cast<size_t>(n));
    }
    return text;
  }
  std::string path;
  int reader = -1;
};

}  // namespace

TEST_CASE("every entry is one whole line in order, written before append returns") {
  TempDir dir;
  auto opened = JournalFile::open(dir.file("journal.jsonl"));
  REQUIRE(opened.ok());
  JournalFile& file = **opened;
  for (int i = 1; i <= 100; ++i) {
    file.append_line(numbered_line(i));
    // Written by the calling thread: in the file already, as after kill -9.
    CHECK(lines_of(dir.file("journal.jsonl")).size() == static_cast<size_t>(i));
  }
  auto lines = lines_of(dir.file("journal.jsonl"));
  CHECK(lines.front() == numbered_line(1).substr(0, numbered_line(1).size() - 1));
  CHECK(lines.back() == numbered_line(100).substr(0, numbered_line(100).size() - 1));
  auto stats = file.stats();
  CHECK(stats.written == 100);
  CHECK(stats.failed == 0);
  CHECK(stats.last_error.empty());
}

TEST_CASE("a full disk counts every entry as failed and logs the error once") {
  LogCapture log;
  auto opened = JournalFile::open("/dev/full");
  REQUIRE(opened.ok());
  JournalFile& file = **opened;
  for (int i = 0; i < 50; ++i) file.append_line(numbered_line(i));
  auto stats = file.stats();
  CHECK(stats.written == 0);
  CHECK(stats.failed == 50);
  CHECK(stats.last_error == "No space left on device");
  auto lines = log.taken();
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].find("/dev/full: No space left on device") != std::string::npos);
  CHECK(lines[0].find("in-memory journal") != std::string::npos);
}

TEST_CASE("a file size limit reached mid-line leaves whole lines only, and writing resumes") {
  TempDir dir;
  std::string path = dir.file("journal.jsonl");
  const std::string line = numbered_line(1, 250);  // 266 bytes
  rlimit saved{};
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
  auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  {
    LogCapture log;
    auto opened = JournalFile::open(path);
    REQUIRE(opened.ok());
    JournalFile& file = **opened;
    rlimit small = saved;
    small.rlim_cur = 3 * line.size() + 100;  // the fourth line fits only in part
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
    for (int i = 0; i < 5; ++i) file.append_line(line);
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &saved) == 0);
    CHECK(std::filesystem::file_size(path) == 3 * line.size());
    file.append_line(line);  // the disk has room again
    auto stats = file.stats();
    CHECK(stats.written == 4);
    CHECK(stats.failed == 2);
    CHECK(stats.last_error == "File too large");
    CHECK(log.taken().size() == 1);
  }
  std::signal(SIGXFSZ, old_handler);
  auto lines = lines_of(path);
  REQUIRE(lines.size() == 4);
  for (const auto& l : lines) CHECK(l + "\n" == line);
}

TEST_CASE(
    "a pipe nobody reads never blocks append, and its reader later gets every line in order") {
  TempDir dir;
  Fifo fifo(dir.file("journal.fifo"));
  auto opened = JournalFile::open(fifo.path);
  REQUIRE(opened.ok());
  JournalFile& file = **opened;
  constexpr int kLines = 5000;  // about 330 KB: five times what a pipe holds
  for (int i = 0; i < kLines; ++i) file.append_line(numbered_line(i));
  CHECK(file.stats().written < static_cast<uint64_t>(kLines));  // the rest waits
  std::string text = fifo.read_lines(kLines);
  std::string expected;
  for (int i = 0; i < kLines; ++i) expected += numbered_line(i);
  CHECK(text == expected);
  file.close(std::chrono::seconds(10));
  CHECK(file.stats().written == static_cast<uint64_t>(kLines));
  CHECK(file.stats().failed == 0);
}

TEST_CASE("past its bound the backlog of a blocked pipe counts lines as failed") {
  TempDir dir;
  Fifo fifo(dir.file("journal.fifo"));
  LogCapture log;
  auto opened = JournalFile::open(fifo.path, 64 * 1024);
  REQUIRE(opened.ok());
  JournalFile& file = **opened;
  for (int i = 0; i < 5000; ++i) file.append_line(numbered_line(i));
  auto stats = file.stats();
  CHECK(stats.failed > 0);
  CHECK(stats.last_error.find("not keeping up") != std::string::npos);
  // A stop does not wait for a reader that never comes: what waits fails.
  file.close(std::chrono::milliseconds(50));
  auto closed = file.stats();
  CHECK(closed.written + closed.failed == 5000);
  CHECK(closed.last_error.find("still waiting") != std::string::npos);
  auto lines = log.taken();
  CHECK(lines.size() == 2);  // once per kind: the backlog, the stop
}

TEST_CASE("a FIFO without a reader is an error at open, not a hang") {
  TempDir dir;
  std::string path = dir.file("no-reader.fifo");
  REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
  auto opened = JournalFile::open(path);
  REQUIRE_FALSE(opened.ok());
  CHECK(opened.error().message.find("No such device or address") != std::string::npos);
}
