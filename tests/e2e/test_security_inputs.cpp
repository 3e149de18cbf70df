// What a hostile caller cannot do, end to end, continued: the recorder is no
// open proxy, a client of the mock API cannot grow memory by the megabyte,
// cannot forge log lines or framing, cannot pass a uuid off as another, and
// secrets stay out of what drivemock keeps. Each test failed before its guard.
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "log_capture.h"
#include "server_fixture.h"
#include "temp_dir.h"
#include "util/owned_path.h"

using namespace drivemock;
using drivemock::testing::LogCapture;
using drivemock::testing::RunningServer;
using drivemock::testing::TempDir;

namespace {

std::string answer_code_of(const httplib::Result& res) {
  REQUIRE(res);
  rapidjson::Document doc;
  doc.Parse(res->body.c_str());
  return doc.IsObject() && doc.HasMember("code") ? doc["code"].GetString() : "";
}

/// Options whose recording goes to a file of its own: the default name
/// (recordings/recording-<second>.yaml in the working directory) is the same
/// for two tests that ctest runs side by side within one second.
ServerOptions recording_to(const TempDir& dir, ServerOptions options = {}) {
  options.record_to = dir.file("rec.yaml");
  return options;
}

httplib::Result start_recording(const RunningServer& mock, const std::string& target) {
  return mock.admin("POST", "/__admin/recordings/start", R"({"targetBaseUrl":")" + target + "\"}");
}

