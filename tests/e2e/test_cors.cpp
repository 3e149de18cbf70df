// CORS on the mock API, for web apps that call the service from a browser:
// preflights answered (not journaled, counted), answers naming the origin,
// for pages of this machine by default and the --cors-origin ones; never an
// answer another site's page can read (a recorded one included), unless
// '*' is asked for; never on the admin API.
#include "e2e/server_fixture.h"
#include "temp_dir.h"

using namespace drivemock::testing;

namespace {

drivemock::ServerOptions service_dialect(std::vector<std::string> origins = {}) {
  drivemock::ServerOptions options;
  options.dialect = drivemock::Dialect::service;
  options.cors_origins = std::move(origins);
  return options;
}

httplib::Result preflight(const RunningServer& mock, const std::string& path,
                          const std::string& origin) {
  return mock.client().Options(
      path.c_str(), {{"Origin", origin},
                     {"Access-Control-Request-Method", "POST"},
                     {"Access-Control-Request-Headers", "authorization,checksum,content-type"}});
}

httplib::Result post_from(const RunningServer& mock, const std::string& origin) {
  return mock.client().Post("/v3/dir/trash", {{"Origin", origin}, {"Authorization", "Bearer k"}},
                            R"({"uuid":"d1"})", "application/json");
}

}  // namespace

TEST_CASE("service dialect: a page of this machine gets 204 with what the SDK sends, unjournaled") {
  RunningServer mock(service_dialect());
  for (const char* origin : {"http://localhost:5173", "http://127.0.0.1:8080", "https://[::1]:3000",
                             "http://app.localhost:4000", "http://localhost"}) {
    INFO(origin);
    auto res = preflight(mock, "/v3/dir/trash", origin);
    REQUIRE(res);
    CHECK(res->status == 204);
    CHECK(res->get_header_value("Access-Control-Allow-Origin") == origin);
    CHECK(res->get_header_value("Vary") == "Origin");
    CHECK(res->get_header_value("Access-Control-Allow-Methods") == "POST");
    CHECK(res->get_header_value("Access-Control-Allow-Headers") ==
          "Authorization, Checksum, Content-Type");
  }
  CHECK(mock.requests()["meta"]["total"].GetUint64() == 0);
  CHECK(mock.admin_json("GET", "/__admin/health")["corsPreflights"].GetUint64() == 5);

  auto answer = post_from(mock, "http://localhost:5173");
  REQUIRE(answer);
  CHECK(answer->status == 200);
  CHECK(answer->get_header_value("Access-Control-Allow-Origin") == "http://localhost:5173");
  CHECK(mock.requests()["meta"]["total"].GetUint64() == 1);
  // Without an Origin (not a browser), nothing is added.
  CHECK_FALSE(mock.trash("d1")->has_header("Access-Control-Allow-Origin"));
}

TEST_CASE("by default a page of another site cannot read the mock API's answers") {
  RunningServer mock(service_dialect());
  // Names that only look local, and the opaque origin of a sandboxed page.
  for (const char* origin :
       {"https://app.example", "http://localhost.evil.example", "http://127.0.0.1.nip.io", "null",
        "http://evil.example@localhost", "file://", "http://[fe80::1]"}) {
    INFO(origin);
    auto res = preflight(mock, "/v3/dir/trash", origin);
    REQUIRE(res);
    CHECK(res->status == 403);
    CHECK(code_of(res) == "cors_origin_refused");
    CHECK_FALSE(res->has_header("Access-Control-Allow-Origin"));
    // A simple POST is answered (the browser sends it), with nothing that
    // lets the page read it.
    auto answer = post_from(mock, origin);
    REQUIRE(answer);
    CHECK_FALSE(answer->has_header("Access-Control-Allow-Origin"));
  }
}

TEST_CASE("a --cors-origin of '*' allows any site, asked for explicitly") {
  RunningServer mock(service_dialect({"*"}));
  auto res = preflight(mock, "/v3/dir/trash", "https://app.example");
  REQUIRE(res);
  CHECK(res->status == 204);
  CHECK(res->get_header_value("Access-Control-Allow-Origin") == "*");
  CHECK_FALSE(res->has_header("Vary"));
}

