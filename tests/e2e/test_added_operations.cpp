// Operations a scenario adds, end to end over HTTP: routed, contract-checked,
// scripted, journaled, counted, listed, pushed, recorded and replayed.
#include <filesystem>
#include <fstream>

#include "e2e/server_fixture.h"
#include "temp_dir.h"

using namespace drivemock::testing;
namespace fs = std::filesystem;

namespace {

const char* kLockOperation = R"(name: lock-operation
operations:
  lock:
    path: /v3/user/lock
    fields: {uuid: string, type: string, resource: string}
    answer: {body: {status: true, message: Lock acquired., code: lock_acquired, data: {acquired: true}}}
)";

const char* kLockScripts = R"(name: lock-scripts
directories:
  busy:
    lock:
      - when: {type: acquire}
        respond: [{body: {status: true, data: {acquired: false}}}, {body: {status: true, data: {acquired: true}}}]
      - respond: {body: {status: true, message: Released.}}
)";

drivemock::ServerOptions with_texts(std::vector<std::string> texts) {
  drivemock::ServerOptions options;
  options.scenario_texts = std::move(texts);
  return options;
}

std::string lock(const RunningServer& server, const std::string& uuid, const std::string& type) {
  auto res = server.post("/v3/user/lock", R"({"uuid":")" + uuid + R"(","type":")" + type +
                                              R"(","resource":"drive-write"})");
  REQUIRE(res);
  return std::to_string(res->status) + " " + res->body;
}

}  // namespace

TEST_CASE("an added operation answers at its path, scripted per uuid, built-in otherwise") {
  RunningServer server(with_texts({kLockOperation, kLockScripts}));
  CHECK(lock(server, "busy", "acquire") == R"(200 {"status":true,"data":{"acquired":false}})");
  CHECK(lock(server, "busy", "acquire") == R"(200 {"status":true,"data":{"acquired":true}})");
  CHECK(lock(server, "busy", "release") == R"(200 {"status":true,"message":"Released."})");
  CHECK(
      lock(server, "a-fresh-uuid", "acquire") ==
      R"(200 {"status":true,"message":"Lock acquired.","code":"lock_acquired","data":{"acquired":true}})");
  auto journal = server.requests();
  REQUIRE(journal["requests"].Size() == 4);
  const auto& newest = journal["requests"][0];
  CHECK(std::string(newest["operation"].GetString()) == "lock");
  CHECK(std::string(newest["uuid"].GetString()) == "a-fresh-uuid");
  auto busy = server.admin_json("GET", "/__admin/directories/busy");
  CHECK(busy["calls"]["lock"].GetUint64() == 3);
  CHECK(busy["calls"]["trash"].GetUint64() == 0);
  drivemock::RequestFilter locks;
  locks.operation = "lock";
  CHECK(server.server().count(locks).value() == 4);
}

TEST_CASE("an added operation is contract-checked like the built-in two") {
  RunningServer server(with_texts({kLockOperation}));
  auto missing = server.post("/v3/user/lock", R"({"uuid":"u","type":"acquire"})");
  REQUIRE(missing);
  CHECK(missing->status == 200);  // lenient: served, the violation journaled
  auto no_key = server.post("/v3/user/lock", R"({"type":"acquire","resource":"r"})");
  REQUIRE(no_key);
  CHECK(no_key->status == 400);
  CHECK(no_key->body.find("invalid_params") != std::string::npos);
  auto wrong = server.client().Get("/v3/user/lock");
  REQUIRE(wrong);
  CHECK(wrong->status == 405);
  auto journal = server.requests();
  REQUIRE(journal["requests"].Size() == 3);
  auto rules = [&](int i) {
    std::string out;
    for (const auto& v : journal["requests"][i]["violations"].GetArray()) {
      out += std::string(v["rule"].GetString()) + " ";
    }
    return out;
  };
  CHECK(rules(2) == "field_missing ");
  CHECK(rules(1) == "field_missing ");
  CHECK(rules(0) == "method_not_allowed ");
}

