// The admin API call by call, as a test suite or a QA person uses it.
#include <filesystem>
#include <fstream>
#include <future>
#include <thread>

#include "e2e/server_fixture.h"
#include "eventually.h"

using namespace drivemock::testing;

namespace {

std::string str(const rapidjson::Value& v) {
  return {v.GetString(), v.GetStringLength()};
}

}  // namespace

TEST_CASE("one journal entry by id, 404 for an unknown id") {
  RunningServer mock;
  mock.trash("u");
  auto entry = mock.admin_json("GET", "/__admin/requests/1");
  CHECK(entry["id"].GetUint64() == 1);
  CHECK(str(entry["uuid"]) == "u");
  CHECK(code_of(mock.admin("GET", "/__admin/requests/2")) == "not_found");
  CHECK(code_of(mock.admin("GET", "/__admin/requests/abc")) == "not_found");
}

TEST_CASE("count and find take WireMock-style filter bodies") {
  RunningServer mock;
  mock.color("a", "red");
  mock.color("a", "blue");
  mock.trash("b");
  CHECK(mock.admin_json("POST", "/__admin/requests/count", "{}")["count"].GetUint64() == 3);
  CHECK(
      mock.admin_json("POST", "/__admin/requests/count", R"({"uuid":"a"})")["count"].GetUint64() ==
      2);
  CHECK(mock.admin_json("POST", "/__admin/requests/count",
                        R"({"method":"POST","url":"/v3/dir/trash"})")["count"]
            .GetUint64() == 1);
  CHECK(mock.admin_json("POST", "/__admin/requests/count", R"({"body":{"color":"red"}})")["count"]
            .GetUint64() == 1);
  auto found = mock.admin_json(
      "POST", "/__admin/requests/find",
      R"({"operation":"color","bodyPatterns":[{"equalToJson":{"color":"blue","uuid":"a"}}]})");
  REQUIRE(found["requests"].Size() == 1);
  CHECK(found["requests"][0]["id"].GetUint64() == 2);
}

TEST_CASE("a bad filter is a 400 that says what is wrong") {
  RunningServer mock;
  auto res = mock.admin("POST", "/__admin/requests/count", R"({"uid":"a"})");
  REQUIRE(res);
  CHECK(res->status == 400);
  CHECK(res->body.find("Unknown filter field 'uid'") != std::string::npos);
  auto syntax = mock.admin("POST", "/__admin/requests/find", R"({"uuid":)");
  REQUIRE(syntax);
  CHECK(syntax->status == 400);
  CHECK(syntax->body.find("byte offset 8") != std::string::npos);
}

TEST_CASE("wait is released by a request from another thread") {
  RunningServer mock;
  // The wait may take a minute; the client's 5 s read time-out fails the
  // test long before, and the requests are sent only once it waits.
  auto waiter = std::async(std::launch::async, [&] {
    return mock.admin("POST", "/__admin/requests/wait",
                      R"({"uuid":"w","count":2,"timeoutMs":60000})");
  });
  REQUIRE(eventually([&] { return mock.server().journal().waiters() == 1; }));
  mock.trash("w");
  mock.trash("other");
  mock.trash("w");
  auto done = waiter.get();
  REQUIRE(done);
  CHECK(done->status == 200);
  CHECK(parse_json(done->body)["count"].GetUint64() == 2);
}

TEST_CASE("wait answers 408 with the count reached when time is up") {
  RunningServer mock;
  mock.trash("w");
  auto res =
      mock.admin("POST", "/__admin/requests/wait", R"({"uuid":"w","count":3,"timeoutMs":50})");
  REQUIRE(res);
  CHECK(res->status == 408);
  auto doc = parse_json(res->body);
  CHECK(doc["count"].GetUint64() == 1);
  CHECK(str(doc["message"]).find("1 arrived") != std::string::npos);
  CHECK(code_of(mock.admin("POST", "/__admin/requests/wait", R"({"count":-1})")) ==
        "invalid_params");
}

