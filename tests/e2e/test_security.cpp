// What a hostile caller cannot do, end to end against a running server: a
// scenario author cannot crash or exhaust it, a web page cannot command or
// read its admin API, and a scripted answer cannot run as a page of its
// origin. (The recorder, memory, log and redaction guards are in
// test_security_inputs.cpp.) Each test here failed before its guard.
#include <fstream>

#include "server_fixture.h"

using namespace drivemock;
using drivemock::testing::RunningServer;

namespace {

/// Resident memory of this process, in KiB (from /proc/self/status).
long resident_kib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.starts_with("VmRSS:")) return std::stol(line.substr(6));
  }
  return 0;
}

/// A body whose member l<i> is ten copies of l<i-1>, `levels` deep: 10^levels
/// scalars when expanded, a few hundred bytes as text.
std::string billion_laughs(int levels) {
  std::string yaml = "name: laughs\ndefaults:\n  trash:\n    body:\n      l0: &l0 lol\n";
  for (int i = 1; i <= levels; ++i) {
    std::string previous = "*l" + std::to_string(i - 1);
    yaml += "      l" + std::to_string(i) + ": &l" + std::to_string(i) + " [";
    for (int k = 0; k < 10; ++k) yaml += (k ? "," : "") + previous;
    yaml += "]\n";
  }
  return yaml;
}

bool healthy(const RunningServer& mock) {
  auto res = mock.client().Get("/__admin/health");
  return res && res->status == 200;
}

/// A POST with the headers a browser sends from a page of `origin`.
httplib::Result post_from_page(const RunningServer& mock, const std::string& path,
                               const std::string& origin, const std::string& body = "") {
  httplib::Headers headers = {{"Origin", origin}, {"Sec-Fetch-Site", "cross-site"}};
  return mock.client().Post(path.c_str(), headers, body, "text/plain");
}

const char* kSelfAlias = "name: s\ndefaults:\n  color:\n    body:\n      x: &a [*a]\n";

}  // namespace

TEST_CASE(
    "a scenario whose alias refers to itself is refused where it stands, in a push and a "
    "dry run") {
  RunningServer mock;
  for (const char* path : {"/__admin/scenarios?dry_run=true", "/__admin/scenarios"}) {
    auto res = mock.client().Post(path, kSelfAlias, "application/yaml");
    REQUIRE(res);
    INFO(res->body);
    CHECK(res->status == 400);
    CHECK(res->body.find(":5:14: error: aliases (*name) are not supported in scenario files") !=
          std::string::npos);
  }
  CHECK(healthy(mock));
}

TEST_CASE("billion laughs are refused at the first alias, without expanding them") {
  RunningServer mock;
  long before = resident_kib();
  auto res = mock.client().Post("/__admin/scenarios", billion_laughs(7), "application/yaml");
  REQUIRE(res);
  INFO(res->body);
  CHECK(res->status == 400);
  CHECK(res->body.find("aliases (*name) are not supported") != std::string::npos);
  // Expanded, it is ten million scalars: hundreds of MiB.
  CHECK(resident_kib() - before < 64 * 1024);
  CHECK(healthy(mock));
}

TEST_CASE("nesting deeper than 64 levels is a positioned error, in YAML and in JSON pushes") {
  RunningServer mock;
  std::string deep_yaml =
      "name: deep\ndefaults:\n  trash:\n    body: {x: " + std::string(100, '[') +
      std::string(100, ']') + "}\n";
  std::string deep_json = R"({"name":"deep","defaults":{"trash":{"body":{"x":)" +
                          std::string(5000, '[') + std::string(5000, ']') + "}}}}";
  for (const auto& text : {deep_yaml, deep_json}) {
    auto res = mock.client().Post("/__admin/scenarios", text, "application/yaml");
    REQUIRE(res);
    INFO(res->body.substr(0, 400));
    CHECK(res->status == 400);
    CHECK(res->body.find("nested deeper than 64 levels") != std::string::npos);
  }
  CHECK(healthy(mock));
}

