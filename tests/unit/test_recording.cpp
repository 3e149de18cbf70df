#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "record/learning.h"
#include "record/proxy.h"
#include "record/recorder.h"
#include "record/recording_file.h"
#include "record/recording_yaml.h"
#include "scenario/catalog.h"
#include "scenario/engine.h"
#include "scenario/loader.h"

using namespace drivemock;
using namespace drivemock::record;

namespace {

Capture trash(const std::string& uuid, int status, const std::string& body) {
  return {"trash", uuid, {}, status, body, "application/json"};
}

Capture color(const std::string& uuid, const std::string& value, const std::string& body) {
  return {"color", uuid, {{"color", "\"" + value + "\"", contract::FieldType::string}},
          200,     body, "application/json"};
}

Recording recording_of(std::vector<Capture> captures) {
  return {"http://upstream",
          std::chrono::system_clock::time_point(std::chrono::seconds(1795338878)),
          std::move(captures),
          {}};
}

/// Loads the YAML as drivemock would and answers the calls in order.
std::vector<std::string> replay(const std::string& yaml, const std::vector<Capture>& calls) {
  auto set = scenario::parse_scenario(yaml, "rec.yaml", "rec");
  INFO(yaml);
  REQUIRE(set);
  auto catalog = scenario::build_catalog({*set});
  REQUIRE(catalog);
  scenario::Engine engine(*catalog);
  std::vector<std::string> answers;
  for (const auto& c : calls) {
    rapidjson::Document body;
    std::string json = R"({"uuid":")" + c.key.value_or("") + "\"";
    for (const auto& f : c.fields) json += ",\"" + f.name + "\":" + f.json;
    body.Parse((json + "}").c_str());
    auto d2 = engine.decide(*contract::find_by_name(c.operation), c.key.value_or(""), body);
    answers.push_back(std::to_string(d2.answer->status) + " " +
                      std::string(d2.answer->body_text()));
  }
  return answers;
}

std::vector<std::string> expected(const std::vector<Capture>& calls) {
  std::vector<std::string> out;
  for (const auto& c : calls) out.push_back(std::to_string(c.status) + " " + c.body);
  return out;
}

}  // namespace

TEST_CASE("a recording replays every call's status and body bytes in order") {
  std::vector<Capture> calls = {
      trash("u1", 503, R"({"status":"error","code":"internal_error"})"),
      trash("u1", 200, R"({"status":"success","code":"dir_trashed"})"),
      trash("u1", 200, R"({"status":"error","message":"Already in trash.","code":"x"})"),
      color("u2", "red", R"({"status":false,"n":1.5,"s":"true","z":null,"a":[1,"2"]})"),
      color("u2", "blue", R"({"status": "spaced",  "code" : "kept as raw"})"),
      color("u2", "red", "not json at all"),
      trash("u3", 204, ""),
  };
  auto yaml = recording_yaml(recording_of(calls), "rec");
  CHECK(replay(yaml, calls) == expected(calls));
}

TEST_CASE("calls on one uuid that differ in color become rules with when") {
  auto yaml = recording_yaml(
      recording_of({color("u", "red", R"({"code":"a"})"), color("u", "blue", R"({"code":"b"})")}),
      "rec");
  CHECK(yaml.find("when: {color: red}") != std::string::npos);
  CHECK(yaml.find("when: {color: blue}") != std::string::npos);
}

TEST_CASE("the recording reads well: named, commented, bodies as mappings") {
  auto yaml = recording_yaml(recording_of({trash("u", 503, R"({"status":"error"})"),
                                           trash("u", 200, R"({"status":"success"})")}),
                             "recording-x");
  CHECK(
      yaml.starts_with("# Recorded by drivemock from http://upstream at 2026-11-22 09:14:38 UTC"));
  CHECK(yaml.find("name: recording-x") != std::string::npos);
  CHECK(yaml.find("- {http: 503, body: {status: error}}") != std::string::npos);
  CHECK(yaml.find("- {body: {status: success}}") != std::string::npos);
}

