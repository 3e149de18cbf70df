// Scenario files as QA people write them, exercised over HTTP.
#include <mutex>

#include "e2e/server_fixture.h"
#include "journal/request_log.h"
#include "paths.h"

using namespace drivemock::testing;

TEST_CASE("the spec's trash flow: 503, then success, then already in trash") {
  RunningServer mock(R"(
directories:
  u1:
    trash:
      - when: {state: trashed}
        respond: {body: {status: error, message: Already in trash., code: dir_already_trashed}}
      - respond:
          - {http: 503, body: {status: error, code: internal_error}}
          - {body: {status: success, code: dir_trashed}}
        then: trashed
)");
  auto first = mock.trash("u1");
  REQUIRE(first);
  CHECK(first->status == 503);
  CHECK(code_of(first) == "internal_error");
  CHECK(code_of(mock.trash("u1")) == "dir_trashed");
  CHECK(code_of(mock.trash("u1")) == "dir_already_trashed");
  CHECK(code_of(mock.trash("u1")) == "dir_already_trashed");
}

TEST_CASE("a sequence repeats its last answer, a cycle starts again") {
  RunningServer mock(R"(
directories:
  u:
    color: {respond: [{body: {code: a}}, {body: {code: b}}]}
    trash: {respond: [{body: {code: a}}, {body: {code: b}}], cycle: true}
)");
  std::vector<std::string> colors, trashes;
  for (int i = 0; i < 4; ++i) {
    colors.push_back(code_of(mock.color("u", "red")));
    trashes.push_back(code_of(mock.trash("u")));
  }
  CHECK(colors == std::vector<std::string>{"a", "b", "b", "b"});
  CHECK(trashes == std::vector<std::string>{"a", "b", "a", "b"});
}

TEST_CASE("when on a body field picks the rule for that value") {
  RunningServer mock(R"(
directories:
  u:
    color:
      - {when: {color: red}, respond: {body: {code: red_rule}}}
      - respond: {body: {code: other_rule}}
)");
  CHECK(code_of(mock.color("u", "red")) == "red_rule");
  CHECK(code_of(mock.color("u", "blue")) == "other_rule");
}

TEST_CASE("answers carry status, headers, raw bodies and delays") {
  RunningServer mock(R"(
directories:
  u:
    color: {http: 201, headers: {X-Trace: abc, Content-Type: text/plain}, raw: 'not json'}
    trash: {delay_ms: 150}
)");
  auto res = mock.color("u", "red");
  REQUIRE(res);
  CHECK(res->status == 201);
  CHECK(res->body == "not json");
  CHECK(res->get_header_value("X-Trace") == "abc");
  CHECK(res->get_header_value("Content-Type") == "text/plain");
  REQUIRE(mock.trash("u"));
  auto journal = mock.requests("?operation=trash");
  // A delay is a lower bound on the time to answer: asserting it cannot flake.
  CHECK(journal["requests"][0]["timing"]["totalMicros"].GetInt64() >= 150000);
}

TEST_CASE("a state set by the scenario selects state rules from the first call") {
  RunningServer mock(R"(
directories:
  u:
    state: trashed
    color: [{when: {state: trashed}, respond: {body: {code: folder_not_found}}}]
)");
  CHECK(code_of(mock.color("u", "red")) == "folder_not_found");
}

TEST_CASE("unknown_uuids: reject answers folder_not_found for uuids no file names") {
  RunningServer mock("unknown_uuids: reject\ndirectories: {known: {}}");
  auto res = mock.trash("stranger");
  REQUIRE(res);
  CHECK(res->status == 200);
  CHECK(res->body ==
        R"({"status":"error","message":"Folder not found.","code":"folder_not_found"})");
  CHECK(code_of(mock.trash("known")) == "dir_trashed");
}

TEST_CASE("defaults replace the built-in answers for every uuid") {
  RunningServer mock("defaults: {trash: {body: {status: success, message: Moved., code: moved}}}");
  CHECK(code_of(mock.trash("a")) == "moved");
  CHECK(code_of(mock.trash("b")) == "moved");
  CHECK(code_of(mock.color("a", "red")) == "dir_color_changed");
  auto journal = mock.requests("?operation=trash&limit=1");
  CHECK(journal["requests"][0]["matched"]["rule"].IsNull());
  CHECK(std::string(journal["requests"][0]["matched"]["scenario"].GetString()) == "inline-1");
}

TEST_CASE("scenario errors stop the start and come back positioned") {
  drivemock::ServerOptions options;
  options.scenario_texts = {"directories:\n  u:\n    trash: {fault: boom}\n"};
  auto started = drivemock::Server::start(options);
  CHECK_FALSE(started.server);
  REQUIRE(started.diagnostics.size() == 1);
  CHECK(drivemock::format_diagnostic(started.diagnostics[0]) ==
        "inline-1:3:20: error: unknown fault 'boom'; expected one of: reset, empty, malformed, "
        "hang");
}