TEST_CASE("unmatched lists requests whose uuid no scenario names") {
  RunningServer mock("directories: {known: {}}");
  mock.trash("known");
  mock.trash("stranger");
  auto unmatched = mock.admin_json("GET", "/__admin/requests/unmatched");
  REQUIRE(unmatched["requests"].Size() == 1);
  CHECK(str(unmatched["requests"][0]["uuid"]) == "stranger");
}

TEST_CASE("violations lists the requests that broke the contract") {
  RunningServer mock;
  mock.trash("fine");
  mock.post("/v3/dir/trash", R"({"uuid":"x","extra":1})");
  auto v = mock.admin_json("GET", "/__admin/violations");
  REQUIRE(v["requests"].Size() == 1);
  CHECK(str(v["requests"][0]["violations"][0]["rule"]) == "field_unknown");
}

TEST_CASE("DELETE requests empties the journal only") {
  RunningServer mock("directories: {u: {trash: {respond: [{http: 500}, {http: 201}]}}}");
  mock.trash("u");
  mock.admin_json("DELETE", "/__admin/requests");
  CHECK(mock.requests()["requests"].Size() == 0);
  CHECK(mock.trash("u")->status == 201);  // the sequence went on
  CHECK(mock.requests()["requests"][0]["id"].GetUint64() == 2);
}

TEST_CASE("reset empties the journal, restarts states and sequences, drops pushed sets") {
  RunningServer mock("directories: {u: {trash: {respond: [{http: 500}, {http: 201}]}}}");
  mock.admin_json("POST", "/__admin/scenarios", "name: p\ndirectories: {v: {trash: {http: 418}}}");
  mock.trash("u");
  CHECK(mock.trash("v")->status == 418);
  mock.admin_json("POST", "/__admin/reset");
  CHECK(mock.requests()["requests"].Size() == 0);
  CHECK(mock.trash("u")->status == 500);
  CHECK(mock.trash("v")->status == 200);
  CHECK(mock.admin_json("GET", "/__admin/scenarios")["scenarios"].Size() == 1);
}

TEST_CASE("scenarios are pushed as YAML or JSON, listed, and deleted by name") {
  RunningServer mock;
  mock.admin_json("POST", "/__admin/scenarios", "name: y\ndirectories: {a: {trash: {http: 201}}}");
  mock.admin_json("POST", "/__admin/scenarios",
                  R"({"name":"j","directories":{"b":{"trash":{"http":202}}}})");
  CHECK(mock.trash("a")->status == 201);
  CHECK(mock.trash("b")->status == 202);
  auto list = mock.admin_json("GET", "/__admin/scenarios");
  REQUIRE(list["scenarios"].Size() == 3);
  CHECK(str(list["scenarios"][1]["name"]) == "y");
  CHECK(str(list["scenarios"][1]["source"]) == "pushed");
  CHECK(list["scenarios"][1]["directories"].GetUint64() == 1);
  mock.admin_json("DELETE", "/__admin/scenarios/y");
  CHECK(mock.trash("a")->status == 200);
  CHECK(code_of(mock.admin("DELETE", "/__admin/scenarios/y")) == "not_found");
}

TEST_CASE("a pushed set with errors is a 400 with file:line:col and changes nothing") {
  RunningServer mock("directories: {a: {trash: {http: 201}}}");
  auto res = mock.admin("POST", "/__admin/scenarios", "directories:\n  a:\n    trash: {htp: 1}\n");
  REQUIRE(res);
  CHECK(res->status == 400);
  auto doc = parse_json(res->body);
  CHECK(str(doc["code"]) == "invalid_scenario");
  CHECK(str(doc["errors"][0]).find("pushed:3:13: error: unknown key 'htp'") == 0);
  CHECK(mock.trash("a")->status == 201);
}

