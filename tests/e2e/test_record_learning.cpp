// What a recording keeps beyond the operations drivemock knows: calls to
// paths no operation defines are learnt as operations and replay on their
// own; calls that cannot be replayed are listed and journaled, never
// dropped in silence.
#include <filesystem>

#include "e2e/server_fixture.h"
#include "temp_dir.h"

using namespace drivemock::testing;
namespace fs = std::filesystem;

namespace {

/// A service with two operations the recorder does not know: one keyed by
/// uuid, one that names no entity.
const char* kService = R"(name: service
operations:
  rename: {path: /v3/dir/rename, fields: {uuid: string, name: string}}
  info: {path: /v3/user/info, fields: {verbose: boolean}, required: [], key: null}
defaults:
  info:
    respond: [{body: {status: true, n: 1}}, {body: {status: true, n: 2}}]
directories:
  d1:
    rename:
      respond: [{body: {status: false, code: name_taken}}, {body: {status: true, code: renamed}}]
)";

struct Call {
  std::string path;
  std::string body;
};

const std::vector<Call> kCalls = {
    {"/v3/dir/rename", R"({"uuid":"d1","name":"a"})"},
    {"/v3/dir/rename", R"({"uuid":"d1","name":"a"})"},
    {"/v3/user/info", "{}"},
    {"/v3/user/info", R"({"verbose":true})"},
};

std::vector<std::string> run_calls(const RunningServer& server) {
  std::vector<std::string> answers;
  for (const auto& call : kCalls) {
    auto res = server.post(call.path, call.body);
    REQUIRE(res);
    answers.push_back(std::to_string(res->status) + " " + res->body);
  }
  return answers;
}

/// Options that record from `service` into rec.yaml in `dir`.
drivemock::ServerOptions recording_from(RunningServer& service, const TempDir& dir) {
  drivemock::ServerOptions options;
  options.record_from = service.server().base_url();
  options.record_to = (dir.path / "rec.yaml").string();
  return options;
}

}  // namespace

TEST_CASE("calls to paths no operation defines are learnt, and the recording replays them") {
  TempDir dir;
  RunningServer direct(kService);
  auto expected = run_calls(direct);

  RunningServer service(kService);
  drivemock::ServerOptions options = recording_from(service, dir);
  RunningServer recorder(options);
  CHECK(run_calls(recorder) == expected);
  auto stopped = recorder.admin_json("POST", "/__admin/recordings/stop");
  CHECK(stopped["captured"].GetUint64() == 4);
  REQUIRE(stopped["learntOperations"].Size() == 2);
  CHECK(std::string(stopped["learntOperations"][0].GetString()) == "dir-rename");
  CHECK(std::string(stopped["learntOperations"][1].GetString()) == "user-info");
  std::string yaml = read_text_file(dir.path / "rec.yaml");
  INFO(yaml);
  // Fields with their JSON types, required when every call sent them; the
  // key uuid when every call sent one, else none.
  CHECK(yaml.find("  dir-rename:\n    path: /v3/dir/rename\n    fields: {uuid: string, name: "
                  "string}\n    required: [uuid, name]\n") != std::string::npos);
  CHECK(yaml.find("  user-info:\n    path: /v3/user/info\n    fields: {verbose: boolean}\n    "
                  "required: []\n    key: ~\n") != std::string::npos);
  CHECK(yaml.find("# Operations learnt from the traffic (no operation defined their paths): "
                  "dir-rename, user-info.") != std::string::npos);

  // Only the recording: every call gets the answer the service gave.
  drivemock::ServerOptions alone;
  alone.scenario_paths = {(dir.path / "rec.yaml").string()};
  RunningServer replayer(alone);
  CHECK(run_calls(replayer) == expected);
  auto journal = replayer.requests();
  CHECK(std::string(journal["requests"][0]["operation"].GetString()) == "user-info");  // newest
  CHECK(journal["requests"][0]["uuid"].IsNull());  // it names no entity
}

