// The service dialect: every answer drivemock composes itself has a boolean
// status, which is what the official clients read (the document dialect,
// the default, is what every other test checks).
#include <algorithm>

#include "e2e/server_fixture.h"
#include "log_capture.h"
#include "paths.h"

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

// The SDK's trash flow takes a lock around the trash: the service dialect
// has it built in, with the live service's answers (issue 26).
TEST_CASE("the service dialect answers the SDK's lock with no scenario file") {
  RunningServer mock(service());
  auto acquired = mock.post("/v3/user/lock", R"({"uuid":"l1","type":"acquire","resource":"r"})");
  REQUIRE(acquired);
  CHECK(acquired->status == 200);
  CHECK(
      acquired->body ==
      R"({"status":true,"message":"Lock acquired.","code":"lock_acquired","data":{"acquired":true}})");
  auto released = mock.post("/v3/user/lock", R"({"uuid":"l1","type":"release","resource":"r"})");
  CHECK(
      released->body ==
      R"({"status":true,"message":"Lock released.","code":"lock_released","data":{"released":true}})");
  auto journal = mock.requests();
  CHECK(std::string(journal["requests"][0]["operation"].GetString()) == "lock");
  CHECK(journal["requests"][0]["violations"].Size() == 0);
}

TEST_CASE("the document dialect has no lock operation") {
  RunningServer mock;
  CHECK(mock.post("/v3/user/lock", R"({"uuid":"l1","type":"acquire","resource":"r"})")->status ==
        404);
}

TEST_CASE("a scenario scripts the dialect's lock: busy once, then the built-in answers") {
  RunningServer mock(service(R"(defaults:
  lock:
    - when: {type: acquire}
      respond:
        - {body: {status: true, data: {acquired: false}}}
        - {body: {status: true, message: Lock acquired., code: lock_acquired, data: {acquired: true}}}
    - when: {type: release}
      respond: {body: {status: true, data: {released: true}}}
)"));
  const std::string acquire = R"({"uuid":"l","type":"acquire","resource":"r"})";
  CHECK(mock.post("/v3/user/lock", acquire)->body.find(R"("acquired":false)") != std::string::npos);
  CHECK(mock.post("/v3/user/lock", acquire)->body.find(R"("acquired":true)") != std::string::npos);
}

TEST_CASE("a file that defines the lock again, as before the dialect had it, still loads") {
  auto options = service();
  options.scenario_texts.clear();
  options.scenario_paths = {drivemock::testing::scenarios_dir() + "/service/lock-operation.yaml"};
  RunningServer mock(options);
  auto acquired = mock.post("/v3/user/lock", R"({"uuid":"l1","type":"acquire","resource":"r"})");
  CHECK(acquired->status == 200);
  CHECK(acquired->body.find(R"("acquired":true)") != std::string::npos);
}

TEST_CASE("the official SDK against the document dialect: a dialect violation, logged once") {
  LogCapture log;
  drivemock::ServerOptions options;
  options.log = drivemock::LogFormat::text;
  RunningServer mock(options);
  httplib::Headers sdk{{"User-Agent", "filen-sdk"}};
  for (int i = 0; i < 2; ++i) {
    REQUIRE(mock.client().Post("/v3/dir/trash", sdk, R"({"uuid":"d"})", "application/json"));
  }
  REQUIRE(mock.post("/v3/dir/trash", R"({"uuid":"d"})"));  // another client: no violation
  auto journal = mock.requests();
  auto& requests = journal["requests"];  // newest first
  REQUIRE(requests.Size() == 3);
  CHECK(requests[0]["violations"].Size() == 0);
  for (unsigned i = 1; i < 3; ++i) {
    REQUIRE(requests[i]["violations"].Size() == 1);
    CHECK(std::string(requests[i]["violations"][0]["rule"].GetString()) == "dialect");
    CHECK(std::string(requests[i]["violations"][0]["message"].GetString())
              .find("start drivemock with --dialect service") != std::string::npos);
  }
  auto lines = log.taken();
  CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& line) {
          return line.find("--dialect service") != std::string::npos;
        }) == 1);
}

TEST_CASE("the official SDK against the service dialect: no dialect violation") {
  RunningServer mock(service());
  httplib::Headers sdk{{"User-Agent", "filen-sdk"}};
  REQUIRE(mock.client().Post("/v3/dir/trash", sdk, R"({"uuid":"d"})", "application/json"));
  CHECK(mock.requests()["requests"][0]["violations"].Size() == 0);
}

TEST_CASE("in the service dialect the lock's housekeeping is not unmatched, a typo is") {
  // A typo guard in an SDK suite: each lock takes a fresh random uuid,
  // which no scenario can name, answered by the dialect as the service does.
  RunningServer mock(service("directories: {folder-1: {}}"));
  mock.post("/v3/user/lock", R"({"uuid":"l1","type":"acquire","resource":"drive-write"})");
  mock.post("/v3/user/lock", R"({"uuid":"l1","type":"refresh","resource":"drive-write"})");
  mock.post("/v3/user/lock", R"({"uuid":"l1","type":"release","resource":"drive-write"})");
  mock.trash("folder-1");
  mock.trash("folder-l");
  auto unmatched = mock.admin_json("GET", "/__admin/requests/unmatched");
  REQUIRE(unmatched["requests"].Size() == 1);
  CHECK(std::string(unmatched["requests"][0]["uuid"].GetString()) == "folder-l");
}

TEST_CASE("a lock a scenario scripts for a uuid it names is no housekeeping") {
  RunningServer mock(
      service("directories: {l2: {lock: {when: {type: acquire}, respond: {http: 503}}}}"));
  mock.post("/v3/user/lock", R"({"uuid":"l2","type":"acquire","resource":"drive-write"})");
  mock.post("/v3/user/lock", R"({"uuid":"l3","type":"acquire","resource":"drive-write"})");
  // l2 is named and its rule matched; l3 is housekeeping: neither is unmatched.
  CHECK(mock.admin_json("GET", "/__admin/requests/unmatched")["requests"].Size() == 0);
}
