// The capture log: what a recording streams to disk as it captures, read
// back whole (bodies byte for byte, headers, added operations, what was not
// captured) so that a killed recording's file is the file its stop would
// have written; a torn last line left out; a line that cannot be written
// whole cut back.
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>

#include "record/capture_log.h"
#include "record/capture_log_file.h"
#include "record/recorder.h"
#include "record/recording_file.h"
#include "record/recording_yaml.h"
#include "temp_dir.h"

using namespace drivemock;
using namespace drivemock::record;
using drivemock::testing::read_text_file;
using drivemock::testing::TempDir;

namespace {

/// An added operation, as a scenario file defines the SDK's lock.
contract::Operation lock_operation() {
  contract::Operation op;
  op.name = "lock";
  op.path = "/v3/user/lock";
  op.fields = {{"uuid", contract::FieldType::string, contract::Presence::required},
               {"type", contract::FieldType::string, contract::Presence::optional}};
  op.builtin_answer = json_reply(200, R"({"status":true,"data":{"acquired":true}})");
  op.source = "scenarios/service/lock-operation.yaml";
  op.line = 3;
  op.column = 3;
  op.state_on_success = "locked";
  return op;
}

/// A recorder streaming to a log in `dir`, fed a few calls of each kind.
std::unique_ptr<Recorder> fed_recorder(const TempDir& dir) {
  auto log = open_capture_log(dir.file("rec.yaml"), "http://upstream");
  REQUIRE(log);
  auto recorder = std::make_unique<Recorder>();
  REQUIRE(recorder->start("http://upstream", std::move(log).value()));
  contract::OperationSet in_force = *contract::builtin_set();
  contract::Operation lock = lock_operation();
  in_force.list.push_back(lock);
  // A 429 with its headers, a body that is no UTF-8, one with a color.
  recorder->capture({"trash",
                     "u1",
                     {},
                     429,
                     R"({"status":false,"code":"rate_limited"})",
                     "application/json",
                     "/v3/dir/trash",
                     {{"Retry-After", "1"}},
                     1234},
                    contract::find_by_name("trash"), in_force);
  recorder->capture({"trash",
                     "u2",
                     {},
                     200,
                     std::string("\xff\xfe\x00raw", 6),
                     "application/octet-stream",
                     "/v3/dir/trash"},
                    contract::find_by_name("trash"), in_force);
  recorder->capture({"color",
                     "u3",
                     {{"color", "\"red\"", contract::FieldType::string}},
                     200,
                     R"({"status":true})",
                     "application/json",
                     "/v3/dir/color"},
                    contract::find_by_name("color"), in_force);
  recorder->capture({"lock",
                     "l1",
                     {},
                     200,
                     R"({"status":true,"data":{"acquired":true}})",
                     "application/json",
                     "/v3/user/lock"},
                    &in_force.list.back(), in_force);
  // A path no operation defines: learnt at stop, from the names then in force.
  recorder->capture({"",
                     std::nullopt,
                     {{"uuid", "\"r1\"", contract::FieldType::string},
                      {"name", "\"new\"", contract::FieldType::string}},
                     200,
                     R"({"status":true})",
                     "application/json",
                     "/v3/dir/rename"},
                    nullptr, in_force);
  recorder->skip("GET", "/v3/health", "method GET: only POST calls are replayed");
  recorder->skip("GET", "/v3/health", "method GET: only POST calls are replayed");
  return recorder;
}

}  // namespace

TEST_CASE("a killed recording's capture log recovers to the file its stop would have written") {
  TempDir dir;
  auto recorder = fed_recorder(dir);
  std::string log = dir.file("rec.yaml.captures.jsonl");
  REQUIRE(std::filesystem::exists(log));  // on disk while it runs
  // Were it killed now, this is what a recovery makes of the log:
  std::string text = read_text_file(log);
  std::filesystem::copy_file(log, dir.file("copy.yaml.captures.jsonl"));
  auto recovered = recover_recording(dir.file("copy.yaml.captures.jsonl"), "");
  REQUIRE(recovered);
  CHECK(recovered->saved.file == dir.file("copy.yaml"));
  CHECK(recovered->saved.captured == 5);
  CHECK(recovered->unreadable == 0);
  CHECK_FALSE(std::filesystem::exists(dir.file("copy.yaml.captures.jsonl")));
  // ...the same scenario as the stop writes (its name is its start time in both).
  auto stopped = recorder->stop();
  REQUIRE(stopped);
  std::string name = recording_name(stopped->started);
  CHECK(read_text_file(dir.file("copy.yaml")) == recording_yaml(*stopped, name));
  CHECK(recovered->saved.learnt == std::vector<std::string>{"dir-rename"});
  CHECK(recovered->saved.uncaptured_calls == 2);
  CHECK(read_text_file(dir.file("copy.yaml")).find("Retry-After: \"1\"") != std::string::npos);
  CHECK(read_text_file(dir.file("copy.yaml")).find("{http: 429, delay_ms: 1234,") !=
        std::string::npos);
  // Once written, the log goes.
  recorder->saved();
  CHECK_FALSE(std::filesystem::exists(log));
}