/// The violations of the newest journal entry, as "rule: message" lines.
std::string newest_violations(const RunningServer& mock) {
  auto journal = mock.requests("?limit=1");
  std::string out;
  for (const auto& v : journal["requests"][0]["violations"].GetArray()) {
    out += std::string(v["rule"].GetString()) + ": " + v["message"].GetString() + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("a recording cannot proxy to drivemock itself, nor to a metadata address") {
  RunningServer mock;
  for (const std::string& target :
       {mock.server().base_url(), "http://localhost:" + std::to_string(mock.server().port()),
        std::string("http://169.254.169.254"), std::string("http://[fd00:ec2::254]:80")}) {
    auto res = start_recording(mock, target);
    INFO(target << ": " << res->body);
    CHECK(res->status == 400);
    CHECK(answer_code_of(res) == "target_refused");
  }
  CHECK(mock.admin_json("GET", "/__admin/recordings/status")["status"] ==
        rapidjson::Value("NeverStarted"));

  ServerOptions itself;
  itself.port = 0;
  itself.record_from = "http://169.254.169.254";
  auto started = Server::start(itself);
  CHECK_FALSE(started.server);
  CHECK(started.error.find("link-local or cloud metadata address") != std::string::npos);
}

TEST_CASE("recordings proxy only to the hosts that --allow-record-target lists, when it is given") {
  RunningServer backend;
  RunningServer other;
  ServerOptions options;
  options.allow_record_targets = {"127.0.0.1:" + std::to_string(backend.server().port())};
  TempDir dir;
  RunningServer mock(recording_to(dir, options));
  auto refused = start_recording(mock, other.server().base_url());
  CHECK(refused->status == 400);
  CHECK(refused->body.find("--allow-record-target 127.0.0.1:" +
                           std::to_string(other.server().port())) != std::string::npos);
  auto allowed = start_recording(mock, backend.server().base_url());
  CHECK(allowed->status == 200);
}

TEST_CASE("while recording, only the mock API's paths are forwarded, with what they carry") {
  RunningServer backend;
  TempDir dir;
  RunningServer mock(recording_to(dir));
  REQUIRE(start_recording(mock, backend.server().base_url())->status == 200);
  auto elsewhere =
      mock.client().Get("/latest/meta-data/iam/security-credentials/", {{"Cookie", "session=1"}});
  REQUIRE(elsewhere);
  CHECK(elsewhere->status == 404);
  CHECK(answer_code_of(elsewhere) == "not_found");
  auto proxied = mock.trash("u");
  REQUIRE(proxied);
  CHECK(proxied->status == 200);
  // The backend saw the trash and nothing else.
  auto seen = backend.requests();
  REQUIRE(seen["meta"]["total"].GetUint64() == 1);
  CHECK(std::string(seen["requests"][0]["request"]["url"].GetString()) == "/v3/dir/trash");
}

TEST_CASE("an upstream answer over --max-upstream-body is cut off with a 502, not held whole") {
  RunningServer backend("directories:\n  big: {trash: {raw: '" + std::string(100000, 'x') +
                        "'}}\n  small: {trash: {raw: 'ok'}}\n");
  ServerOptions options;
  options.upstream.max_body = 4096;
  TempDir dir;
  RunningServer mock(recording_to(dir, options));
  REQUIRE(start_recording(mock, backend.server().base_url())->status == 200);
  auto big = mock.trash("big");
  REQUIRE(big);
  CHECK(big->status == 502);
  CHECK(answer_code_of(big) == "upstream_too_large");
  CHECK(big->body.find("4096 bytes (--max-upstream-body)") != std::string::npos);
  auto small = mock.trash("small");
  REQUIRE(small);
  CHECK(small->body == "ok");
}

TEST_CASE("uuids no scenario names are remembered within a byte budget, and long ones not at all") {
  RunningServer mock;
  std::string long_uuid(300000, 'u');
  std::string long_color(300000, 'c');
  for (int i = 0; i < 20; ++i) {
    auto res = mock.color(long_uuid + std::to_string(i), "red");
    REQUIRE(res);
    CHECK(res->status == 200);  // answered as any other call
  }
  CHECK(newest_violations(mock).find("field_length: Field 'uuid' is 300002 bytes long; drivemock "
                                     "remembers uuids of at most 256 bytes") != std::string::npos);
  auto listed = mock.admin_json("GET", "/__admin/directories");
  CHECK(listed["total"].GetUint64() == 0);
  // A long value of a stored field is not stored either.
  REQUIRE(mock.color("short", long_color));
  CHECK(newest_violations(mock).find("field_length: Field 'color' is 300000 bytes long") !=
        std::string::npos);
  auto directory = mock.admin_json("GET", "/__admin/directories/short");
  CHECK(directory["color"].IsNull());
}

TEST_CASE("a uuid with a NUL in it is a field_type violation and never a scripted uuid's prefix") {
  RunningServer lenient("directories: {abc: {trash: {http: 202}}}");
  auto res = lenient.post("/v3/dir/trash", R"({"uuid":"abc\u0000zzz"})");
  REQUIRE(res);
  CHECK(res->status == 200);  // the built-in answer, not abc's 202
  CHECK(newest_violations(lenient).find("field_type: Field 'uuid' of the request body is a "
                                        "string with a NUL character") != std::string::npos);
  auto journal = lenient.requests("?limit=1");
  CHECK(journal["requests"][0]["uuid"].GetStringLength() == 7);
  RunningServer strict("directories: {abc: {trash: {http: 202}}}", contract::Strictness::strict);
  auto refused = strict.post("/v3/dir/color", R"({"uuid":"abc","color":"re\u0000d"})");
  REQUIRE(refused);
  CHECK(refused->status == 400);
}

TEST_CASE("a request's line breaks and terminal escapes never reach the log raw") {
  LogCapture log;
  ServerOptions options;
  options.log = LogFormat::text;
  RunningServer mock(options);
  mock.post(
      "/v3/dir/trash",
      R"({"uuid":"x\ndrivemock: POST /v3/dir/trash uuid=forged\u001b]0;owned\u0007\u001b[2J\u009b"})");
  REQUIRE(log.eventually_has("uuid=x"));
  for (const auto& line : log.taken()) {
    INFO(line);
    CHECK(line.find_first_of(std::string("\n\r\x1b\x07\0", 5)) == std::string::npos);
    CHECK(line.find("\xc2\x9b") == std::string::npos);
  }
  auto lines = log.taken();
  bool escaped = std::any_of(lines.begin(), lines.end(), [](const std::string& line) {
    return line.find(
               R"(uuid=x\x0adrivemock: POST /v3/dir/trash uuid=forged\x1b]0;owned\x07\x1b[2J\u009b)") !=
           std::string::npos;
  });
  CHECK(escaped);
}

TEST_CASE("a scenario cannot set the headers that frame an answer") {
  for (const char* name : {"Content-Length", "transfer-encoding", "Connection"}) {
    ServerOptions options;
    options.scenario_texts = {"directories:\n  u:\n    trash:\n      headers: {" +
                              std::string(name) + ": '5'}\n"};
    auto started = Server::start(options);
    CHECK_FALSE(started.server);
    REQUIRE(started.diagnostics.size() == 1);
    CHECK(format_diagnostic(started.diagnostics[0]) ==
          "inline-1:4:17: error: header '" + std::string(name) +
              "' is set by drivemock from the answer itself; expected another header (the body's "
              "length and the connection are not scriptable: use raw, dribble or fault)");
  }
}

TEST_CASE(
    "secret headers and query parameters are journaled as ***, and --redact-header adds "
    "more") {
  ServerOptions options;
  options.redact_headers = {"X-Session"};
  RunningServer mock(options);
  httplib::Headers secrets = {{"Proxy-Authorization", "Basic cHJveHk="},
                              {"X-Auth-Token", "t0ken"},
                              {"apikey", "k1"},
                              {"X-Amz-Security-Token", "amz"},
                              {"X-Client-Secret", "s3"},
                              {"X-Session", "mine"},
                              {"Accept", "application/json"}};
  auto res = mock.client().Post("/v3/dir/trash?access_token=abc&uuid_hint=u&api_key=k2", secrets,
                                R"({"uuid":"u"})", "application/json");
  REQUIRE(res);
  auto entry = mock.requests("?limit=1");
  const auto& request = entry["requests"][0]["request"];
  CHECK(std::string(request["url"].GetString()) ==
        "/v3/dir/trash?access_token=***&uuid_hint=u&api_key=***");
  for (const char* name : {"Proxy-Authorization", "X-Auth-Token", "apikey", "X-Amz-Security-Token",
                           "X-Client-Secret", "X-Session"}) {
    INFO(name);
    REQUIRE(request["headers"].HasMember(name));
    CHECK(std::string(request["headers"][name].GetString()) == "***");
  }
  CHECK(std::string(request["headers"]["Accept"].GetString()) == "application/json");
}

TEST_CASE("a recording is written through a fresh temporary file, never through a planted link") {
  TempDir dir;
  std::string victim = dir.file("victim");
  std::ofstream(victim) << "precious";
  std::string target = dir.file("recording.yaml");
  // The names the old code wrote through: target.tmp-<pid>.
  std::filesystem::create_symlink(victim, target + ".tmp-" + std::to_string(::getpid()));
  REQUIRE(write_file_atomically(target, "name: r\n"));
  std::ifstream kept(victim);
  std::string text((std::istreambuf_iterator<char>(kept)), std::istreambuf_iterator<char>());
  CHECK(text == "precious");
  std::ifstream written(target);
  std::string yaml((std::istreambuf_iterator<char>(written)), std::istreambuf_iterator<char>());
  CHECK(yaml == "name: r\n");
  struct stat info {};
  REQUIRE(::stat(target.c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0644);
}

TEST_CASE("admin events hold a bounded number of bytes, whatever names their callers give") {
  drivemock::ServerOptions options;
  options.scenario_texts = {"directories: {d1: {trash: {http: 200}}}"};
  options.journal_bytes = 4 << 20;  // events: 1 MiB (an eighth, at least 1 MiB)
  RunningServer mock(options);
  // A push's event keeps its YAML, up to 16 KiB: 100 of them hold 1.6 MiB.
  const std::string padding = "# " + std::string(16 * 1024, 'p') + "\n";
  for (int i = 0; i < 100; ++i) {
    std::string name = "set-" + std::to_string(i);
    auto res = mock.client().Post("/__admin/scenarios", "name: " + name + "\n" + padding,
                                  "application/yaml");
    REQUIRE(res);
    REQUIRE(res->status == 200);
  }
  auto events = mock.admin("GET", "/__admin/events");
  REQUIRE(events);
  CHECK(events->status == 200);
  CHECK(events->body.size() < (5u << 18));  // bounded at 1 MiB (1.25 with the JSON), not 1.6
  CHECK(events->body.find("set-99") != std::string::npos);  // the newest is kept
}

TEST_CASE(
    "a session's id and key never reach a recorded upstream, while a client's own bearer does") {
  RunningServer backend;
  TempDir dir;
  RunningServer mock(recording_to(dir));
  auto opened = mock.admin_json("POST", "/__admin/sessions", R"({"name":"a test"})", 201);
  const std::string id = opened["id"].GetString();
  const std::string key = opened["apiKey"].GetString();
  REQUIRE(start_recording(mock, backend.server().base_url())->status == 200);
  const std::string body = R"({"uuid":"u"})";
  REQUIRE(
      mock.client().Post("/v3/dir/trash", {{"X-Drivemock-Session", id}}, body, "application/json"));
  REQUIRE(mock.client().Post("/v3/dir/trash", {{"Authorization", "Bearer " + key}}, body,
                             "application/json"));
  REQUIRE(mock.client().Post("/v3/dir/trash", {{"Authorization", "Bearer the-client-key"}}, body,
                             "application/json"));
  auto seen = backend.requests();
  REQUIRE(seen["meta"]["total"].GetUint64() == 3);
  // Newest first: the ordinary client's bearer went on (redacted in the journal).
  CHECK(seen["requests"][0]["request"]["headers"].HasMember("Authorization"));
  for (rapidjson::SizeType i = 1; i < 3; ++i) {
    const auto& headers = seen["requests"][i]["request"]["headers"];
    CHECK_FALSE(headers.HasMember("X-Drivemock-Session"));
    CHECK_FALSE(headers.HasMember("Authorization"));
  }
}

TEST_CASE("a state set through the admin API is bounded, and a long unnamed uuid is not kept") {
  RunningServer mock;
  auto put = [&](const std::string& uuid, const std::string& state) {
    return mock.admin("PUT", "/__admin/directories/" + uuid + "/state",
                      R"({"state":")" + state + R"("})");
  };
  auto long_state = put("d1", std::string(1025, 's'));
  REQUIRE(long_state);
  CHECK(long_state->status == 400);
  CHECK(long_state->body.find("the state is 1025 bytes; at most 1024 are kept") !=
        std::string::npos);
  CHECK(long_state->body.size() < 1000);  // the state is not echoed
  auto at_bound = put("d1", std::string(1024, 's'));
  REQUIRE(at_bound);
  CHECK(at_bound->status == 200);
  auto long_uuid = put(std::string(300, 'u'), "trashed");
  REQUIRE(long_uuid);
  CHECK(long_uuid->status == 400);
  // A pact's provider state for such a uuid is refused alike.
  auto provider = mock.admin(
      "POST", "/__admin/pact/provider-states",
      R"({"state":"a directory exists","params":{"uuid":")" + std::string(300, 'u') + R"("}})");
  REQUIRE(provider);
  CHECK(provider->status == 400);
  CHECK(provider->body.find("a uuid no scenario names is remembered up to 256") !=
        std::string::npos);
}

TEST_CASE("a refusal quotes a bounded part of what it refuses, never a pushed megabyte") {
  RunningServer mock;
  // Explicit keys (`? key`): a plain one is cut at 1,024 characters by yaml-cpp.
  const std::string key(500000, 'k');
  for (const std::string& yaml : {"directories: {}\n? " + key + "\n: 1\n",
                                  "directories:\n  d1:\n    ? " + key + "\n    : {http: 500}\n",
                                  "directories:\n  d1:\n    trash:\n      - when:\n          ? " +
                                      key + "\n          : x\n        respond: {}\n"}) {
    auto res = mock.client().Post("/__admin/scenarios", yaml, "application/yaml");
    REQUIRE(res);
    CHECK(res->status == 400);
    CHECK(res->body.find("kkkk") != std::string::npos);  // it says which key
    CHECK(res->body.size() < 4096);
  }
  auto outcome = mock.admin("POST", "/__admin/outcomes", R"({"outcomes":[{")" + key + R"(":1}]})");
  REQUIRE(outcome);
  CHECK(outcome->status == 400);
  CHECK(outcome->body.size() < 4096);
}
