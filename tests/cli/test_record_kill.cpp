// A recording drivemock killed mid-recording (kill -9: a CI job's time-out,
// the OOM killer) loses no answered call: each went to its capture log as it
// was answered, and `drivemock recover`, or the next start with the same
// --record-to, turns the log into the scenario file.
#include <httplib.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>

#include "cli/binary.h"
#include "cli/process.h"
#include "e2e/server_fixture.h"
#include "temp_dir.h"

using namespace drivemock::testing;
namespace fs = std::filesystem;

namespace {

constexpr int kCalls = 40;

/// Starts a drivemock recording from `backend` into `file`, makes kCalls
/// trash calls through it (each answered), and kills it with SIGKILL.
void record_then_kill(RunningServer& backend, const fs::path& file) {
  Process recorder({kBinary, "--port", "0", "--quiet", "--record-from", backend.server().base_url(),
                    "--record-to", file.string()});
  httplib::Client client("127.0.0.1", port_of(recorder.read_line()));
  for (int i = 0; i < kCalls; ++i) {
    auto res = client.Post("/v3/dir/trash", R"({"uuid":"d)" + std::to_string(i) + R"("})",
                           "application/json");
    REQUIRE(res);
    REQUIRE(res->status == 200);
  }
  recorder.signal(SIGKILL);
  CHECK(recorder.wait_exit() == 128 + SIGKILL);
}

/// How many uuids the scenario file scripts answers for.
int scripted_uuids(const fs::path& file) {
  std::ifstream in(file);
  int uuids = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("  \"d") && line.ends_with("\":")) ++uuids;
  }
  return uuids;
}

}  // namespace

TEST_CASE("kill -9 mid-recording loses no answered call: drivemock recover writes them all") {
  TempDir dir;
  RunningServer backend("directories: {}");
  fs::path file = dir.path / "rec.yaml";
  record_then_kill(backend, file);
  CHECK_FALSE(fs::exists(file));
  fs::path log = dir.path / "rec.yaml.captures.jsonl";
  REQUIRE(fs::exists(log));

  Process recover({kBinary, "recover", log.string()});
  CHECK(recover.wait_exit() == 0);
  CHECK(recover.out() == "recovered " + std::to_string(kCalls) + " calls from " + log.string() +
                             " into " + file.string() + "\n");
  CHECK(scripted_uuids(file) == kCalls);
  CHECK_FALSE(fs::exists(log));
  // It replays: each uuid answers as the backend did.
  drivemock::ServerOptions replay;
  replay.scenario_paths = {file.string()};
  RunningServer replayer(replay);
  CHECK(replayer.trash("d7")->status == 200);
  CHECK(replayer.requests()["requests"][0]["matched"].IsObject());
}

TEST_CASE("the next start with the same --record-to recovers a killed recording first") {
  TempDir dir;
  RunningServer backend("directories: {}");
  fs::path file = dir.path / "rec.yaml";
  record_then_kill(backend, file);
  Process again({kBinary, "--port", "0", "--record-to", file.string()});
  port_of(again.read_line());
  CHECK(again.wait_for_err("a recording cut short was recovered: " + std::to_string(kCalls) +
                           " calls from " + file.string() + ".captures.jsonl written to " +
                           file.string()));
  again.signal(SIGTERM);
  CHECK(again.wait_exit() == 0);
  CHECK(scripted_uuids(file) == kCalls);
  CHECK_FALSE(fs::exists(dir.path / "rec.yaml.captures.jsonl"));
}

TEST_CASE("drivemock recover says why a file is no capture log, and leaves it") {
  TempDir dir;
  std::ofstream(dir.file("x.captures.jsonl")) << "not json\n";
  Process recover({kBinary, "recover", dir.file("x.captures.jsonl")});
  CHECK(recover.wait_exit() == 1);
  CHECK(recover.err() == "drivemock: error: cannot recover " + dir.file("x.captures.jsonl") +
                             ": it is no drivemock capture log (no recording line)\n");
  CHECK(fs::exists(dir.file("x.captures.jsonl")));
}
