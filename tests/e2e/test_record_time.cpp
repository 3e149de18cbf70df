// A recording keeps time (issue 76, part 5): each answer is written with the
// upstream's time as its delay_ms, so a slow real answer replays slow, not
// fast; a recording started with keepDelays false (or --record-drop-delays)
// writes none. Only lower bounds are asserted: the upstream waits at least
// what it is scripted to, whatever the machine's load.
#include <filesystem>
#include <regex>

#include "e2e/server_fixture.h"
#include "scenario/loader.h"
#include "temp_dir.h"

using namespace drivemock::testing;

namespace {

const char* kSlowBackend = R"(
directories:
  slow:
    trash: {delay_ms: 300, body: {status: success, code: dir_trashed}}
)";

/// The delay_ms written for `uuid`'s trash in a recording's text.
int recorded_delay(const std::string& yaml, const std::string& uuid) {
  auto parsed = drivemock::scenario::parse_scenario(yaml, "recording.yaml", "recording");
  REQUIRE(parsed.value);
  return parsed.value->directories.at(uuid).operations.at("trash").at(0).answers.at(0).delay_ms;
}

std::string record(RunningServer& backend, const std::string& start_body) {
  TempDir dir;
  drivemock::ServerOptions options;
  options.record_to = (dir.path / "timed.yaml").string();
  RunningServer recorder(options);
  recorder.admin_json(
      "POST", "/__admin/recordings/start",
      R"({"targetBaseUrl":")" + backend.server().base_url() + "\"" + start_body + "}");
  REQUIRE(recorder.trash("slow"));
  auto stopped = recorder.admin_json("POST", "/__admin/recordings/stop");
  return stopped["scenario"].GetString();
}

}  // namespace

TEST_CASE("a recorded answer keeps the upstream's time as its delay_ms, and replays it") {
  RunningServer backend(kSlowBackend);
  std::string yaml = record(backend, "");
  int delay = recorded_delay(yaml, "slow");
  CHECK(delay >= 300);
  CHECK(delay <= 600000);
  CHECK(std::regex_search(yaml, std::regex(R"("slow":\n    trash: \{delay_ms: \d+, body:)")));
  // The replay scripts that delay (the engine waits what a rule says).
  drivemock::ServerOptions replay;
  replay.scenario_texts = {yaml};
  RunningServer replayer(replay);
  auto answer = replayer.trash("slow");
  REQUIRE(answer);
  CHECK(answer->body == R"({"status":"success","code":"dir_trashed"})");
}

TEST_CASE("keepDelays false records the answers without their time") {
  RunningServer backend(kSlowBackend);
  std::string yaml = record(backend, R"(,"keepDelays":false)");
  CHECK(recorded_delay(yaml, "slow") == 0);
  CHECK(yaml.find("delay_ms") == std::string::npos);
}

TEST_CASE("a keepDelays that is not a boolean is refused, and nothing records") {
  RunningServer backend(kSlowBackend);
  RunningServer recorder;
  auto refused = recorder.admin(
      "POST", "/__admin/recordings/start",
      R"({"targetBaseUrl":")" + backend.server().base_url() + R"(","keepDelays":"no"})");
  REQUIRE(refused);
  CHECK(refused->status == 400);
  CHECK(refused->body.find("keepDelays must be true") != std::string::npos);
  auto status = recorder.admin_json("GET", "/__admin/recordings/status");
  CHECK(std::string(status["status"].GetString()) == "NeverStarted");
}
