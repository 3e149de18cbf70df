// Pact in: a pact read as a scenario set (scenario/pact_set.h).
#include <catch2/catch.hpp>

#include "interchange/pact_writer.h"
#include "scenario/engine.h"
#include "scenario/loader.h"
#include "test_size.h"

using namespace drivemock;
using namespace drivemock::scenario;

namespace {
using namespace drivemock::interchange;

Checked<ScenarioSet> read(const std::string& pact, Dialect dialect = Dialect::document) {
  return parse_scenario(pact, "pact.json", "pact", {dialect});
}

std::vector<std::string> messages_of(const Diagnostics& diagnostics) {
  std::vector<std::string> out;
  for (const auto& d : diagnostics) out.push_back(format_diagnostic(d));
  return out;
}

bool said(const Diagnostics& diagnostics, const std::string& start) {
  auto all = messages_of(diagnostics);
  return std::any_of(all.begin(), all.end(),
                     [&](const std::string& m) { return m.starts_with(start); });
}

interchange::PactCall trash(uint64_t id, const std::string& state, const std::string& answer) {
  interchange::PactCall c;
  c.id = id;
  c.method = "POST";
  c.path = "/v3/dir/trash";
  c.content_type = "application/json";
  c.body = R"({"uuid":"d1"})";
  c.operation = "trash";
  c.uuid = "d1";
  c.state = state;
  c.status = 200;
  c.response_body = answer;
  return c;
}

const std::string kForeign = R"({
  "consumer": {"name": "web"}, "provider": {"name": "drive"},
  "interactions": [
    {"description": "rename", "providerState": "file exists",
     "request": {"method": "POST", "path": "/v3/file/rename",
                 "body": {"uuid": "f1", "name": "a.txt"},
                 "matchingRules": {"$.body.name": {"match": "type"}}},
     "response": {"status": 200, "body": {"status": "success", "code": "renamed"}}},
    {"description": "color red",
     "request": {"method": "POST", "path": "/v3/dir/color", "body": {"uuid": "d1", "color": "red"}},
     "response": {"status": 409, "headers": {"X-Trace": "t"}, "body": {"status": "error", "code": "busy"}}},
    {"description": "list", "request": {"method": "GET", "path": "/v3/dir/list"}, "response": {"status": 200}},
    {"description": "outside", "request": {"method": "POST", "path": "/v2/x", "body": {}}, "response": {"status": 200}}
  ],
  "metadata": {"pactSpecification": {"version": "2.0.0"}}
})";

/// A pact of two trashes of d1: in state active, then in state trashed.
std::string pact_of_trashes(const std::string& when_active, const std::string& when_trashed) {
  return interchange::write_pact(
             {trash(1, "active", when_active), trash(2, "trashed", when_trashed)}, {"c", "p"})
      .json;
}

}  // namespace

TEST_CASE("drivemock's own pact reads back as the rules that answered it") {
  auto set = read(pact_of_trashes(R"({"status":"success","code":"dir_trashed"})",
                                  R"({"status":"error","code":"dir_already_trashed"})"));
  INFO(Catch::Detail::stringify(messages_of(set.diagnostics)));
  REQUIRE(set);
  CHECK(set.diagnostics.empty());
  const auto& rules = set->directories.at("d1").operations.at("trash");
  REQUIRE(rules.size() == 2);
  CHECK(rules[0].when.state == std::optional<std::string>("active"));
  CHECK(rules[1].when.state == std::optional<std::string>("trashed"));
  CHECK(set->directories.at("d1").initial_state == std::optional<std::string>("active"));
  CHECK(rules[1].answers[0].body_text() == R"({"status":"error","code":"dir_already_trashed"})");
}

TEST_CASE("a pact drivemock wrote before directoryState (its param `state`) reads the same") {
  std::string pact = pact_of_trashes(R"({"status":"success","code":"dir_trashed"})",
                                     R"({"status":"error","code":"dir_already_trashed"})");
  for (size_t at; (at = pact.find("\"directoryState\"")) != std::string::npos;) {
    pact.replace(at, 16, "\"state\"");
  }
  REQUIRE(pact.find("directoryState") == std::string::npos);
  auto set = read(pact);
  REQUIRE(set);
  const auto& rules = set->directories.at("d1").operations.at("trash");
  REQUIRE(rules.size() == 2);
  CHECK(rules[1].when.state == std::optional<std::string>("trashed"));
}

