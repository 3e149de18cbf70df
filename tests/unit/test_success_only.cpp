// State moves only on a success (model/outcome.h): an answer the client reads
// as an error leaves the uuid's state and stored color as they were, in
// either dialect and for an added operation, while its call count and
// sequence position still advance.
#include <catch2/catch.hpp>

#include "model/outcome.h"
#include "scenario/engine.h"
#include "scenario/loader.h"

using namespace drivemock;
using namespace drivemock::scenario;

namespace {

Engine engine_in(Dialect dialect, const std::string& yaml) {
  auto set = parse_scenario(yaml, "t.yaml", "t", {dialect});
  REQUIRE(set);
  auto catalog = build_catalog({*set}, Envelope(dialect));
  REQUIRE(catalog);
  return Engine(*catalog);
}

rapidjson::Document json_body(const std::string& json) {
  rapidjson::Document d;
  d.Parse(json.c_str());
  return d;
}

std::string code_answered(Engine& e, const contract::Operation& op, const std::string& json) {
  Decision d = e.decide(op, "u", json_body(json));
  std::string body(d.answer->body_text());
  auto at = body.find("\"code\":\"");
  if (at == std::string::npos) return body;
  at += 8;
  return body.substr(at, body.find('"', at) - at);
}

const contract::Operation& trash() {
  return *contract::find_by_name("trash");
}
const contract::Operation& color() {
  return *contract::find_by_name("color");
}

}  // namespace

TEST_CASE("the success predicate: no fault, HTTP 2xx, and no envelope saying error") {
  CHECK(succeeded(200, Fault::none, R"({"status":true,"code":"dir_trashed"})"));
  CHECK(succeeded(200, Fault::none, R"({"status":"success"})"));
  CHECK(succeeded(204, Fault::none, ""));
  CHECK(succeeded(200, Fault::none, "not json"));
  CHECK(succeeded(200, Fault::none, R"({"code":"no_status"})"));
  CHECK_FALSE(succeeded(200, Fault::none, R"({"status":false,"code":"permission_denied"})"));
  CHECK_FALSE(succeeded(200, Fault::none, R"({"status":"error","code":"folder_not_found"})"));
  CHECK_FALSE(succeeded(503, Fault::none, R"({"status":true})"));
  CHECK_FALSE(succeeded(302, Fault::none, ""));
  CHECK_FALSE(succeeded(200, Fault::reset, R"({"status":true})"));
  // A reply read once answers the same as one read on every call.
  Reply refused = json_reply(200, R"({"status":false,"code":"permission_denied"})");
  CHECK_FALSE(succeeded(refused));
  read_envelope(refused);
  CHECK(refused.envelope == EnvelopeSays::error);
  CHECK_FALSE(succeeded(refused));
  // An error drivemock composes says so from the start, in either dialect.
  for (Dialect dialect : {Dialect::document, Dialect::service}) {
    Reply composed = error_reply(Envelope(dialect), 200, "Folder not found.", "folder_not_found");
    CHECK(composed.envelope == EnvelopeSays::error);
    CHECK(envelope_says_error(composed.body_text()));
  }
}

TEST_CASE("service dialect: a trash refused with status false leaves the folder where it was") {
  auto e = engine_in(Dialect::service, R"(
directories:
  u:
    trash:
      respond:
        - {body: {status: false, message: Not yours., code: permission_denied}}
        - {body: {status: true, message: Moved., code: dir_trashed}}
)");
  CHECK(code_answered(e, trash(), "{}") == "permission_denied");
  CHECK(e.directory("u")->state == "active");
  CHECK(e.directory("u")->calls.at("trash") == 1);          // counted all the same
  CHECK(code_answered(e, trash(), "{}") == "dir_trashed");  // the sequence moved on
  CHECK(e.directory("u")->state == "trashed");
}

TEST_CASE("service dialect: a color refused with status false is not stored") {
  auto e = engine_in(Dialect::service, R"(
directories:
  u:
    color:
      - when: {color: red}
        respond: {body: {status: false, message: In the trash., code: dir_trashed}}
)");
  CHECK(code_answered(e, color(), R"({"uuid":"u","color":"blue"})") == "dir_color_changed");
  CHECK(e.directory("u")->attributes.at("color") == "blue");
  CHECK(code_answered(e, color(), R"({"uuid":"u","color":"red"})") == "dir_trashed");
  CHECK(e.directory("u")->attributes.at("color") == "blue");
}

TEST_CASE("document dialect: an answer whose status is error moves nothing, then: included") {
  auto e = engine_in(Dialect::document, R"(
directories:
  u:
    trash:
      - respond: {body: {status: error, message: Not yours., code: permission_denied}}
        then: trashed
)");
  CHECK(code_answered(e, trash(), "{}") == "permission_denied");
  CHECK(e.directory("u")->state == "active");
}

TEST_CASE("an added operation's error answer leaves the state its success would set") {
  auto e = engine_in(Dialect::service, R"(
operations:
  archive:
    path: /v3/dir/archive
    fields: {uuid: string}
    answer: {body: {status: true, message: Archived., code: dir_archived}}
    on_success: {state: archived}
directories:
  u:
    archive:
      respond:
        - {body: {status: false, message: Busy., code: dir_busy}}
        - {body: {status: true, message: Archived., code: dir_archived}}
)");
  const contract::Operation* archive = e.catalog()->operations->by_name("archive");
  REQUIRE(archive);
  CHECK(code_answered(e, *archive, "{}") == "dir_busy");
  CHECK(e.directory("u")->state == "active");
  CHECK(code_answered(e, *archive, "{}") == "dir_archived");
  CHECK(e.directory("u")->state == "archived");
}

TEST_CASE("a template's rendered envelope decides, not the template's text") {
  auto e = engine_in(Dialect::document, R"(
directories:
  u:
    color:
      respond: {template: true, body: {status: "{{body.color}}", code: templated}}
)");
  e.decide(color(), "u", json_body(R"({"uuid":"u","color":"error"})"));
  CHECK(e.directory("u")->attributes.count("color") == 0);
  e.decide(color(), "u", json_body(R"({"uuid":"u","color":"success"})"));
  CHECK(e.directory("u")->attributes.at("color") == "success");
}

TEST_CASE("a then after answers that are all errors is a warning at the then") {
  auto set = parse_scenario(R"(directories:
  u:
    trash:
      - respond: [{http: 503}, {body: {status: error, code: busy}}]
        then: trashed
      - when: {state: x}
        respond: [{http: 503}, {body: {status: success}}]
        then: trashed
)",
                            "t.yaml", "t");
  REQUIRE(set);
  std::vector<std::string> warnings;
  for (const auto& d : set.diagnostics) warnings.push_back(format_diagnostic(d));
  REQUIRE(warnings.size() == 1);  // the second rule's success applies it
  CHECK(warnings[0].starts_with("t.yaml:5:15: warning: then: trashed never applies"));
}