TEST_CASE("a web page of another site cannot command the admin API with simple requests") {
  RunningServer mock("name: base\ndirectories: {u: {trash: {http: 202}}}");
  mock.trash("u");
  for (const char* path :
       {"/__admin/reset", "/__admin/scenarios", "/__admin/recordings/start", "/__admin/shutdown"}) {
    auto res = post_from_page(mock, path, "https://evil.example",
                              R"({"targetBaseUrl":"http://127.0.0.1:9"})");
    REQUIRE(res);
    INFO(path << ": " << res->body);
    CHECK(res->status == 403);
    CHECK(res->body.find("--allow-origin https://evil.example") != std::string::npos);
    CHECK_FALSE(res->has_header("Access-Control-Allow-Origin"));
  }
  // Nothing happened: the journal, the sets and the recorder are as they were.
  CHECK(mock.requests()["meta"]["total"].GetUint64() == 1);
  CHECK(mock.admin_json("GET", "/__admin/recordings/status")["status"] ==
        rapidjson::Value("NeverStarted"));
  CHECK(healthy(mock));
}

TEST_CASE("a cross-site call is refused by Sec-Fetch-Site alone, and an opaque origin too") {
  RunningServer mock;
  auto site =
      mock.client().Post("/__admin/reset", {{"Sec-Fetch-Site", "cross-site"}}, "", "text/plain");
  REQUIRE(site);
  CHECK(site->status == 403);
  CHECK(site->body.find("Sec-Fetch-Site: cross-site") != std::string::npos);
  auto opaque = mock.client().Post("/__admin/reset", {{"Origin", "null"}}, "", "text/plain");
  REQUIRE(opaque);
  CHECK(opaque->status == 403);
}

TEST_CASE("a page of another site cannot read the journal, nor a preflight open it") {
  RunningServer mock;
  mock.trash("secret-uuid");
  auto read = mock.client().Get("/__admin/requests", {{"Origin", "https://evil.example"}});
  REQUIRE(read);
  CHECK(read->status == 403);
  CHECK(read->body.find("secret-uuid") == std::string::npos);
  auto preflight = mock.client().Options(
      "/__admin/requests",
      {{"Origin", "https://evil.example"}, {"Access-Control-Request-Method", "DELETE"}});
  REQUIRE(preflight);
  CHECK(preflight->status >= 400);
  CHECK_FALSE(preflight->has_header("Access-Control-Allow-Origin"));
  CHECK_FALSE(preflight->has_header("Access-Control-Allow-Methods"));
}

TEST_CASE("a request addressed to another host name (DNS rebinding) gets no journal") {
  RunningServer mock;
  mock.trash("secret-uuid");
  auto rebound = mock.client().Get("/__admin/requests", {{"Host", "evil.example"}});
  REQUIRE(rebound);
  CHECK(rebound->status == 403);
  CHECK(rebound->body.find("secret-uuid") == std::string::npos);
  CHECK(rebound->body.find("--allow-host evil.example") != std::string::npos);
  // The mock API itself answers whatever the Host: clients name the real service.
  auto mock_call = mock.client().Post("/v3/dir/trash", {{"Host", "gateway.example"}},
                                      R"({"uuid":"u"})", "application/json");
  REQUIRE(mock_call);
  CHECK(mock_call->status == 200);
}

TEST_CASE("the local user's tools and pages keep working without any header") {
  RunningServer mock;
  // curl and the test clients: no Origin, no Sec-Fetch-Site, any Content-Type.
  auto plain = mock.client().Post("/__admin/reset", "", "text/plain");
  REQUIRE(plain);
  CHECK(plain->status == 200);
  for (const char* host : {"localhost", "127.0.0.1:8080", "[::1]:8080", "app.localhost"}) {
    auto res = mock.client().Get("/__admin/health", {{"Host", host}});
    REQUIRE(res);
    CHECK(res->status == 200);
  }
  // The dashboard: a page of drivemock's own (loopback) origin.
  std::string own = "http://127.0.0.1:" + std::to_string(mock.server().port());
  auto page =
      mock.client().Post("/__admin/reset", {{"Origin", own}, {"Sec-Fetch-Site", "same-origin"}}, "",
                         "application/json");
  REQUIRE(page);
  CHECK(page->status == 200);
}

TEST_CASE("a page and a host name named by --allow-origin and --allow-host are let in, no others") {
  ServerOptions options;
  options.allow_origins = {"https://mock.example:8443"};
  options.allow_hosts = {"drivemock"};
  RunningServer mock(options);
  auto allowed = post_from_page(mock, "/__admin/reset", "https://mock.example:8443");
  REQUIRE(allowed);
  CHECK(allowed->status == 200);
  auto other = post_from_page(mock, "/__admin/reset", "https://mock.example:9999");
  REQUIRE(other);
  CHECK(other->status == 403);
  auto named = mock.client().Get("/__admin/health", {{"Host", "drivemock:8080"}});
  REQUIRE(named);
  CHECK(named->status == 200);
  auto unnamed = mock.client().Get("/__admin/health", {{"Host", "drivemock.evil.example"}});
  REQUIRE(unnamed);
  CHECK(unnamed->status == 403);
}

TEST_CASE("with an admin token, a caller that brings it is let in from anywhere") {
  ServerOptions options;
  options.admin_token = "s3cret";
  RunningServer mock(options);
  auto res = mock.client().Get(
      "/__admin/health", {{"Host", "drivemock.internal"}, {"Authorization", "Bearer s3cret"}});
  REQUIRE(res);
  CHECK(res->status == 200);
}

TEST_CASE("a scripted HTML answer is sandboxed and never sniffed, unless it sets its own policy") {
  RunningServer mock(
      "directories:\n"
      "  page: {trash: {raw: '<script>fetch(\"/__admin/requests\")</script>', "
      "headers: {Content-Type: text/html}}}\n"
      "  own: {trash: {raw: '<p>x</p>', headers: {Content-Type: text/html, "
      "Content-Security-Policy: \"default-src 'none'\"}}}\n"
      "  slow: {trash: {raw: '<p>x</p>', headers: {Content-Type: text/html}, "
      "dribble: {chunks: 2, over_ms: 10}}}\n");
  auto page = mock.trash("page");
  REQUIRE(page);
  CHECK(page->get_header_value("Content-Security-Policy") == "sandbox");
  CHECK(page->get_header_value("X-Content-Type-Options") == "nosniff");
  auto own = mock.trash("own");
  REQUIRE(own);
  CHECK(own->get_header_value_count("Content-Security-Policy") == 1);
  CHECK(own->get_header_value("Content-Security-Policy") == "default-src 'none'");
  auto slow = mock.trash("slow");
  REQUIRE(slow);
  CHECK(slow->get_header_value("Content-Security-Policy") == "sandbox");
  CHECK(slow->get_header_value("X-Content-Type-Options") == "nosniff");
  auto built_in = mock.trash("anything");
  REQUIRE(built_in);
  CHECK(built_in->get_header_value("Content-Security-Policy") == "sandbox");
}

TEST_CASE("the dashboard cannot be framed by another site") {
  RunningServer mock;
  auto page = mock.client().Get("/__admin/ui");
  REQUIRE(page);
  CHECK(page->get_header_value("Content-Security-Policy").find("frame-ancestors 'none'") !=
        std::string::npos);
  CHECK(page->get_header_value("X-Frame-Options") == "DENY");
}