TEST_CASE("a pact's error answer, served, leaves the state its interaction is in") {
  // A consumer's pact: trashing d1 while active answers folder_not_found.
  auto set = read(pact_of_trashes(R"({"status":"error","code":"folder_not_found"})",
                                  R"({"status":"error","code":"dir_already_trashed"})"));
  REQUIRE(set);
  auto catalog = build_catalog({*set});
  REQUIRE(catalog);
  Engine engine(*catalog);
  rapidjson::Document body;
  body.Parse(R"({"uuid":"d1"})");
  const auto& op = *contract::find_by_name("trash");
  for (int call = 1; call <= 2; ++call) {
    INFO("call " << call);
    CHECK(engine.decide(op, "d1", body).answer->body_text() ==
          R"({"status":"error","code":"folder_not_found"})");
  }
}

TEST_CASE(
    "a foreign pact: new paths become operations, what drivemock cannot honour is said where") {
  auto set = read(kForeign);
  INFO(Catch::Detail::stringify(messages_of(set.diagnostics)));
  REQUIRE(set);
  REQUIRE(set->operations.size() == 1);
  const auto& rename = set->operations[0];
  CHECK(rename.name == "file-rename");
  CHECK(rename.path == "/v3/file/rename");
  CHECK(rename.key == "uuid");
  CHECK(rename.fields.size() == 2);
  const auto& renamed = set->directories.at("f1").operations.at("file-rename");
  CHECK(renamed[0].when.state == std::optional<std::string>("file exists"));  // a v2 state's name
  // ...which f1 starts in: it answers as the pact says from the first call.
  CHECK(set->directories.at("f1").initial_state == std::optional<std::string>("file exists"));
  CHECK(!set->directories.at("d1").initial_state);  // no provider state: the default
  const auto& color = set->directories.at("d1").operations.at("color")[0];
  CHECK(color.when.fields.size() == 1);  // color: red; the uuid is where it is scripted
  CHECK(color.answers[0].status == 409);
  CHECK(color.answers[0].header_list().size() == 1);
  CHECK(said(set.diagnostics,
             "pact.json:7:36: warning: request matching rule on $.body.name is "
             "not supported; drivemock matches the example exactly: \"a.txt\""));
  CHECK(said(set.diagnostics,
             "pact.json:12:40: warning: a GET /v3/dir/list request: drivemock "
             "serves POST operations only"));
  CHECK(said(set.diagnostics,
             "pact.json:13:5: warning: a request to /v2/x: drivemock serves "
             "operations under /v3/ only"));
}

TEST_CASE("a pact drivemock cannot read, or parts of one, are errors and warnings with positions") {
  SECTION("an unknown specification version") {
    auto set =
        read(R"({"interactions": [], "metadata": {"pactSpecification": {"version": "5.0"}}})");
    CHECK(!set);
    CHECK(messages_of(set.diagnostics) ==
          std::vector<std::string>{"pact.json:1:68: error: pact specification version '5.0' is "
                                   "not one drivemock reads; expected 1.x, 2.x, 3.x or 4.x"});
  }
  SECTION("binary bodies and messages") {
    auto set = read(R"({"interactions": [
  {"type": "Synchronous/HTTP", "description": "b",
   "request": {"method": "POST", "path": "/v3/dir/trash", "body": {"content": "AAEC", "contentType": "application/octet-stream", "encoded": "base64"}},
   "response": {"status": 200}},
  {"type": "Synchronous/HTTP", "description": "r",
   "request": {"method": "POST", "path": "/v3/dir/trash", "body": {"content": {"uuid": "d1"}, "contentType": "application/json", "encoded": false}},
   "response": {"status": 200, "body": {"content": "AAEC", "contentType": "image/png", "encoded": "base64"}}},
  {"type": "Asynchronous/Messages", "description": "m", "contents": {}}
], "metadata": {"pactSpecification": {"version": "4.0"}}})");
    INFO(Catch::Detail::stringify(messages_of(set.diagnostics)));
    REQUIRE(set);
    CHECK(set->directories.empty());
    CHECK(said(set.diagnostics, "pact.json:3:15: warning: the request body is binary (encoded)"));
    CHECK(said(set.diagnostics, "pact.json:7:16: warning: the response body is binary (encoded)"));
    CHECK(said(set.diagnostics,
               "pact.json:8:12: warning: a 'Asynchronous/Messages' interaction "
               "is not HTTP"));
  }
  SECTION("an answer drivemock cannot send is an error where the pact gives it") {
    auto set = read(R"({"interactions": [
  {"request": {"method": "POST", "path": "/v3/dir/trash", "body": {"uuid": "d1"}},
   "response": {"status": 999}},
  {"request": {"method": "POST", "path": "/v3/dir/trash", "body": {"uuid": "d2"}},
   "response": {"status": 200, "headers": {"Content-Length": "3", "X-A": "a\r\nSet-Cookie: x"}}}
]})");
    CHECK(!set);
    CHECK(messages_of(set.diagnostics) ==
          std::vector<std::string>{
              "pact.json:3:27: error: expected an HTTP status from 100 to 599, found '999'",
              "pact.json:5:44: error: header 'Content-Length' is set by drivemock from the answer "
              "itself; expected another header (the body's length and the connection are not "
              "scriptable: use raw, dribble or fault)",
              "pact.json:5:67: error: header 'X-A' has a line break in its value"});
  }
  SECTION("the same request in the same state answered twice") {
    auto set = read(R"({"interactions": [
  {"request": {"method": "POST", "path": "/v3/dir/trash", "body": {"uuid": "d1"}}, "response": {"status": 200}},
  {"request": {"method": "POST", "path": "/v3/dir/trash", "body": {"uuid": "d1"}}, "response": {"status": 503}}
]})");
    REQUIRE(set);
    CHECK(set->directories.at("d1").operations.at("trash").size() == 1);
    CHECK(said(set.diagnostics,
               "pact.json:3:3: warning: the same request in the same state as the "
               "interaction at line 2 answers otherwise"));
  }
}

