// `drivemock drift`: the project's example scenarios against a recording
// of a stand-in for the service (examples/recordings/service.yaml, made by
// tests/clients/js-sdk/record-example.js with the official SDK).
#include <rapidjson/document.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "cli/binary.h"
#include "cli/process.h"
#include "paths.h"
#include "temp_dir.h"

using namespace drivemock::testing;

namespace {

const std::string kDriftScenarios = drivemock::testing::scenarios_dir();
const std::string kRecording = kDriftScenarios + "/../examples/recordings/service.yaml";

}  // namespace

TEST_CASE("drift: the document-dialect examples have drifted from the service, and exit 1") {
  Process p({kBinary, "drift", kRecording, kDriftScenarios});
  CHECK(p.wait_exit() == 1);
  INFO(p.out());
  // Findings alike are grouped: one line, the count, the first positions.
  CHECK(p.out().find(": error: trash answers status \"success\" (a string) where the service's "
                     "trash answers have status a boolean (2 of 2) [type_differs] (") !=
        std::string::npos);
  CHECK(p.out().find(kDriftScenarios + "/trash-flow.yaml:9:5") != std::string::npos);
  CHECK(p.out().find(": note: trash answers code \"dir_already_trashed\", which the service "
                     "never sent for trash (it sent dir_trashed x1, folder_not_found x1) "
                     "[code_unseen]") != std::string::npos);
  CHECK(p.out().find("drift: 22 error(s), 10 note(s) in 4 scenario set(s) against " + kRecording +
                     " (13 distinct)\n") != std::string::npos);
}

TEST_CASE("drift: the service-shaped examples match the service, with notes only, and exit 0") {
  Process p({kBinary, "drift", "--dialect", "service", kRecording, kDriftScenarios + "/service"});
  CHECK(p.wait_exit() == 0);
  INFO(p.out());
  CHECK(p.out().find("ok: 0 error(s), 2 note(s) in 2 scenario set(s)") != std::string::npos);
}

TEST_CASE("drift --json gives the findings to tools") {
  Process p({kBinary, "drift", "--json", kRecording, kDriftScenarios + "/trash-flow.yaml"});
  CHECK(p.wait_exit() == 1);
  rapidjson::Document doc;
  doc.Parse(p.out().c_str());
  REQUIRE(doc.IsObject());
  CHECK(doc["errors"].GetUint() == 6);
  const auto& first = doc["findings"][0];
  CHECK(std::string(first["kind"].GetString()) == "type_differs");
  CHECK(first["line"].GetInt() == 9);
  CHECK(std::string(first["service"].GetString()) == "a boolean");
}

TEST_CASE("drift: a recording or scenario that cannot be read exits 2 saying where") {
  TempDir dir;
  std::ofstream(dir.file("aliased.yaml")) << "a: &x {}\nb: *x\n";
  std::ofstream(dir.file("bad.yaml")) << "directories:\n  u: {trsh: {}}\n";
  Process aliased({kBinary, "drift", dir.file("aliased.yaml"), kDriftScenarios});
  CHECK(aliased.wait_exit() == 2);
  CHECK(aliased.out().find(dir.file("aliased.yaml") + ":2:4: error: aliases") != std::string::npos);
  Process bad({kBinary, "drift", kRecording, dir.file("bad.yaml")});
  CHECK(bad.wait_exit() == 2);
  CHECK(bad.out().find(dir.file("bad.yaml") + ":2:7: error: unknown key 'trsh'") !=
        std::string::npos);
}

TEST_CASE("drift: a file that is no recording exits 2, saying so") {
  // A CI drift gate pointed at the wrong file must fail, not pass with "ok".
  TempDir dir;
  std::ofstream(dir.file("settings.ini")) << "port = 8080\nhost = localhost\n";
  std::ofstream(dir.file("config.yaml")) << "retries: 3\ntimeout: 10\n";
  for (const char* name : {"settings.ini", "config.yaml"}) {
    Process p({kBinary, "drift", dir.file(name), kDriftScenarios});
    INFO(p.out());
    CHECK(p.wait_exit() == 2);
    CHECK(p.out().find(dir.file(name) + ":1:1: error: is no recording") != std::string::npos);
  }
}

TEST_CASE("drift and validate print what a recording or a file held escaped, as the log does") {
  TempDir dir;
  // A recorded upstream's code and a scenario's key, each with ESC, BEL and a C1 control.
  std::ofstream(dir.file("recording.yaml"))
      << "name: r\ndirectories:\n  d1:\n    trash: {body: {status: true, message: m, code: "
         "\"gone\\e[2J\\a\\u009b\"}}\n";
  std::ofstream(dir.file("scenario.yaml"))
      << "name: s\ndirectories:\n  d1:\n    trash: {body: {status: true, message: m, code: ok}}\n";
  std::ofstream(dir.file("bad.yaml"))
      << "name: b\ndirectories:\n  d1:\n    \"tr\\e]0;x\\aash\": {http: 200}\n";
  Process drift({kBinary, "drift", dir.file("recording.yaml"), dir.file("scenario.yaml")});
  drift.wait_exit();
  Process validate({kBinary, "validate", dir.file("bad.yaml")});
  CHECK(validate.wait_exit() == 1);
  for (const std::string& out : {drift.out(), validate.out()}) {
    INFO(out);
    CHECK(out.find("\\x1b") != std::string::npos);
    CHECK(out.find('\x1b') == std::string::npos);
    CHECK(out.find('\x07') == std::string::npos);
  }
  CHECK(drift.out().find("gone\\x1b[2J\\x07\\u009b") != std::string::npos);
  CHECK(drift.out().find("\xc2\x9b") == std::string::npos);
}
