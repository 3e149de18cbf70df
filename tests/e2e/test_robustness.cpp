// Misbehaving clients: many connections at once, clients that vanish
// mid-request, slow heads, oversized heads and hostile JSON. The server must
// answer everyone else, journal every request whose request line arrived
// (refused ones with the rule that says why), and keep running.
#include <thread>
#include <vector>

#include "e2e/server_fixture.h"
#include "eventually.h"

using namespace drivemock::testing;

namespace {

const std::string kColor = R"({"uuid":"r1","color":"blue"})";

/// The JSON `code` of a raw answer's body.
std::string raw_code(const std::string& answer) {
  auto doc = parse_json(answer.substr(answer.find("\r\n\r\n") + 4));
  return doc["code"].GetString();
}

}  // namespace

TEST_CASE("200 kept-alive connections are all served while others vanish mid-request") {
  RunningServer mock;
  const int port = mock.server().port();
  constexpr int kConnections = 200;
  constexpr int kRounds = 3;
  std::vector<std::unique_ptr<RawConnection>> clients;
  for (int i = 0; i < kConnections; ++i) clients.push_back(std::make_unique<RawConnection>(port));

  // Clients that go away: mid-head, mid-body, and right after a whole request.
  int whole_then_gone = 0;
  for (int i = 0; i < 20; ++i) {
    RawConnection mid_head(port);
    CHECK(mid_head.send("POST /v3/dir/color HTTP/1.1\r\nHost: x\r\nContent-Ty"));
    RawConnection mid_body(port);
    CHECK(mid_body.send(
        "POST /v3/dir/color HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"uu"));
    RawConnection gone(port);
    CHECK(gone.send(raw_post("/v3/dir/trash", R"({"uuid":"gone"})")));
    ++whole_then_gone;
  }

  // Every kept-alive connection has a request in flight at once, each round.
  for (int round = 0; round < kRounds; ++round) {
    for (auto& client : clients) REQUIRE(client->send(raw_post("/v3/dir/color", kColor)));
    for (auto& client : clients) {
      std::string answer = client->read_answer();
      REQUIRE(is_status(answer, 200));
    }
  }

  // Every request whose request line arrived is journaled: the vanished
  // halves too, as incomplete.
  size_t expected = kConnections * kRounds + whole_then_gone + 2 * 20;
  drivemock::RequestFilter all;
  CHECK(mock.server().wait_for(all, expected, std::chrono::seconds(10)).value() == expected);
  CHECK(mock.server().journal().size() == expected);
  size_t incomplete = 0;
  for (const auto& entry : mock.server().journal().entries()) {
    if (!entry->seen().violations.empty() &&
        entry->seen().violations[0].rule == "incomplete_request") {
      CHECK(entry->request.url() == "/v3/dir/color");
      CHECK(entry->seen().operation == "color");
      ++incomplete;
    }
  }
  CHECK(incomplete == 2 * 20);
  CHECK(mock.color("r2", "red")->status == 200);
}

TEST_CASE("a head sent a byte at a time is cut off with 408 while others are served") {
  drivemock::ServerOptions options;
  options.request_timeout = std::chrono::milliseconds(300);
  RunningServer mock(options);
  RawConnection slow(mock.server().port());
  std::thread trickle([&] {
    // One byte per 100 ms, as a slow or hostile client sends; it would take
    // over 10 s to finish the head.
    for (char byte : raw_post("/v3/dir/color", kColor)) {
      if (slow.answered() || !slow.send(std::string_view(&byte, 1))) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
  for (int i = 0; i < 20; ++i) CHECK(mock.color("fast", "blue")->status == 200);
  trickle.join();
  std::string answer = slow.read_to_end();
  CHECK(is_status(answer, 408));
  CHECK(raw_code(answer) == "request_timeout");
  // The refused request is journaled with the answer; its request line had
  // not arrived whole, so neither method nor url are known.
  REQUIRE(mock.server().journal().size() == 21);
  auto journal = mock.requests("?limit=1");
  const auto& entry = journal["requests"][0];
  CHECK(std::string(entry["request"]["method"].GetString()).empty());
  CHECK(entry["response"]["status"].GetInt() == 408);
  CHECK(std::string(entry["violations"][0]["rule"].GetString()) == "request_timeout");
}

TEST_CASE("every refused request is journaled with the rule that says why") {
  drivemock::ServerOptions options;
  options.request_timeout = std::chrono::milliseconds(300);
  RunningServer mock(options);
  const int port = mock.server().port();
  struct Case {
    const char* what;
    std::string request;
    int status;
    const char* rule;
    const char* method;  ///< as journaled: empty where the request line was not read whole
    const char* url;
  };
  std::string many_headers = "POST /v3/dir/color HTTP/1.1\r\n";
  for (int i = 0; i < 101; ++i) many_headers += "X-" + std::to_string(i) + ": v\r\n";
  const std::vector<Case> cases = {
      {"a head that stops after its request line",
       "POST /v3/dir/trash HTTP/1.1\r\nContent-Type: appl", 408, "request_timeout", "POST",
       "/v3/dir/trash"},
      {"a request line over 8 KiB", "POST /" + std::string(9000, 'a') + " HTTP/1.1\r\n\r\n", 414,
       "request_line_too_long", "POST", ""},
      {"a header line over 8 KiB",
       "POST /v3/dir/color HTTP/1.1\r\nX-Big: " + std::string(9000, 'a') + "\r\n\r\n", 431,
       "header_too_long", "POST", "/v3/dir/color"},
      {"more than 100 headers", many_headers + "\r\n", 431, "too_many_headers", "POST",
       "/v3/dir/color"},
      {"a NUL in a header", std::string("POST /v3/dir/color HTTP/1.1\r\nX: a") + '\0' + "b\r\n\r\n",
       400, "nul_in_head", "POST", "/v3/dir/color"},
      {"a request line the library cannot parse", "POST /v3/dir/color HTTP/9.9\r\n\r\n", 400,
       "malformed_request", "POST", "/v3/dir/color"},
      {"a method drivemock does not route", "TRACE /v3/dir/color HTTP/1.1\r\n\r\n", 405,
       "method_not_allowed", "TRACE", "/v3/dir/color"},
      {"a broken chunked body",
       "POST /v3/dir/color HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400,
       "malformed_request", "POST", "/v3/dir/color"},
  };
  uint64_t id = 0;
  for (const auto& c : cases) {
    INFO(c.what);
    std::string answer = send_raw(port, c.request);
    CHECK(is_status(answer, c.status));
    // Journaled before the answer was written: it is there already.
    auto journal = mock.requests("?limit=1");
    REQUIRE(journal["requests"].Size() == 1);
    const auto& entry = journal["requests"][0];
    CHECK(entry["id"].GetUint64() == ++id);
    CHECK(std::string(entry["violations"][0]["rule"].GetString()) == c.rule);
    CHECK(entry["response"]["status"].GetInt() == c.status);
    CHECK(std::string(entry["response"]["body"].GetString()) ==
          answer.substr(answer.find("\r\n\r\n") + 4));
    CHECK(std::string(entry["request"]["method"].GetString()) == c.method);
    CHECK(std::string(entry["request"]["url"].GetString()) == c.url);
  }
  CHECK(mock.color("after", "blue")->status == 200);
}

TEST_CASE("connections that close without a request line are counted, not journaled") {
  RunningServer mock;
  const int port = mock.server().port();
  for (int i = 0; i < 5; ++i) RawConnection(port).close();
  {
    RawConnection partial(port);
    REQUIRE(partial.send("POST /v3/dir/co"));  // no line end: never a request
  }
  drivemock::RequestFilter all;
  CHECK(mock.color("after", "blue")->status == 200);
  // The server may still be reading the closed connections: wait for the count.
  eventually([&] {
    return mock.admin_json("GET", "/__admin/health")["connectionsWithoutRequest"].GetUint64() >= 6;
  });
  auto health = mock.admin_json("GET", "/__admin/health");
  CHECK(health["connectionsWithoutRequest"].GetUint64() == 6);
  CHECK(mock.server().journal().size() == 1);
}

TEST_CASE("oversized or broken request heads get 414, 431 or 400 with a JSON error") {
  RunningServer mock;
  const int port = mock.server().port();
  SECTION("more than 100 headers") {
    std::string head = "POST /v3/dir/color HTTP/1.1\r\nHost: x\r\n";
    for (int i = 0; i < 101; ++i) head += "X-Header-" + std::to_string(i) + ": v\r\n";
    std::string answer = send_raw(port, head + "Content-Length: 0\r\n\r\n");
    CHECK(is_status(answer, 431));
    CHECK(raw_code(answer) == "too_many_headers");
  }
  SECTION("a header line over 8 KiB") {
    std::string answer = send_raw(
        port, "POST /v3/dir/color HTTP/1.1\r\nX-Big: " + std::string(9000, 'a') + "\r\n\r\n");
    CHECK(is_status(answer, 431));
    CHECK(raw_code(answer) == "header_too_large");
  }
  SECTION("a request line over 8 KiB") {
    std::string answer =
        send_raw(port, "GET /" + std::string(9000, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n");
    CHECK(is_status(answer, 414));
    CHECK(raw_code(answer) == "uri_too_long");
  }
  SECTION("a NUL byte in a header value") {
    std::string answer = send_raw(port, std::string("GET / HTTP/1.1\r\nX-A: a\0b\r\n\r\n", 28));
    CHECK(is_status(answer, 400));
    CHECK(raw_code(answer) == "bad_request");
  }
  SECTION("100 headers are still fine") {  // 4 named below + 96
    std::string head =
        "POST /v3/dir/color HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n";
    for (int i = 0; i < 96; ++i) head += "X-Header-" + std::to_string(i) + ": v\r\n";
    head += "Connection: close\r\nContent-Length: " + std::to_string(kColor.size()) + "\r\n\r\n";
    CHECK(is_status(send_raw(port, head + kColor), 200));
  }
  CHECK(mock.color("after", "blue")->status == 200);
}

TEST_CASE("hostile JSON bodies get a clear 400 and the server keeps serving") {
  RunningServer mock;
  struct Case {
    const char* what;
    std::string body;
    const char* rule;
  };
  const std::vector<Case> cases = {
      {"nested 100,000 deep", std::string(100000, '[') + std::string(100000, ']'), "json_syntax"},
      {"objects nested 100,000 deep",
       [] {
         std::string s;
         for (int i = 0; i < 100000; ++i) s += "{\"a\":";
         return s + "1" + std::string(100000, '}');
       }(),
       "json_syntax"},
      {"a field nested 65 deep",
       "{\"uuid\":\"a\",\"color\":" + std::string(65, '[') + std::string(65, ']') + "}",
       "json_syntax"},
      {"unclosed nesting", std::string(100000, '['), "json_syntax"},
      {"invalid UTF-8", "{\"uuid\":\"\xff\xfe\",\"color\":\"blue\"}", "json_syntax"},
      {"a NUL byte", std::string("{\"uuid\":\"a\0b\",\"color\":\"blue\"}", 30), "json_syntax"},
      {"a NUL after the object", std::string("{\"uuid\":\"a\",\"color\":\"b\"}\0x", 27),
       "json_syntax"},
      {"a number out of range", R"({"uuid":"a","color":1e999})", "json_syntax"},
      {"a duplicate key", R"({"uuid":"a","uuid":"b","color":"blue"})", "duplicate_key"},
  };
  for (const auto& c : cases) {
    INFO(c.what);
    auto res = mock.post("/v3/dir/color", c.body);
    REQUIRE(res);
    CHECK(res->status == 400);
    CHECK(code_of(res) == "invalid_params");
    auto journal = mock.requests("?limit=1");
    const auto& violations = journal["requests"][0]["violations"];
    REQUIRE(violations.Size() >= 1);
    bool found = false;
    for (const auto& v : violations.GetArray())
      found |= std::string(v["rule"].GetString()) == c.rule;
    CHECK(found);
  }
  CHECK(mock.color("after", "blue")->status == 200);
  CHECK(mock.server().journal().size() == cases.size() + 1);
}

TEST_CASE("admin filters nested too deep get a 400, also against deep journaled bodies") {
  RunningServer mock;
  std::string deep = std::string(100000, '[') + std::string(100000, ']');
  mock.post("/v3/dir/color", deep);
  for (const std::string& filter :
       {R"({"bodyPatterns":[{"equalToJson":)" + deep + "}]}",
        R"({"bodyPatterns":[{"equalToJson":")" + deep + R"("}]})", R"({"body":)" + deep + "}"}) {
    auto res = mock.admin("POST", "/__admin/requests/find", filter);
    REQUIRE(res);
    CHECK(res->status == 400);
    CHECK(code_of(res) == "invalid_params");
  }
  CHECK(mock.admin_json("POST", "/__admin/requests/count", "{}")["count"].GetUint64() == 1);
}