TEST_CASE("a recording's name is its UTC start time") {
  CHECK(recording_name(std::chrono::system_clock::time_point(std::chrono::seconds(1795338878))) ==
        "recording-20261122T091438Z");
}

TEST_CASE("the recorder moves from NeverStarted to Recording to Stopped") {
  Recorder r;
  CHECK(r.state().status == RecordingStatus::never_started);
  CHECK_FALSE(r.stop());
  CHECK(r.start("http://a"));
  CHECK_FALSE(r.start("http://b"));
  CHECK(r.target() == "http://a");
  r.capture(trash("u", 200, "{}"), contract::find_by_name("trash"), *contract::builtin_set());
  auto done = r.stop();
  REQUIRE(done);
  CHECK(done->captures.size() == 1);
  CHECK(r.state().status == RecordingStatus::stopped);
  CHECK_FALSE(r.target());
  r.capture(trash("u", 200, "{}"), contract::find_by_name("trash"),
            *contract::builtin_set());  // ignored while stopped
  CHECK(r.start("http://c"));
  CHECK(r.stop()->captures.empty());
}

TEST_CASE("an unreachable upstream becomes 502 upstream_unreachable and is not captured") {
  UpstreamAnswer down = UpstreamFailure{"Connection"};
  auto reply = proxied_reply(down, "http://x", Envelope());
  CHECK(reply.status == 502);
  CHECK(reply.body->find("\"code\":\"upstream_unreachable\"") != std::string::npos);
  CHECK(reply.body->find("http://x did not answer: Connection") != std::string::npos);
  auto why = capture_of({}, {}, down);
  REQUIRE_FALSE(why);
  CHECK(why.error() == "the upstream gave no answer (upstream_unreachable)");
}

TEST_CASE("a recording is written atomically into a directory it creates") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("drivemock-rec-" + std::to_string(::getpid()));
  auto saved =
      save_recording(recording_of({trash("u", 200, "{}")}), (dir / "a" / "r.yaml").string());
  REQUIRE(saved.ok());
  const SavedRecording& file = saved.value();
  CHECK(file.captured == 1);
  std::ifstream in(file.file);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(text == file.yaml);
  size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir / "a")) ++files;
  CHECK(files == 1);  // no temporary file left behind
  fs::remove_all(dir);
}

TEST_CASE("a recording file gets the mode the umask gives a new file, 0600 under 077") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("drivemock-mode-" + std::to_string(::getpid()));
  auto mode_written = [&](mode_t mask) {
    mode_t before = ::umask(mask);
    auto saved = save_recording(recording_of({trash("u", 200, "{}")}), (dir / "r.yaml").string());
    ::umask(before);
    REQUIRE(saved.ok());
    struct stat st {};
    REQUIRE(::stat((dir / "r.yaml").c_str(), &st) == 0);
    return st.st_mode & 0777;
  };
  CHECK(mode_written(077) == 0600);  // a private umask keeps recorded account data private
  CHECK(mode_written(027) == 0640);
  CHECK(mode_written(022) == 0644);
  fs::remove_all(dir);
}

TEST_CASE("a recording that cannot be written says why") {
  auto saved = save_recording(recording_of({}), "/proc/drivemock/r.yaml");
  REQUIRE_FALSE(saved.ok());
  CHECK(saved.error().message.find("cannot") == 0);
}

TEST_CASE("a recording never replaces what is not a regular file") {
  // Renamed into place, it would turn /dev/null (run as root) into a file.
  auto saved = save_recording(recording_of({trash("u", 200, "{}")}), "/dev/null");
  REQUIRE_FALSE(saved.ok());
  CHECK(saved.error().message == "cannot write /dev/null: it exists and is not a regular file");
  struct stat st {};
  REQUIRE(::stat("/dev/null", &st) == 0);
  CHECK(S_ISCHR(st.st_mode));
  auto dir = std::filesystem::temp_directory_path();
  CHECK(save_recording(recording_of({}), dir.string())
            .error()
            .message.find("it exists and is not a regular file") != std::string::npos);
}

