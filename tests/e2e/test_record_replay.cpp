// Record and replay end to end: one drivemock serves as the real backend,
// a second records through it, a third replays the file; all three must
// answer the same calls alike. Also https upstreams, unreachable and hanging
// upstreams, and the admin recording calls.
#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <thread>

#include "e2e/server_fixture.h"
#include "temp_dir.h"

using namespace drivemock::testing;
namespace fs = std::filesystem;

namespace {

/// A backend with sequences, states and a 503, like a real flaky service.
const char* kBackend = R"(
directories:
  d1:
    trash:
      - when: {state: trashed}
        respond: {body: {status: error, message: Already in trash., code: dir_already_trashed}}
      - respond:
          - {http: 503, body: {status: error, code: internal_error}}
          - {body: {status: success, code: dir_trashed}}
        then: trashed
  d2:
    color:
      - when: {color: red}
        respond: [{body: {status: success, n: 1}}, {body: {status: success, n: 2}}]
      - respond: {raw: 'plain text answer', headers: {Content-Type: text/plain}}
  d4:
    trash:
      # JSON as some servers write it: spaced, keys in their own order, an
      # escaped slash. A replay must give these bytes, not a re-serialisation.
      respond: {raw: '{ "code" : "dir_trashed",  "status":"success", "path":"a\/b" }'}
)";

struct RecordedCall {
  std::string path;
  std::string body;
};

const std::vector<RecordedCall> kScript = {
    {"/v3/dir/trash", R"({"uuid":"d1"})"},
    {"/v3/dir/color", R"({"uuid":"d2","color":"red"})"},
    {"/v3/dir/trash", R"({"uuid":"d1"})"},
    {"/v3/dir/color", R"({"uuid":"d2","color":"blue"})"},
    {"/v3/dir/trash", R"({"uuid":"d1"})"},
    {"/v3/dir/color", R"({"uuid":"d2","color":"red"})"},
    {"/v3/dir/color", R"({"uuid":"d2","color":"red"})"},
    {"/v3/dir/trash", R"({"uuid":"d3"})"},
    {"/v3/dir/trash", R"({"uuid":"d4"})"},
};

/// Status, Content-Type and body of each call of the script.
std::vector<std::string> run_script(const RunningServer& server) {
  std::vector<std::string> answers;
  for (const auto& call : kScript) {
    auto res = server.client().Post(call.path.c_str(), {{"Authorization", "Bearer top-secret-key"}},
                                    call.body, "application/json");
    REQUIRE(res);
    answers.push_back(std::to_string(res->status) + " " + res->get_header_value("Content-Type") +
                      " " + res->body);
  }
  return answers;
}

drivemock::ServerOptions recording_to(const std::string& target, const fs::path& file) {
  drivemock::ServerOptions options;
  options.record_from = target;
  options.record_to = file.string();
  return options;
}

}  // namespace

TEST_CASE("backend, recorder and replayer answer the same calls alike") {
  TempDir dir;
  RunningServer direct(kBackend);
  auto expected = run_script(direct);

  RunningServer backend(kBackend);
  RunningServer recorder(recording_to(backend.server().base_url(), dir.path / "rec.yaml"));
  CHECK(run_script(recorder) == expected);
  auto stopped = recorder.admin_json("POST", "/__admin/recordings/stop");
  CHECK(stopped["captured"].GetUint64() == kScript.size());
  CHECK(std::string(stopped["file"].GetString()) == (dir.path / "rec.yaml").string());
  std::string yaml = read_text_file(dir.path / "rec.yaml");
  CHECK(yaml == stopped["scenario"].GetString());
  CHECK(yaml.find("top-secret-key") == std::string::npos);

  drivemock::ServerOptions replay_options;
  replay_options.scenario_paths = {(dir.path / "rec.yaml").string()};
  RunningServer replayer(replay_options);
  CHECK(run_script(replayer) == expected);
}