TEST_CASE("a set's YAML is read back by name, as it was pushed") {
  RunningServer mock("name: base\ndirectories: {a: {trash: {http: 201}}}");
  const std::string yaml = "name: y\n# a comment stays\ndirectories: {b: {trash: {http: 202}}}\n";
  mock.admin_json("POST", "/__admin/scenarios", yaml);
  auto set = mock.admin_json("GET", "/__admin/scenarios/y");
  CHECK(str(set["yaml"]) == yaml);
  CHECK(str(set["source"]) == "pushed");
  CHECK(set["rules"].GetUint64() == 1);
  CHECK(set["bytes"].GetUint64() == yaml.size());
  CHECK(str(mock.admin_json("GET", "/__admin/scenarios/base")["yaml"]).starts_with("name: base"));
  CHECK(code_of(mock.admin("GET", "/__admin/scenarios/nope")) == "not_found");
}

TEST_CASE("a dry-run push says what the push would and changes nothing") {
  RunningServer mock("directories: {a: {trash: {http: 201}}}");
  auto ok = mock.admin("POST", "/__admin/scenarios?dry_run=true",
                       "name: y\ndirectories: {b: {trash: {http: 202}}}");
  REQUIRE(ok);
  CHECK(ok->status == 200);
  CHECK(ok->body.find("would load; nothing changed") != std::string::npos);
  CHECK(mock.trash("b")->status == 200);
  CHECK(mock.admin_json("GET", "/__admin/scenarios")["scenarios"].Size() == 1);

  auto bad = mock.admin("POST", "/__admin/scenarios?dry_run=true",
                        "name: y\ndirectories:\n  b:\n    trash: {htp: 1}\n");
  REQUIRE(bad);
  CHECK(bad->status == 400);
  CHECK(code_of(mock.admin("POST", "/__admin/scenarios?dry_run=yes", "name: y")) ==
        "invalid_params");
}

TEST_CASE("load errors and warnings come with their line and column as numbers") {
  RunningServer mock;
  auto res = mock.admin("POST", "/__admin/scenarios",
                        "name: y\ndirectories:\n  a:\n    trash: {htp: 1}\n");
  REQUIRE(res);
  auto doc = parse_json(res->body);
  REQUIRE(doc["diagnostics"].Size() == 1);
  const auto& d = doc["diagnostics"][0];
  CHECK(str(d["severity"]) == "error");
  CHECK(str(d["file"]) == "pushed");
  CHECK(d["line"].GetInt() == 4);
  CHECK(d["column"].GetInt() == 13);
  CHECK(str(d["message"]).find("unknown key 'htp'") == 0);
}

TEST_CASE("reload re-reads the files and keeps the old sets when they are broken") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("drivemock-reload-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "s.yaml") << "directories: {u: {trash: {http: 201}}}\n";
  drivemock::ServerOptions options;
  options.scenario_paths = {dir.string()};
  RunningServer mock(options);
  CHECK(mock.trash("u")->status == 201);

  std::ofstream(dir / "s.yaml") << "directories: {u: {trash: {http: 202}}}\n";
  mock.admin_json("POST", "/__admin/scenarios/reload");
  CHECK(mock.trash("u")->status == 202);

  std::ofstream(dir / "s.yaml") << "directories: {u: {trash: {http: nope}}}\n";
  auto res = mock.admin("POST", "/__admin/scenarios/reload");
  REQUIRE(res);
  CHECK(res->status == 400);
  INFO(res->body);
  CHECK(res->body.find("s.yaml:1:33: error") != std::string::npos);
  CHECK(mock.trash("u")->status == 202);
  fs::remove_all(dir);
}

