// The faked API and its contract checks, as a client sees them.
#include "e2e/server_fixture.h"

using namespace drivemock::testing;

TEST_CASE("with no scenario, color and trash give the built-in answers") {
  RunningServer mock;
  auto color = mock.color("any-uuid", "red");
  REQUIRE(color);
  CHECK(color->status == 200);
  CHECK(color->get_header_value("Content-Type") == "application/json");
  CHECK(color->body ==
        R"({"status":"success","message":"Directory color changed.","code":"dir_color_changed"})");
  auto trash = mock.trash("any-uuid");
  REQUIRE(trash);
  CHECK(trash->status == 200);
  CHECK(trash->body ==
        R"({"status":"success","message":"Directory moved to trash.","code":"dir_trashed"})");
}

TEST_CASE("a body that is not JSON gets 400 invalid_params with the byte offset") {
  RunningServer mock;
  auto res = mock.post("/v3/dir/trash", R"({"uuid" "x"})");
  REQUIRE(res);
  CHECK(res->status == 400);
  auto doc = parse_json(res->body);
  CHECK(std::string(doc["status"].GetString()) == "error");
  CHECK(std::string(doc["code"].GetString()) == "invalid_params");
  CHECK(std::string(doc["message"].GetString()).find("at byte offset 8") != std::string::npos);
}

TEST_CASE("a body without uuid, or not an object, gets 400 invalid_params") {
  RunningServer mock;
  CHECK(code_of(mock.post("/v3/dir/trash", R"({"id":"x"})")) == "invalid_params");
  CHECK(code_of(mock.post("/v3/dir/trash", R"("x")")) == "invalid_params");
  CHECK(code_of(mock.post("/v3/dir/color", R"({"uuid":1,"color":"red"})")) == "invalid_params");
}

TEST_CASE("other violations are served when lenient and journaled") {
  RunningServer mock;
  auto res = mock.post("/v3/dir/color", R"({"uuid":"u","colour":"red"})");
  REQUIRE(res);
  CHECK(res->status == 200);
  auto journal = mock.requests();
  const auto& violations = journal["requests"][0]["violations"];
  REQUIRE(violations.Size() == 2);
  CHECK(std::string(violations[0]["rule"].GetString()) == "field_missing");
  CHECK(std::string(violations[1]["rule"].GetString()) == "field_unknown");
  CHECK(std::string(violations[1]["message"].GetString()).find("'colour'") != std::string::npos);
}

TEST_CASE("when strict, every violation is answered 400 invalid_params") {
  RunningServer mock("directories: {}", drivemock::contract::Strictness::strict);
  auto res = mock.client().Post("/v3/dir/trash", R"({"uuid":"u"})", "text/plain");
  REQUIRE(res);
  CHECK(res->status == 400);
  CHECK(code_of(res) == "invalid_params");
  CHECK(res->body.find("Content-Type") != std::string::npos);
  CHECK(mock.trash("u")->status == 200);
}

TEST_CASE("an unknown path answers 404 not_found naming the endpoint") {
  RunningServer mock;
  auto res = mock.post("/v3/x", "{}");
  REQUIRE(res);
  CHECK(res->status == 404);
  CHECK(res->body ==
        R"({"status":"error","message":"No such endpoint: POST /v3/x","code":"not_found"})");
}

TEST_CASE("a wrong method on a mock path answers 405 and is a violation") {
  RunningServer mock;
  auto res = mock.client().Get("/v3/dir/color");
  REQUIRE(res);
  CHECK(res->status == 405);
  CHECK(res->get_header_value("Allow") == "POST");
  CHECK(code_of(res) == "method_not_allowed");
  auto journal = mock.requests();
  CHECK(std::string(journal["requests"][0]["violations"][0]["rule"].GetString()) ==
        "method_not_allowed");
}

TEST_CASE("a kept-alive connection serves as many requests as its Keep-Alive header promises") {
  RunningServer mock;
  RawConnection connection(mock.server().port());
  // A client that honours `max` counts on it: the header must state what
  // drivemock does (it once said max=5 and served on past it).
  for (int i = 0; i < 20; ++i) {
    REQUIRE(connection.send(raw_post("/v3/dir/trash", R"({"uuid":"k"})")));
    std::string answer = connection.read_answer();
    INFO("request " << i + 1 << ": " << answer);
    REQUIRE(is_status(answer, 200));
    CHECK(answer.find("Keep-Alive: timeout=5, max=100000\r\n") != std::string::npos);
    CHECK(answer.find("Connection: close") == std::string::npos);
  }
  CHECK(mock.requests()["meta"]["total"].GetUint64() == 20);
}

TEST_CASE("the last request a connection may carry is answered with Connection: close") {
  drivemock::ServerOptions options;
  options.keep_alive_max = 3;
  RunningServer mock(options);
  RawConnection connection(mock.server().port());
  for (int i = 1; i <= 3; ++i) {
    REQUIRE(connection.send(raw_post("/v3/dir/trash", R"({"uuid":"k"})")));
    std::string answer = connection.read_answer();
    INFO("request " << i << ": " << answer);
    REQUIRE(is_status(answer, 200));
    bool last = i == 3;
    CHECK((answer.find("Keep-Alive: timeout=5, max=3\r\n") != std::string::npos) == !last);
    CHECK((answer.find("Connection: close\r\n") != std::string::npos) == last);
  }
  CHECK(connection.read_to_end().empty());  // and closed after it
}

TEST_CASE("a second server on a taken port fails to start instead of sharing it") {
  RunningServer first;
  drivemock::ServerOptions options;
  options.port = first.server().port();
  auto second = drivemock::Server::start(options);
  CHECK_FALSE(second.server);
  CHECK(second.error.find("cannot listen on 127.0.0.1:" + std::to_string(options.port)) == 0);
}

TEST_CASE("a body over the limit gets 413, is journaled marked, and others are still served") {
  drivemock::ServerOptions options;
  options.max_body = 100;
  RunningServer mock(options);
  std::string big = R"({"uuid":"u","color":")" + std::string(200, 'x') + R"("})";
  auto res = mock.post("/v3/dir/color", big);
  REQUIRE(res);
  CHECK(res->status == 413);
  CHECK(code_of(res) == "payload_too_large");
  CHECK(res->body.find("the limit is 100 bytes") != std::string::npos);
  CHECK(mock.trash("u")->status == 200);
  auto journal = mock.requests();
  const auto& entry = journal["requests"][1];
  CHECK(entry["response"]["status"].GetInt() == 413);
  CHECK(std::string(entry["violations"][0]["rule"].GetString()) == "body_too_large");
  CHECK(std::string(entry["request"]["body"].GetString()).empty());  // never read
}

TEST_CASE("a chunked body over the limit is journaled truncated to the limit") {
  drivemock::ServerOptions options;
  options.max_body = 100;
  RunningServer mock(options);
  std::string body(150, 'y');
  char size[16];
  std::snprintf(size, sizeof size, "%zx", body.size());
  auto answer =
      send_raw(mock.server().port(),
               "POST /v3/dir/trash HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" +
                   std::string(size) + "\r\n" + body + "\r\n0\r\n\r\n");
  CHECK(answer.starts_with("HTTP/1.1 413"));
  auto journal = mock.requests();
  CHECK(std::string(journal["requests"][0]["request"]["body"].GetString()) ==
        std::string(100, 'y'));
  CHECK(std::string(journal["requests"][0]["violations"][0]["message"].GetString())
            .find("keeps 100 bytes") != std::string::npos);
}