TEST_CASE("proxied requests reach the upstream whole and are journaled as proxied") {
  TempDir dir;
  RunningServer backend(kBackend);
  RunningServer recorder(recording_to(backend.server().base_url(), dir.path / "r.yaml"));
  auto res = recorder.client().Post("/v3/dir/color?trace=1", {{"X-Custom", "kept"}},
                                    R"({"uuid":"d2","color":"red"})", "application/json");
  REQUIRE(res);
  auto upstream_journal = backend.requests();
  const auto& upstream = upstream_journal["requests"][0];
  CHECK(std::string(upstream["request"]["url"].GetString()) == "/v3/dir/color?trace=1");
  CHECK(std::string(upstream["request"]["body"].GetString()) == R"({"uuid":"d2","color":"red"})");
  CHECK(std::string(upstream["request"]["headers"]["X-Custom"].GetString()) == "kept");
  CHECK(std::string(upstream["request"]["headers"]["Host"].GetString()) ==
        "127.0.0.1:" + std::to_string(backend.server().port()));
  auto my_journal = recorder.requests();
  const auto& mine = my_journal["requests"][0];
  CHECK(mine["response"]["proxied"].IsTrue());
  CHECK(std::string(mine["response"]["body"].GetString()) == res->body);
  recorder.admin_json("POST", "/__admin/recordings/stop");
}