TEST_CASE("GET /__admin/operations lists the added operation with its source") {
  RunningServer server(with_texts({kLockOperation}));
  auto listed = server.admin_json("GET", "/__admin/operations");
  const auto& ops = listed["operations"];
  REQUIRE(ops.Size() == 3);
  CHECK(std::string(ops[0]["source"].GetString()) == "built-in");
  CHECK(std::string(ops[2]["name"].GetString()) == "lock");
  CHECK(std::string(ops[2]["path"].GetString()) == "/v3/user/lock");
  CHECK(std::string(ops[2]["key"].GetString()) == "uuid");
  CHECK(std::string(ops[2]["source"].GetString()) == "inline-1");
  CHECK(ops[2]["answer"]["http"].GetInt() == 200);
  CHECK(ops[2]["answer"]["body"]["data"]["acquired"].IsTrue());
}

TEST_CASE(
    "an operation pushed through the admin API is routed at once, and a bad one changes nothing") {
  RunningServer server;
  auto before = server.post("/v3/user/lock", "{}");
  REQUIRE(before);
  CHECK(before->status == 404);
  auto bad = server.admin("POST", "/__admin/scenarios",
                          "operations:\n  lock: {path: /v2/user/lock, fields: {uuid: string}}\n");
  REQUIRE(bad);
  CHECK(bad->status == 400);
  CHECK(bad->body.find("pushed:2:16: error: path '/v2/user/lock' is not under /v3/") !=
        std::string::npos);
  server.admin_json("POST", "/__admin/scenarios", kLockOperation);
  CHECK(lock(server, "u", "acquire").starts_with("200 "));
  auto refused = server.admin("DELETE", "/__admin/scenarios/lock-operation");
  REQUIRE(refused);
  CHECK(refused->status == 200);  // nothing else uses it
  auto after = server.post("/v3/user/lock", R"({"uuid":"u","type":"a","resource":"r"})");
  REQUIRE(after);
  CHECK(after->status == 404);
}

TEST_CASE("an added operation is recorded with its definition and replays alike") {
  TempDir dir;
  const char* backend_script = R"(name: backend
directories:
  k1:
    lock: {body: {status: true, code: backend_lock, data: {acquired: true}}}
)";
  RunningServer backend(with_texts({kLockOperation, backend_script}));
  auto expected = lock(backend, "k1", "acquire");
  CHECK(expected.find("backend_lock") != std::string::npos);

  drivemock::ServerOptions options = with_texts({kLockOperation});
  options.record_from = backend.server().base_url();
  options.record_to = (dir.path / "rec.yaml").string();
  RunningServer recorder(options);
  CHECK(lock(recorder, "k1", "acquire") == expected);
  recorder.admin_json("POST", "/__admin/recordings/stop");
  std::string yaml = read_text_file(dir.path / "rec.yaml");
  INFO(yaml);
  CHECK(yaml.find("path: /v3/user/lock") != std::string::npos);
  // Answer and all: replay needs no other file to answer as the definition says.
  CHECK(yaml.find("answer: {body: {status: true, message: Lock acquired.") != std::string::npos);

  drivemock::ServerOptions alone;
  alone.scenario_paths = {(dir.path / "rec.yaml").string()};
  RunningServer replayer(alone);
  CHECK(lock(replayer, "k1", "acquire") == expected);

  // The lock's keys are the client's own (no other operation used k1):
  // replay serves the recorded answer to a key it never saw.
  CHECK(lock(replayer, "fresh", "acquire") == expected);

  // Beside the file that defined it first, the repeated definition (the
  // same answer) merges.
  std::ofstream(dir.path / "a-lock.yaml") << kLockOperation;
  drivemock::ServerOptions both;
  both.scenario_paths = {dir.path.string()};
  RunningServer beside(both);
  CHECK(lock(beside, "k1", "acquire") == expected);
  CHECK(lock(beside, "other", "acquire") == expected);
}

TEST_CASE("journal entries keep the name of an added operation after its set is gone") {
  RunningServer server;
  server.admin_json("POST", "/__admin/scenarios", kLockOperation);
  CHECK(lock(server, "u", "acquire").starts_with("200 "));
  server.admin_json("DELETE", "/__admin/scenarios/lock-operation");
  // Another set fills the memory the removed definition held.
  server.admin_json("POST", "/__admin/scenarios",
                    "name: filler\ndirectories: {zzzzzzzzzzzzzzzzzzzzzzzz: {trash: {http: 200}}}");
  auto journal = server.requests();
  REQUIRE(journal["requests"].Size() == 1);
  CHECK(std::string(journal["requests"][0]["operation"].GetString()) == "lock");
}