TEST_CASE("only http and https URLs are upstreams") {
  CHECK(is_http_url("http://localhost:8080"));
  CHECK(is_http_url("https://api.example"));
  CHECK_FALSE(is_http_url("ftp://x"));
  CHECK_FALSE(is_http_url("http://"));
  CHECK(is_hop_by_hop("connection"));
  CHECK_FALSE(is_hop_by_hop("Authorization"));
}

TEST_CASE("operations learnt from odd paths still make a recording that loads") {
  // Paths as a client may send them (the HTTP layer decodes %XX): each one
  // learnt, named, and the file must load, or replay would lose them all.
  Recording recording = recording_of({});
  for (std::string path : {"/v3/dir/rename", "/v3/dir/rename/", "/v3/a b", "/v3/a:b", "/v3/#x",
                           "/v3/'q\"", "/v3/\xc3\xbc", "/v3/dir-rename"}) {
    Capture c{"", std::nullopt, {{"uuid", R"("k")", contract::FieldType::string}}, 200, "{}", ""};
    c.path = path;
    recording.captures.push_back(c);
  }
  learn_operations(recording, {"color", "trash"});
  CHECK(recording.learnt.size() == 8);
  std::string yaml = recording_yaml(recording, "rec");
  INFO(yaml);
  auto set = scenario::parse_scenario(yaml, "rec.yaml", "rec");
  std::string problems;
  for (const auto& d : set.diagnostics) problems += format_diagnostic(d) + "\n";
  INFO(problems);
  REQUIRE(set);
  CHECK(set->operations.size() == 8);
  // /v3/ itself is no operation's path: such a call is listed, not learnt.
  RequestView root;
  root.method = "POST";
  root.url = root.path = "/v3/";
  root.body = "{}";
  UpstreamAnswer answer = Reply();
  auto why = capture_of(root, {}, answer);
  REQUIRE_FALSE(why);
  CHECK(why.error() ==
        "no operation can be learnt at /v3/: an operation's path is a name under /v3/");
}

TEST_CASE("a learnt operation never takes the name of one of the contract's own") {
  Recording recording = recording_of({});
  Capture c{"", std::nullopt, {{"uuid", R"("k")", contract::FieldType::string}}, 200, "{}", ""};
  c.path = "/v3/trash";  // learnt as "trash" were that name free
  recording.captures.push_back(c);
  learn_operations(recording, {});
  CHECK(recording.learnt == std::vector<std::string>{"trash-2"});
}

TEST_CASE("a capture keeps the headers a client acts on, without date, server or secrets") {
  Reply answer = json_reply(429, "{}");
  for (auto [name, value] :
       std::vector<std::pair<std::string, std::string>>{{"Content-Type", "application/json"},
                                                        {"Retry-After", "1"},
                                                        {"Date", "Thu, 26 Nov 2026 02:00:00 GMT"},
                                                        {"Server", "nginx"},
                                                        {"Strict-Transport-Security", "max-age=1"},
                                                        {"X-Service-Trace", "abc"},
                                                        {"Vary", "Accept"},
                                                        {"vary", "Origin"},
                                                        {"Set-Cookie", "a=1"},
                                                        {"X-Auth-Token", "t"}}) {
    answer.add_header(name, value);
  }
  auto kept = replayed_headers(answer, Redaction({"X-Service-Trace"}));
  std::vector<std::string> lines;
  for (const auto& h : kept) lines.push_back(h.name + ": " + h.value);
  CHECK(lines == std::vector<std::string>{"Retry-After: 1", "X-Service-Trace: ***",
                                          "Vary: Accept, Origin", "Set-Cookie: ***",
                                          "X-Auth-Token: ***"});
}
