// POST /__admin/scenarios/drift: the scenarios in force against a
// recording sent in the body, the recording made through drivemock from a
// stand-in for the service; and what a hostile caller cannot do with it.
#include "e2e/server_fixture.h"
#include "temp_dir.h"

using namespace drivemock::testing;

namespace {

/// A stand-in for the service, answering in its shape.
const char* kService = R"(name: service
directories:
  d1:
    trash: {body: {status: true, message: Directory trashed., code: dir_trashed, data: {}}}
  gone:
    trash: {body: {status: false, message: Folder not found., code: folder_not_found, data: {}}}
)";

/// A hand-written scenario that has drifted: a string status, no data.
const char* kScenario = R"(name: hand-written
directories:
  d2:
    trash:
      body: {status: success, message: Trashed., code: dir_trashed}
)";

/// A recording of the stand-in, made through a recording drivemock.
std::string record_service() {
  drivemock::ServerOptions service_options;
  service_options.scenario_texts = {kService};
  service_options.dialect = drivemock::Dialect::service;
  RunningServer service(service_options);
  TempDir dir;
  drivemock::ServerOptions options;
  options.record_from = service.server().base_url();
  options.record_to = (dir.path / "rec.yaml").string();
  RunningServer recorder(options);
  REQUIRE(recorder.trash("d1"));
  REQUIRE(recorder.trash("gone"));
  return recorder.admin_json("POST", "/__admin/recordings/stop")["scenario"].GetString();
}

httplib::Result post_drift(const RunningServer& mock, const std::string& body,
                           const httplib::Headers& headers = {}) {
  return mock.client().Post("/__admin/scenarios/drift", headers, body, "application/yaml");
}

}  // namespace

TEST_CASE("drift over the admin API: the scenarios in force against a recording in the body") {
  std::string recording = record_service();
  RunningServer mock(kScenario);
  REQUIRE(mock.admin("POST", "/__admin/scenarios",
                     "name: pushed-one\ndirectories: {d3: {trash: {http: 404, raw: gone}}}\n"));
  auto res = post_drift(mock, recording);
  REQUIRE(res);
  INFO(res->body);
  REQUIRE(res->status == 200);
  auto doc = parse_json(res->body);
  CHECK(doc["errors"].GetUint() == 3);
  const auto& findings = doc["findings"];
  REQUIRE(findings.Size() == 3);
  CHECK(std::string(findings[0]["file"].GetString()) == "inline");
  CHECK(findings[0]["line"].GetInt() == 5);
  CHECK(std::string(findings[0]["message"].GetString()) ==
        "answers status \"success\" (a string) where the service's trash answers have status a "
        "boolean (2 of 2)");
  CHECK(std::string(findings[1]["message"].GetString()) ==
        "lacks data, which the service sent in every trash answer with HTTP 200 (2 of 2)");
  CHECK(std::string(findings[2]["file"].GetString()) == "pushed");
  CHECK(std::string(findings[2]["kind"].GetString()) == "status_unseen");
}

TEST_CASE("drift over the admin API: what a hostile caller cannot do") {
  RunningServer mock(kScenario);
  // A web page of another origin is refused, as on every admin path.
  auto cross = post_drift(mock, "name: r\ndirectories: {}\n",
                          {{"Origin", "https://evil.example"}, {"Sec-Fetch-Site", "cross-site"}});
  REQUIRE(cross);
  CHECK(cross->status == 403);
  // A body that is no YAML drivemock reads (an alias, deep nesting) is
  // refused with where, and the server goes on.
  auto aliased = post_drift(mock, "a: &x {}\nb: *x\n");
  REQUIRE(aliased);
  CHECK(aliased->status == 400);
  CHECK(code_of(aliased) == "invalid_recording");
  CHECK_THAT(aliased->body, Catch::Contains("recording:2:4: error: aliases"));
  auto deep = post_drift(mock, std::string(100000, '['));
  REQUIRE(deep);
  CHECK(deep->status == 400);
  // A body over --max-body is not read at all.
  auto huge = post_drift(mock, "# " + std::string(2 << 20, 'x'));
  REQUIRE(huge);
  CHECK(huge->status == 413);
  CHECK(mock.trash("d2")->status == 200);
}