TEST_CASE("a recorded upstream's answer, its own CORS '*' too, is not readable by another site") {
  // The upstream (a drivemock standing in for the real service) says any
  // origin may read its answers, as some services do for public endpoints.
  RunningServer upstream(R"(
directories:
  d1:
    trash:
      respond:
        body: {status: true, message: account data, code: dir_trashed}
        headers: {Access-Control-Allow-Origin: '*', Access-Control-Allow-Credentials: 'true'}
)");
  // Its recording in a file of its own, not the default name that another
  // test run beside this one may take within the same second.
  drivemock::testing::TempDir dir;
  drivemock::ServerOptions recording = service_dialect();
  recording.record_to = dir.file("rec.yaml");
  RunningServer recorder(recording);
  std::string target = "http://127.0.0.1:" + std::to_string(upstream.server().port());
  REQUIRE(
      recorder
          .admin("POST", "/__admin/recordings/start", R"({"targetBaseUrl":")" + target + R"("})")
          ->status == 200);
  auto stranger = post_from(recorder, "https://evil.example");
  REQUIRE(stranger);
  CHECK(stranger->body.find("account data") != std::string::npos);   // proxied...
  CHECK_FALSE(stranger->has_header("Access-Control-Allow-Origin"));  // ...but not readable
  CHECK_FALSE(stranger->has_header("Access-Control-Allow-Credentials"));
  auto local = post_from(recorder, "http://localhost:5173");
  REQUIRE(local);
  CHECK(local->get_header_value("Access-Control-Allow-Origin") == "http://localhost:5173");
  CHECK(local->get_header_value_count("Access-Control-Allow-Origin") == 1);
}

TEST_CASE("CORS narrowed with --cors-origin names only the origins listed") {
  RunningServer mock(service_dialect({"https://app.example"}));
  auto allowed = preflight(mock, "/v3/dir/color", "https://app.example");
  REQUIRE(allowed);
  CHECK(allowed->status == 204);
  CHECK(allowed->get_header_value("Access-Control-Allow-Origin") == "https://app.example");
  CHECK(allowed->get_header_value("Vary") == "Origin");
  auto other = preflight(mock, "/v3/dir/color", "https://evil.example");
  REQUIRE(other);
  CHECK(other->status == 403);
  CHECK(code_of(other) == "cors_origin_refused");
  CHECK_FALSE(other->has_header("Access-Control-Allow-Origin"));
  // The answer itself is sent (the browser withholds it from the page).
  auto answer = post_from(mock, "https://evil.example");
  REQUIRE(answer);
  CHECK_FALSE(answer->has_header("Access-Control-Allow-Origin"));
  CHECK(post_from(mock, "https://app.example")->get_header_value("Access-Control-Allow-Origin") ==
        "https://app.example");
}

TEST_CASE("the admin API never answers CORS, whatever the dialect and flags") {
  drivemock::ServerOptions options = service_dialect();
  options.cors = drivemock::Cors::on;
  RunningServer mock(options);
  auto res = preflight(mock, "/__admin/requests", "https://app.example");
  REQUIRE(res);
  CHECK(res->status != 204);
  CHECK_FALSE(res->has_header("Access-Control-Allow-Origin"));
  auto read = mock.client().Get("/__admin/requests", {{"Origin", "https://app.example"}});
  REQUIRE(read);
  CHECK_FALSE(read->has_header("Access-Control-Allow-Origin"));
}

TEST_CASE("document dialect: no CORS unless --cors") {
  RunningServer plain;
  auto res = preflight(plain, "/v3/dir/trash", "https://app.example");
  REQUIRE(res);
  CHECK(res->status == 405);  // as before: the contract's answer, journaled
  CHECK_FALSE(res->has_header("Access-Control-Allow-Origin"));
  CHECK(plain.requests()["meta"]["total"].GetUint64() == 1);

  drivemock::ServerOptions options;
  options.cors = drivemock::Cors::on;
  RunningServer with_cors(options);
  CHECK(preflight(with_cors, "/v3/dir/trash", "http://localhost:5173")->status == 204);
  // Paths that are not the mock API's are answered as before.
  CHECK(preflight(with_cors, "/elsewhere", "http://localhost:5173")->status == 404);
}