TEST_CASE("recording is started, reported and stopped through the admin API") {
  TempDir dir;
  RunningServer backend(kBackend);
  drivemock::ServerOptions options;
  options.record_to = (dir.path / "admin.yaml").string();
  RunningServer mock(options);
  auto status = [&] {
    return std::string(mock.admin_json("GET", "/__admin/recordings/status")["status"].GetString());
  };
  CHECK(status() == "NeverStarted");
  CHECK(mock.admin("POST", "/__admin/recordings/stop")->status == 409);
  CHECK(code_of(mock.admin("POST", "/__admin/recordings/start",
                           R"({"targetBaseUrl":"ftp://x"})")) == "invalid_params");
  mock.admin_json("POST", "/__admin/recordings/start",
                  R"({"targetBaseUrl":")" + backend.server().base_url() + R"(/"})");
  CHECK(status() == "Recording");
  CHECK(mock.admin("POST", "/__admin/recordings/start", R"({"targetBaseUrl":"http://127.0.0.1:1"})")
            ->status == 409);
  CHECK(mock.trash("d1")->status == 503);  // the backend's answer, not the built-in one
  auto live = mock.admin_json("GET", "/__admin/recordings/status");
  CHECK(live["capturedCalls"].GetUint64() == 1);
  CHECK(std::string(live["targetBaseUrl"].GetString()) == backend.server().base_url());
  CHECK(mock.admin_json("POST", "/__admin/recordings/stop")["captured"].GetUint64() == 1);
  CHECK(status() == "Stopped");
  CHECK(mock.trash("d1")->status == 200);  // back to its own scenarios
  CHECK(fs::exists(dir.path / "admin.yaml"));
}

TEST_CASE("an unreachable upstream answers 502 upstream_unreachable and is journaled") {
  TempDir dir;
  // Port 1 on loopback: nothing listens there, the connection is refused.
  RunningServer mock(recording_to("http://127.0.0.1:1", dir.path / "none.yaml"));
  auto res = mock.trash("x");
  REQUIRE(res);
  CHECK(res->status == 502);
  CHECK(code_of(res) == "upstream_unreachable");
  auto journal = mock.requests();
  const auto& entry = journal["requests"][0];
  CHECK(entry["response"]["status"].GetInt() == 502);
  CHECK(entry["response"]["proxied"].IsTrue());
  CHECK(mock.admin_json("POST", "/__admin/recordings/stop")["captured"].GetUint64() == 0);
}

TEST_CASE("an upstream that hangs past the read time-out answers 502") {
  TempDir dir;
  RunningServer backend("directories: {h: {trash: {fault: hang}}}");
  auto options = recording_to(backend.server().base_url(), dir.path / "hang.yaml");
  options.upstream.timeout = std::chrono::milliseconds(300);
  RunningServer mock(options);
  auto res = mock.trash("h");
  REQUIRE(res);
  CHECK(res->status == 502);
  CHECK(res->body.find("did not answer: Read") != std::string::npos);
  mock.admin_json("POST", "/__admin/recordings/stop");
}

TEST_CASE("stopping a server that records writes the recording") {
  TempDir dir;
  RunningServer backend(kBackend);
  {
    RunningServer mock(recording_to(backend.server().base_url(), dir.path / "stop.yaml"));
    mock.trash("d1");
    mock.server().stop();
  }
  // The file replays what the backend answered: d1's 503, then its success.
  drivemock::ServerOptions replay;
  replay.scenario_paths = {(dir.path / "stop.yaml").string()};
  RunningServer replayer(replay);
  CHECK(code_of(replayer.trash("d1")) == "internal_error");
  CHECK(replayer.trash("d1")->status == 503);  // one call recorded: it repeats
  CHECK(replayer.server().engine().catalog()->find("d1") != nullptr);
}

TEST_CASE("a recording that cannot be written is kept, and stop writes it once fixed") {
  TempDir dir;
  RunningServer backend(kBackend);
  // A directory where the recording's file should go: even root cannot
  // write the file there, and removing it fixes the problem.
  fs::path target = dir.path / "rec.yaml";
  RunningServer mock(recording_to(backend.server().base_url(), target));
  CHECK(mock.trash("d1")->status == 503);
  CHECK(mock.trash("d1")->status == 200);
  fs::create_directory(target);

  auto failed = mock.admin("POST", "/__admin/recordings/stop");
  REQUIRE(failed);
  CHECK(failed->status == 500);
  CHECK(code_of(failed) == "write_failed");
  auto doc = parse_json(failed->body);
  CHECK_THAT(doc["message"].GetString(),
             Catch::Contains("not a regular file") && Catch::Contains("2 captured calls are kept"));
  CHECK(fs::is_directory(target));
  // Its calls are on disk too, should this drivemock be killed now.
  CHECK(fs::exists(dir.path / "rec.yaml.captures.jsonl"));
  auto status = mock.admin_json("GET", "/__admin/recordings/status");
  CHECK(std::string(status["status"].GetString()) == "Stopped");
  CHECK(status["unsavedCalls"].GetUint64() == 2);
  // A new recording would lose the kept one.
  CHECK(code_of(mock.admin("POST", "/__admin/recordings/start",
                           R"({"targetBaseUrl":"http://127.0.0.1:1"})")) == "unsaved_recording");

  fs::remove(target);
  auto written = mock.admin_json("POST", "/__admin/recordings/stop");
  CHECK(written["captured"].GetUint64() == 2);
  CHECK(read_text_file(target) == written["scenario"].GetString());
  CHECK_FALSE(fs::exists(dir.path / "rec.yaml.captures.jsonl"));  // written: no longer needed
  CHECK(mock.admin_json("GET", "/__admin/recordings/status")["unsavedCalls"].GetUint64() == 0);
  CHECK(mock.admin("POST", "/__admin/recordings/stop")->status == 409);  // nothing left
}

TEST_CASE("a disk that fills while the recording is written leaves no file behind") {
  TempDir dir;
  RunningServer backend(kBackend);
  fs::path target = dir.path / "rec.yaml";
  RunningServer mock(recording_to(backend.server().base_url(), target));
  for (const auto& call : kScript) mock.post(call.path, call.body);

  rlimit saved{};
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
  auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small = saved;
  small.rlim_cur = 100;  // the recording is longer: the disk "fills" mid-file
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
  auto failed = mock.admin("POST", "/__admin/recordings/stop");
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &saved) == 0);
  std::signal(SIGXFSZ, old_handler);
  REQUIRE(failed);
  CHECK(failed->status == 500);
  CHECK_THAT(parse_json(failed->body)["message"].GetString(), Catch::Contains("File too large"));
  // Neither the target nor the temporary file: only the capture log.
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(dir.path)) left.push_back(e.path().filename());
  CHECK(left == std::vector<std::string>{"rec.yaml.captures.jsonl"});

  auto written = mock.admin_json("POST", "/__admin/recordings/stop");
  CHECK(written["captured"].GetUint64() == kScript.size());
  CHECK(read_text_file(target) == written["scenario"].GetString());
}
