// The service dialect: every answer drivemock composes itself has a boolean
// status, which is what the official clients read (the document dialect,
// the default, is what every other test checks).
#include "e2e/server_fixture.h"

using namespace drivemock::testing;

namespace {

drivemock::ServerOptions service(std::string yaml = "directories: {}") {
  drivemock::ServerOptions options;
  options.scenario_texts = {std::move(yaml)};
  options.dialect = drivemock::Dialect::service;
  return options;
}

/// The JSON body of a raw HTTP answer.
rapidjson::Document body_of(const std::string& answer) {
  auto start = answer.find("\r\n\r\n");
  REQUIRE(start != std::string::npos);
  return parse_json(answer.substr(start + 4));
}

/// Checks `doc` is the service dialect's error envelope with `code`.
void check_service_error(const rapidjson::Document& doc, const std::string& code) {
  REQUIRE(doc.IsObject());
  REQUIRE(doc.HasMember("status"));
  CHECK(doc["status"].IsBool());
  CHECK_FALSE(doc["status"].IsTrue());
  CHECK(std::string(doc["code"].GetString()) == code);
  CHECK(doc["message"].IsString());
}

}  // namespace

TEST_CASE("in the service dialect built-in successes say status true") {
  RunningServer mock(service());
  CHECK(mock.trash("any")->body ==
        R"({"status":true,"message":"Directory moved to trash.","code":"dir_trashed"})");
  CHECK(mock.color("any", "red")->body ==
        R"({"status":true,"message":"Directory color changed.","code":"dir_color_changed"})");
}

TEST_CASE("in the service dialect the mock API's errors say status false") {
  RunningServer mock(service("unknown_uuids: reject\ndirectories: {known: {}}"));
  auto rejected = mock.trash("unknown");
  REQUIRE(rejected);
  CHECK(rejected->status == 200);
  check_service_error(parse_json(rejected->body), "folder_not_found");
  auto invalid = mock.post("/v3/dir/trash", "{not json");
  CHECK(invalid->status == 400);
  check_service_error(parse_json(invalid->body), "invalid_params");
  auto missing = mock.post("/v3/dir/move", "{}");
  CHECK(missing->status == 404);
  check_service_error(parse_json(missing->body), "not_found");
  auto method = mock.client().Get("/v3/dir/trash");
  CHECK(method->status == 405);
  check_service_error(parse_json(method->body), "method_not_allowed");
}

TEST_CASE("in the service dialect refusals say status false: 405, 408, 413, 414, 431") {
  auto options = service();
  options.max_body = 16;
  options.request_timeout = std::chrono::milliseconds(200);
  RunningServer mock(options);
  int port = mock.server().port();
  auto large = mock.trash("a-uuid-longer-than-the-limit");
  CHECK(large->status == 413);
  check_service_error(parse_json(large->body), "payload_too_large");
  check_service_error(body_of(send_raw(port, "POST /v3/dir/trash HTTP/1.1\r\nHost: x\r\n")),
                      "request_timeout");
  check_service_error(
      body_of(send_raw(port, "GET /" + std::string(9000, 'a') + " HTTP/1.1\r\n\r\n")),
      "uri_too_long");
  check_service_error(
      body_of(send_raw(port, "GET / HTTP/1.1\r\nX: " + std::string(9000, 'b') + "\r\n\r\n")),
      "header_too_large");
  // One the HTTP library refuses by itself: a method it does not route.
  check_service_error(body_of(send_raw(port, "BREW /v3/dir/trash HTTP/1.1\r\nHost: x\r\n\r\n")),
                      "method_not_allowed");
}

TEST_CASE("in the service dialect an unreachable upstream's 502 says status false") {
  auto options = service();
  options.record_from = "http://127.0.0.1:1";
  RunningServer mock(options);
  auto answer = mock.trash("u");
  REQUIRE(answer);
  CHECK(answer->status == 502);
  check_service_error(parse_json(answer->body), "upstream_unreachable");
}

TEST_CASE("health shows the dialect, and the admin API keeps the document shape") {
  RunningServer mock(service());
  auto health = parse_json(mock.client().Get("/__admin/health")->body);
  CHECK(std::string(health["dialect"].GetString()) == "service");
  auto unknown = parse_json(mock.client().Get("/__admin/nothing")->body);
  CHECK(std::string(unknown["status"].GetString()) == "error");
  RunningServer plain;
  CHECK(
      std::string(parse_json(plain.client().Get("/__admin/health")->body)["dialect"].GetString()) ==
      "document");
}
