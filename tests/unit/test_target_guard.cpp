// Where a recording may proxy to (record/target_guard).
#include <catch2/catch.hpp>

#include "record/target_guard.h"

using namespace drivemock;
using namespace drivemock::record;

TEST_CASE("a target is an http(s) base URL: scheme, host and port, nothing after") {
  auto https = parse_target_url("https://Gateway.Example/");
  REQUIRE(https);
  CHECK(https->scheme == "https");
  CHECK(https->host == "gateway.example");
  CHECK(https->port == 443);
  auto v6 = parse_target_url("http://[::1]:8081");
  REQUIRE(v6);
  CHECK(v6->host == "::1");
  CHECK(v6->port == 8081);
  for (const char* bad : {"ftp://x", "http://", "http://h/v3", "http://user@h", "http://h:0",
                          "http://h:x", "https//h"}) {
    INFO(bad);
    CHECK_FALSE(parse_target_url(bad));
  }
}

TEST_CASE("the guard refuses metadata addresses and drivemock's own port, and says why") {
  TargetGuard guard({});
  guard.add_own_port(8080);
  auto metadata = guard.check("http://169.254.169.254");
  REQUIRE_FALSE(metadata);
  CHECK(metadata.error().message.find("link-local or cloud metadata") != std::string::npos);
  auto itself = guard.check("http://localhost:8080");
  REQUIRE_FALSE(itself);
  CHECK(itself.error().message.find("drivemock itself") != std::string::npos);
  auto other_port = guard.check("http://127.0.0.1:8081");
  REQUIRE(other_port);
  CHECK(other_port->text == "127.0.0.1");
}

TEST_CASE("every listener of drivemock's own is refused as a target: plain, TLS and proxy") {
  TargetGuard guard({});
  for (int port : {8080, 8443, 8888}) guard.add_own_port(port);
  for (const char* url : {"http://127.0.0.1:8080", "https://localhost:8443", "https://[::1]:8443",
                          "http://127.0.0.1:8888"}) {
    INFO(url);
    auto loop = guard.check(url);
    REQUIRE_FALSE(loop);
    CHECK(loop.error().message.find("drivemock itself") != std::string::npos);
  }
  CHECK(guard.check("https://127.0.0.1:8444"));
  for (const char* url : {"http://100.100.100.200", "http://[64:ff9b::a9fe:a9fe]"}) {
    INFO(url);
    auto metadata = guard.check(url);
    REQUIRE_FALSE(metadata);
    CHECK(metadata.error().message.find("metadata") != std::string::npos);
  }
}

TEST_CASE("with an allow list, only its hosts (and the record_from target) may be reached") {
  TargetGuard guard({{"127.0.0.1:9001", "localhost"}, "http://127.0.0.1:9003"});
  CHECK(guard.check("http://127.0.0.1:9001"));
  CHECK_FALSE(guard.check("http://127.0.0.1:9002"));
  CHECK(guard.check("http://127.0.0.1:9003"));
  CHECK(guard.check("http://localhost:1234"));
  auto refused = guard.check("http://127.0.0.1:9002");
  REQUIRE_FALSE(refused);
  CHECK(refused.error().message.find("--allow-record-target 127.0.0.1:9002") != std::string::npos);
}