TEST_CASE("a raw answer with no Content-Type is sent as JSON when it is JSON, else as text") {
  RunningServer mock(R"(
directories:
  u:
    color: {http: 503, raw: Service Unavailable}
    trash: {raw: '{"status":"success","code":"dir_trashed"}'}
  v:
    color: {raw: '{"truncated":', headers: {Content-Type: application/json}}
)");
  auto text = mock.color("u", "red");
  REQUIRE(text);
  CHECK(text->status == 503);
  CHECK(text->body == "Service Unavailable");
  CHECK(text->get_header_value("Content-Type") == "text/plain; charset=utf-8");
  auto json = mock.trash("u");
  REQUIRE(json);
  CHECK(json->get_header_value("Content-Type") == "application/json");
  // The scenario's own Content-Type is sent as given: a broken body, as JSON, on purpose.
  auto broken = mock.color("v", "red");
  REQUIRE(broken);
  CHECK(broken->get_header_value("Content-Type") == "application/json");
  CHECK(broken->body == R"({"truncated":)");
}

namespace {

const char* kTemplated = R"yaml(
directories:
  d1:
    color:
      template: true
      body: {status: success, message: "{{uuid}} is {{body.color}} after call {{calls}} (was {{state}})", code: dir_color_changed}
      headers: {X-Color: "{{body.color}}"}
    trash:
      - when: {state: trashed}
        respond: {template: true, raw: "already trashed, call {{calls}} of {{operation}} on {{uuid}}"}
      - respond: {body: {status: success, message: "{{uuid}} stays literal"}}
        then: trashed
)yaml";

}  // namespace

TEST_CASE(
    "a templated answer fills in the call, escaped in JSON and cut at line breaks in headers") {
  RunningServer mock(kTemplated);
  auto res = mock.post("/v3/dir/color", R"({"uuid":"d1","color":"b\"l\r\nX-Evil: 1"})");
  REQUIRE(res);
  rapidjson::Document body;
  body.Parse(res->body.c_str());
  REQUIRE(body.IsObject());
  CHECK(body["message"].GetString() ==
        std::string("d1 is b\"l\r\nX-Evil: 1 after call 1 (was active)"));
  CHECK(res->get_header_value("X-Color") == "b\"lX-Evil: 1");
  CHECK_FALSE(res->has_header("X-Evil"));
  CHECK(mock.requests()["requests"][0]["violations"].Size() == 0);
  // The journal keeps the answer as sent.
  CHECK(mock.requests()["requests"][0]["response"]["body"].GetString() == res->body);
}

TEST_CASE("a template's raw text, state and calls follow the uuid, and untemplated braces stay") {
  RunningServer mock(kTemplated);
  CHECK(mock.trash("d1")->body == R"({"status":"success","message":"{{uuid}} stays literal"})");
  CHECK(mock.trash("d1")->body == "already trashed, call 2 of trash on d1");
  CHECK(mock.trash("d1")->body == "already trashed, call 3 of trash on d1");
}

TEST_CASE("a body field the request lacks renders empty and is a template violation") {
  RunningServer mock(kTemplated);
  auto res = mock.post("/v3/dir/color", R"({"uuid":"d1"})");
  REQUIRE(res);
  CHECK(res->body.find(R"x("d1 is  after call 1 (was active)")x") != std::string::npos);
  auto journal = mock.requests();
  std::vector<std::string> rules;
  for (const auto& v : journal["requests"][0]["violations"].GetArray()) {
    rules.push_back(v["rule"].GetString());
  }
  CHECK(std::count(rules.begin(), rules.end(), "template") == 1);
}

TEST_CASE("example resilience: the templated answer echoes the uuid, color and call count") {
  drivemock::ServerOptions options;
  options.scenario_paths = {drivemock::testing::scenarios_dir() + "/resilience.yaml"};
  RunningServer mock(options);
  const std::string uuid = "6f1c7e0a-0000-4000-8000-000000000015";
  mock.color(uuid, "red");
  auto res = mock.color(uuid, "blue");
  REQUIRE(res);
  CHECK(res->body.find("Directory " + uuid + " is now blue (call 2, at 20") != std::string::npos);
  CHECK(res->get_header_value("X-Previous-State") == "active");
}

namespace {

const char* kNearMisses = R"(
name: picky
directories:
  d1:
    trash:
      - {when: {state: trashed}, respond: {http: 409}}
      - {when: {state: active}, respond: {http: 200}, then: trashed}
    color:
      - {when: {color: red}, respond: {http: 200}}
      - {when: {state: gone, color: blue}, respond: {http: 200}}
)";

}  // namespace

TEST_CASE("a named uuid that no rule matched carries why each rule missed, and is unmatched") {
  RunningServer mock(kNearMisses);
  CHECK(mock.color("d1", "red")->status == 200);    // matched: no near misses
  CHECK(mock.color("d1", "green")->status == 200);  // the built-in answer
  auto journal = mock.requests();
  CHECK(journal["requests"][1]["nearMisses"].Empty());
  CHECK(drivemock::json::to_string(journal["requests"][0]["nearMisses"]) ==
        R"([{"rule":1,"reason":"color is green, rule wants red"},)"
        R"({"rule":2,"reason":"state is active, rule wants gone"}])");
  mock.trash("other");  // a uuid no scenario names
  auto unmatched = mock.admin_json("GET", "/__admin/requests/unmatched");
  REQUIRE(unmatched["requests"].Size() == 2);
  CHECK(unmatched["requests"][0]["uuid"].GetString() == std::string("other"));
  CHECK(unmatched["requests"][1]["nearMisses"].Size() == 2);
}