TEST_CASE("a torn last line is left out and counted, and bytes of a body come back exactly") {
  Capture binary{"trash", "u", {}, 200, std::string("\x00\x01\xff\n\"", 5), "", "/v3/dir/trash"};
  std::string text = start_line("http://up", std::chrono::system_clock::now()) +
                     capture_line(binary) + capture_line(binary);
  text.resize(text.size() - 7);  // a crash mid-write
  auto read = read_capture_log(text);
  REQUIRE(read);
  REQUIRE(read->recording.captures.size() == 1);
  CHECK(read->recording.captures[0].body == binary.body);
  CHECK(read->unreadable == 1);
  CHECK_FALSE(read_capture_log(capture_line(binary)));  // no start line: no capture log
}

TEST_CASE("a line that cannot be written whole is cut back, so the log keeps whole lines") {
  TempDir dir;
  auto log = CaptureLogFile::create(dir.file("r.captures.jsonl"), "http://up",
                                    std::chrono::system_clock::now());
  REQUIRE(log);
  Capture small{"trash", "u", {}, 200, "{}", "", "/v3/dir/trash"};
  REQUIRE((*log)->append(capture_line(small)));
  auto before = std::filesystem::file_size(dir.file("r.captures.jsonl"));
  // The disk "fills" in the middle of a large call.
  rlimit saved{};
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
  auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small_limit = saved;
  small_limit.rlim_cur = before + 100;
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &small_limit) == 0);
  Capture large = small;
  large.body = std::string(10000, 'x');
  auto written = (*log)->append(capture_line(large));
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &saved) == 0);
  std::signal(SIGXFSZ, old_handler);
  REQUIRE_FALSE(written);
  CHECK(std::filesystem::file_size(dir.file("r.captures.jsonl")) == before);
  auto read = read_capture_log(read_text_file(dir.file("r.captures.jsonl")));
  REQUIRE(read);
  CHECK(read->recording.captures.size() == 1);
  CHECK(read->unreadable == 0);
}

TEST_CASE("a capture log is never made over another file or through a symbolic link") {
  TempDir dir;
  std::ofstream(dir.file("taken.captures.jsonl")) << "someone's";
  auto over = CaptureLogFile::create(dir.file("taken.captures.jsonl"), "http://up",
                                     std::chrono::system_clock::now());
  REQUIRE_FALSE(over);
  CHECK(over.error().message.find("a capture log is there already") != std::string::npos);
  CHECK(read_text_file(dir.file("taken.captures.jsonl")) == "someone's");
  std::filesystem::create_symlink(dir.file("elsewhere"), dir.file("link.captures.jsonl"));
  CHECK_FALSE(CaptureLogFile::create(dir.file("link.captures.jsonl"), "http://up",
                                     std::chrono::system_clock::now()));
  CHECK_FALSE(std::filesystem::exists(dir.file("elsewhere")));
}

TEST_CASE("a capture log a recording still writes is not recovered by another drivemock") {
  TempDir dir;
  auto log = open_capture_log(dir.file("live.yaml"), "http://up");
  REQUIRE(log);  // held, and locked, as by a recording drivemock
  auto taken = take_capture_log(dir.file("live.yaml.captures.jsonl"));
  REQUIRE_FALSE(taken);
  CHECK(taken.error().message == dir.file("live.yaml.captures.jsonl") +
                                     " is being written by a drivemock that is recording");
}

TEST_CASE("a capture log another user planted, or a FIFO, is not recovered as one's own") {
  TempDir dir;
  std::string record_to = dir.file("rec.yaml");
  std::string log_path = record_to + ".captures.jsonl";
  {
    auto log = open_capture_log(record_to, "http://up");
    REQUIRE(log);
  }  // left as a killed recording leaves it
  REQUIRE(::chmod(log_path.c_str(), 0666) == 0);
  auto loose = take_capture_log(log_path);
  REQUIRE_FALSE(loose);
  CHECK_THAT(loose.error().message, Catch::Contains("other users can write (mode 666)"));
  recover_left_recordings(record_to);
  CHECK_FALSE(std::filesystem::exists(record_to));
  if (::geteuid() == 0) {
    REQUIRE(::chmod(log_path.c_str(), 0644) == 0);
    REQUIRE(::chown(log_path.c_str(), 65534, 65534) == 0);
    auto theirs = take_capture_log(log_path);
    REQUIRE_FALSE(theirs);
    CHECK_THAT(theirs.error().message, Catch::Contains("owned by another user (uid 65534)"));
    recover_left_recordings(record_to);
    CHECK_FALSE(std::filesystem::exists(record_to));
  }
  // A FIFO at the name is refused at once, not waited on for a writer.
  std::string fifo = dir.file("f.yaml.captures.jsonl");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  auto waited = take_capture_log(fifo);
  REQUIRE_FALSE(waited);
  CHECK(waited.error().message == fifo + " is not a regular file");
}