TEST_CASE("proxied calls that cannot be recorded are listed in the stop answer and journaled") {
  TempDir dir;
  RunningServer service(kService);
  drivemock::ServerOptions options = recording_from(service, dir);
  RunningServer recorder(options);
  REQUIRE(recorder.client().Get("/v3/user/info"));
  REQUIRE(recorder.client().Get("/v3/user/info"));
  REQUIRE(recorder.client().Post("/v3/dir/rename", "name=a", "application/x-www-form-urlencoded"));
  REQUIRE(recorder.post("/v3/dir/trash", R"({"name":"no uuid"})"));
  REQUIRE(recorder.post("/v3/dir/trash", R"({"uuid":"d9"})"));
  auto status = recorder.admin_json("GET", "/__admin/recordings/status");
  CHECK(status["capturedCalls"].GetUint64() == 1);
  CHECK(status["uncapturedCalls"].GetUint64() == 4);

  // Each one is journaled as not recorded, with why.
  auto journal = recorder.requests();
  std::vector<std::string> why;
  for (const auto& entry : journal["requests"].GetArray()) {
    for (const auto& v : entry["violations"].GetArray()) {
      if (std::string(v["rule"].GetString()) == "not_recorded")
        why.push_back(v["message"].GetString());
    }
  }
  CHECK(why == std::vector<std::string>{
                   "Proxied but not recorded: the body has no uuid string (the key of trash)",
                   "Proxied but not recorded: the body is not a JSON object",
                   "Proxied but not recorded: method GET: only POST calls are replayed",
                   "Proxied but not recorded: method GET: only POST calls are replayed"});

  auto stopped = recorder.admin_json("POST", "/__admin/recordings/stop");
  CHECK(stopped["captured"].GetUint64() == 1);
  CHECK(stopped["uncapturedCalls"].GetUint64() == 4);
  const auto& listed = stopped["uncaptured"];
  REQUIRE(listed.Size() == 3);  // alike calls are listed once, counted
  CHECK(std::string(listed[0]["method"].GetString()) == "GET");
  CHECK(std::string(listed[0]["path"].GetString()) == "/v3/user/info");
  CHECK(listed[0]["calls"].GetUint64() == 2);
  CHECK(std::string(listed[1]["why"].GetString()) == "the body is not a JSON object");
  std::string yaml = read_text_file(dir.path / "rec.yaml");
  CHECK(yaml.find("# 4 proxied calls could not be recorded:\n#   GET /v3/user/info (2x): method "
                  "GET: only POST calls are replayed\n") != std::string::npos);
}

TEST_CASE("a recording that holds --record-limit calls proxies the rest as not recorded") {
  // A long or hostile session cannot grow the recorder without bound: past
  // the limit, calls are still answered by the upstream, and listed.
  TempDir dir;
  RunningServer service(kService);
  drivemock::ServerOptions options = recording_from(service, dir);
  options.record_limit = 2;
  RunningServer recorder(options);
  std::vector<std::string> answers = run_calls(recorder);
  CHECK(answers[3] == "200 {\"status\":true,\"n\":2}");  // the upstream still answers
  auto status = recorder.admin_json("GET", "/__admin/recordings/status");
  CHECK(status["capturedCalls"].GetUint64() == 2);
  CHECK(status["uncapturedCalls"].GetUint64() == 2);
  CHECK(status["captureLimit"].GetUint64() == 2);

  auto journal = recorder.requests();
  std::vector<std::string> why;
  for (const auto& entry : journal["requests"].GetArray()) {
    for (const auto& v : entry["violations"].GetArray()) why.push_back(v["message"].GetString());
  }
  const std::string full =
      "Proxied but not recorded: the recording holds its limit of 2 calls (--record-limit); stop "
      "it and start another to record more";
  CHECK(why == std::vector<std::string>{full, full});

  auto stopped = recorder.admin_json("POST", "/__admin/recordings/stop");
  CHECK(stopped["captured"].GetUint64() == 2);
  REQUIRE(stopped["uncaptured"].Size() == 1);
  CHECK(std::string(stopped["uncaptured"][0]["path"].GetString()) == "/v3/user/info");
  CHECK(stopped["uncaptured"][0]["calls"].GetUint64() == 2);
  std::string yaml = read_text_file(dir.path / "rec.yaml");
  CHECK(yaml.find("# 2 proxied calls could not be recorded:") != std::string::npos);
}