TEST_CASE("the log line of a near miss says why each rule missed") {
  drivemock::ServerOptions options;
  options.scenario_texts = {kNearMisses};
  options.log = drivemock::LogFormat::text;
  std::vector<std::string> lines;
  std::mutex mutex;
  options.on_request = [&](const drivemock::Entry& e) {
    std::lock_guard lock(mutex);
    lines.push_back(drivemock::journal::request_line(e, drivemock::LogFormat::text));
  };
  RunningServer mock(options);
  mock.color("d1", "green");
  std::lock_guard lock(mutex);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].ends_with(
      " near-misses: #1 color is green, rule wants red; #2 state is active, rule wants gone"));
}

namespace {

const char* kScriptedUuids = R"(
name: scripted
directories:
  6f1c7e0a-0000-4000-8000-000000000001: {trash: {http: 200}}
  6f1c7e0a-0000-4000-8000-000000000777: {trash: {http: 200}}
)";

}  // namespace

TEST_CASE("a uuid no scenario names, close to a scripted one, says which one was meant") {
  RunningServer mock(kScriptedUuids);
  mock.trash("6F1C7E0A-0000-4000-8000-000000000001");  // upper-cased by the client
  mock.trash("6f1c7e0a-0000-4000-8000-00000000777");   // a digit lost in a copy
  mock.trash("0b5d9c3e-1111-4222-8333-444455556666");  // nothing like any
  mock.trash("6f1c7e0a-0000-4000-8000-000000000001");  // scripted: nothing to suggest
  auto journal = mock.requests();
  REQUIRE(journal["requests"].Size() == 4);
  CHECK(journal["requests"][0]["didYouMean"].IsNull());
  CHECK(journal["requests"][1]["didYouMean"].IsNull());
  CHECK(drivemock::json::to_string(journal["requests"][2]["didYouMean"]) ==
        R"("6f1c7e0a-0000-4000-8000-000000000777")");
  CHECK(drivemock::json::to_string(journal["requests"][3]["didYouMean"]) ==
        R"("6f1c7e0a-0000-4000-8000-000000000001")");
  auto unmatched = mock.admin_json("GET", "/__admin/requests/unmatched");
  REQUIRE(unmatched["requests"].Size() == 3);
  CHECK(drivemock::json::to_string(unmatched["requests"][2]["didYouMean"]) ==
        R"("6f1c7e0a-0000-4000-8000-000000000001")");
}

TEST_CASE("a rejected unknown uuid still says which scripted uuid was meant") {
  RunningServer mock("unknown_uuids: reject\ndirectories: {known-directory: {}}");
  auto res = mock.trash("KNOWN-directory");
  REQUIRE(res);
  CHECK(res->body.find("folder_not_found") != std::string::npos);
  CHECK(drivemock::json::to_string(mock.requests()["requests"][0]["didYouMean"]) ==
        R"("known-directory")");
}

TEST_CASE("the log line of an unknown uuid names the scripted uuid it was likely meant to be") {
  drivemock::ServerOptions options;
  options.scenario_texts = {kScriptedUuids};
  std::vector<std::string> lines;
  std::mutex mutex;
  options.on_request = [&](const drivemock::Entry& e) {
    std::lock_guard lock(mutex);
    lines.push_back(drivemock::journal::request_line(e, drivemock::LogFormat::text));
    lines.push_back(drivemock::journal::request_line(e, drivemock::LogFormat::json));
  };
  RunningServer mock(options);
  mock.trash("6F1C7E0A-0000-4000-8000-000000000001");
  std::lock_guard lock(mutex);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].ends_with(" did-you-mean=6f1c7e0a-0000-4000-8000-000000000001"));
  CHECK(lines[1].find(R"("didYouMean":"6f1c7e0a-0000-4000-8000-000000000001")") !=
        std::string::npos);
}

TEST_CASE("an unknown uuid's didYouMean follows the scenarios as they change") {
  RunningServer mock(kScriptedUuids);
  mock.trash("D2");  // nothing near yet
  mock.admin_json("POST", "/__admin/scenarios", "name: later\ndirectories: {d2: {trash: {}}}");
  mock.trash("D2");
  mock.admin_json("DELETE", "/__admin/scenarios/later");
  mock.trash("D2");
  auto journal = mock.requests();
  REQUIRE(journal["requests"].Size() == 3);
  CHECK(journal["requests"][2]["didYouMean"].IsNull());
  CHECK(drivemock::json::to_string(journal["requests"][1]["didYouMean"]) == R"("d2")");
  CHECK(journal["requests"][0]["didYouMean"].IsNull());
}