TEST_CASE("a pact written as YAML reads as the same set as its JSON") {
  auto json = read(kForeign);
  auto yaml = parse_scenario(R"(consumer: {name: web}
provider: {name: drive}
interactions:
  - description: rename
    providerState: file exists
    request:
      method: POST
      path: /v3/file/rename
      body: {uuid: f1, name: a.txt}
      matchingRules: {$.body.name: {match: type}}
    response: {status: 200, body: {status: success, code: renamed}}
  - description: color red
    request: {method: POST, path: /v3/dir/color, body: {uuid: d1, color: red}}
    response: {status: 409, headers: {X-Trace: t}, body: {status: error, code: busy}}
)",
                             "pact.yaml", "pact");
  INFO(Catch::Detail::stringify(messages_of(yaml.diagnostics)));
  REQUIRE(json);
  REQUIRE(yaml);
  REQUIRE(yaml->operations.size() == 1);
  CHECK(yaml->operations[0].fields == json->operations[0].fields);
  CHECK(yaml->operations[0].line == 4);
  const auto& color = yaml->directories.at("d1").operations.at("color")[0];
  CHECK(color.when.fields[0].expected_json == R"("red")");
  CHECK(color.answers[0].status == 409);
  CHECK(color.answers[0].body_text() ==
        json->directories.at("d1").operations.at("color")[0].answers[0].body_text());
  CHECK(said(yaml.diagnostics, "pact.yaml:10:23: warning: request matching rule on $.body.name"));
}

TEST_CASE("a pact's header cannot carry a NUL byte into an answer") {
  auto set = read(R"({"interactions": [
  {"request": {"method": "POST", "path": "/v3/dir/trash", "body": {"uuid": "d1"}},
   "response": {"status": 200, "headers": {"X-A": "a\u0000b"}}}]})");
  CHECK(!set);
  CHECK(
      messages_of(set.diagnostics) ==
      std::vector<std::string>{"pact.json:3:44: error: header 'X-A' has a NUL byte in its value"});
}

TEST_CASE("a pact of 10,000 interactions reads") {
  const auto count = static_cast<uint64_t>(test::sized(10000));
  std::vector<interchange::PactCall> calls;
  for (uint64_t i = 0; i < count; ++i) {
    auto c = trash(i + 1, "active", R"({"status":"success"})");
    c.uuid = "d" + std::to_string(i);
    c.body = R"({"uuid":"d)" + std::to_string(i) + "\"}";
    calls.push_back(c);
  }
  auto pact = interchange::write_pact(calls, {"c", "p"});
  REQUIRE(pact.interactions == count);
  auto set = read(pact.json);
  REQUIRE(set);
  CHECK(set->directories.size() == count);
}