TEST_CASE("directories show and set the simulated state") {
  RunningServer mock;
  mock.color("d", "red");
  auto d = mock.admin_json("GET", "/__admin/directories/d");
  CHECK(str(d["uuid"]) == "d");
  CHECK(str(d["state"]) == "active");
  CHECK(str(d["color"]) == "red");
  CHECK(d["calls"]["color"].GetUint64() == 1);
  CHECK(d["calls"]["trash"].GetUint64() == 0);
  auto set = mock.admin_json("PUT", "/__admin/directories/d/state", R"({"state":"trashed"})");
  CHECK(str(set["state"]) == "trashed");
  CHECK(code_of(mock.admin("PUT", "/__admin/directories/d/state", R"({"state":1})")) ==
        "invalid_params");
}

TEST_CASE("a uuid never called still has the initial state, unless unknown uuids are rejected") {
  RunningServer accept;
  CHECK(str(accept.admin_json("GET", "/__admin/directories/new")["state"]) == "active");
  RunningServer reject("unknown_uuids: reject");
  CHECK(code_of(reject.admin("GET", "/__admin/directories/new")) == "not_found");
}

TEST_CASE("shutdown answers and then stops the server") {
  RunningServer mock;
  CHECK(str(mock.admin_json("POST", "/__admin/shutdown")["status"]) == "success");
  mock.server().wait();  // returns: the test would time out otherwise
  CHECK_FALSE(mock.trash("after"));
}

TEST_CASE("with an admin token, admin calls need it and the mock API does not") {
  drivemock::ServerOptions options;
  options.admin_token = "s3cret";
  RunningServer mock(options);
  auto denied = mock.admin("GET", "/__admin/requests");
  REQUIRE(denied);
  CHECK(denied->status == 401);
  CHECK(denied->get_header_value("WWW-Authenticate") == "Bearer");
  auto client = mock.client();
  client.set_bearer_token_auth("wrong");
  CHECK(client.Get("/__admin/requests")->status == 401);
  client.set_bearer_token_auth("s3cret");
  CHECK(client.Get("/__admin/requests")->status == 200);
  CHECK(mock.trash("u")->status == 200);
}

TEST_CASE("the journal keeps the newest entries up to its limit and counts the dropped") {
  drivemock::ServerOptions options;
  options.journal_limit = 3;
  RunningServer mock(options);
  for (int i = 0; i < 5; ++i) mock.trash("u");
  auto journal = mock.requests();
  CHECK(journal["requests"].Size() == 3);
  CHECK(journal["requests"][2]["id"].GetUint64() == 3);
  CHECK(journal["meta"]["dropped"].GetUint64() == 2);
}

TEST_CASE("a POST without Content-Length is served, not timed out") {
  RunningServer mock;
  // httplib's client always sends Content-Length; `curl -X POST url` does not.
  auto answer =
      send_raw(mock.server().port(),
               "POST /__admin/reset HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
  CHECK(answer.starts_with("HTTP/1.1 200"));
}

TEST_CASE("the directories listed are those scripted or seen, filtered by part of their uuid") {
  RunningServer mock("directories: {d1: {trash: {http: 200}}, d2: {trash: {http: 200}}}");
  mock.color("seen-1", "red");
  auto all = mock.admin_json("GET", "/__admin/directories");
  CHECK(all["total"].GetUint64() == 3);
  REQUIRE(all["directories"].Size() == 3);
  CHECK(str(all["directories"][0]["uuid"]) == "d1");
  CHECK(str(all["directories"][2]["uuid"]) == "seen-1");
  CHECK(str(all["directories"][2]["color"]) == "red");
  CHECK(all["directories"][2]["calls"]["color"].GetUint64() == 1);
  auto some = mock.admin_json("GET", "/__admin/directories?uuid=d&limit=1");
  CHECK(some["total"].GetUint64() == 2);
  REQUIRE(some["directories"].Size() == 1);
  CHECK(str(some["directories"][0]["uuid"]) == "d1");
  auto bad = mock.admin("GET", "/__admin/directories?limit=10001");
  REQUIRE(bad);
  CHECK(bad->status == 400);
  CHECK(bad->body.find("expected a whole number from 0 to 10000") != std::string::npos);
}
