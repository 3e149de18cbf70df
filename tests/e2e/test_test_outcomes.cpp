// A test's outcome, sent by the runner helpers when the test ends
// (POST /__admin/sessions/{id}/outcome): taken by an open or a closed
// session, kept as its "test-outcome" event, and in the report beside the
// calls' bodies and the pushed YAML. What a caller cannot do: give an
// outcome that is not one, to a session never opened, or keep an unbounded
// message.
#include <map>
#include <thread>
#include <utility>
#include <vector>

#include "e2e/server_fixture.h"
#include "temp_dir.h"

using namespace drivemock::testing;

namespace {

std::string open_outcome_session(const RunningServer& mock, const std::string& name) {
  auto doc = mock.admin_json("POST", "/__admin/sessions", R"({"name":")" + name + R"("})", 201);
  return doc["id"].GetString();
}

std::string outcome_path(const std::string& id) {
  return "/__admin/sessions/" + id + "/outcome";
}

/// The details of the session's test-outcome events, oldest first.
std::vector<std::map<std::string, std::string>> outcomes_of(const RunningServer& mock,
                                                            const std::string& id) {
  auto doc = mock.admin_json("GET", "/__admin/events?session=" + id);
  std::vector<std::map<std::string, std::string>> found;
  for (const auto& e : doc["events"].GetArray()) {
    if (std::string(e["kind"].GetString()) != "test-outcome") continue;
    std::map<std::string, std::string> details;
    for (const auto& d : e["details"].GetObject())
      details[d.name.GetString()] = d.value.GetString();
    found.push_back(details);
  }
  return found;
}

/// The run's data of a report page.
rapidjson::Document data_of_report(const std::string& html) {
  const std::string open = R"(<script type="application/json" id="report-data">)";
  auto from = html.find(open);
  REQUIRE(from != std::string::npos);
  from += open.size();
  rapidjson::Document doc;
  doc.Parse(html.substr(from, html.find("</script>", from) - from).c_str());
  REQUIRE(doc.IsObject());
  return doc;
}

/// Pushes `yaml` into session `id`.
void push_into(RunningServer& mock, const std::string& id, const std::string& yaml) {
  auto pushed =
      mock.client().Post(("/__admin/scenarios?session=" + id).c_str(), yaml, "application/yaml");
  REQUIRE(pushed);
  REQUIRE(pushed->status == 200);
}

/// Trashes `uuid` in session `id`.
void trash_in(RunningServer& mock, const std::string& id, const std::string& uuid) {
  mock.client().Post("/v3/dir/trash", {{"X-Drivemock-Session", id}},
                     R"({"uuid":")" + uuid + R"("})", "application/json");
}

}  // namespace

TEST_CASE("a test's outcome is taken by its session, open or after it closed") {
  RunningServer mock;
  std::string failing = open_outcome_session(mock, "suite > fails");
  mock.admin_json("POST", outcome_path(failing),
                  R"({"outcome":"failed","durationMs":12.4,"message":"expected 'dir_trashed'",)"
                  R"("location":"archive.test.mjs:14:5"})");
  std::string passing = open_outcome_session(mock, "suite > passes");
  mock.admin_json("DELETE", "/__admin/sessions/" + passing);
  mock.admin_json("POST", outcome_path(passing), R"({"outcome":"passed","durationMs":3})");

  auto failed = outcomes_of(mock, failing);
  REQUIRE(failed.size() == 1);
  CHECK(failed[0]["outcome"] == "failed");
  CHECK(failed[0]["durationMs"] == "12");
  CHECK(failed[0]["message"] == "expected 'dir_trashed'");
  CHECK(failed[0]["location"] == "archive.test.mjs:14:5");
  auto passed = outcomes_of(mock, passing);
  REQUIRE(passed.size() == 1);
  CHECK(passed[0]["outcome"] == "passed");
}

TEST_CASE("an outcome that is not one, or for no session, is refused and nothing is kept") {
  RunningServer mock;
  std::string id = open_outcome_session(mock, "t");
  auto refused = [&](const std::string& path, const std::string& body, int status,
                     const std::string& says) {
    auto res = mock.admin("POST", path, body);
    REQUIRE(res);
    CHECK(res->status == status);
    INFO(res->body);
    CHECK(res->body.find(says) != std::string::npos);
  };
  refused(outcome_path("never-opened"), R"({"outcome":"passed"})", 404, "unknown_session");
  refused(outcome_path(id), R"({"outcome":"pass"})", 400, "expected passed, failed or skipped");
  refused(outcome_path(id), R"({})", 400, "outcome is required");
  refused(outcome_path(id), R"({"outcome":"passed","durationMs":-1})", 400, "durationMs");
  refused(outcome_path(id), R"({"outcome":"passed","durationMs":"12"})", 400, "durationMs");
  refused(outcome_path(id), R"({"outcome":"passed","durationMs":1e300})", 400, "durationMs");
  refused(outcome_path(id), R"({"outcome":"failed","message":["x"]})", 400,
          "message must be a string");
  refused(outcome_path(id), R"({"outcome":"passed","status":"ok"})", 400, "Unknown key 'status'");
  refused(outcome_path(id), R"([1])", 400, "invalid_params");
  CHECK(outcomes_of(mock, id).empty());
}

TEST_CASE("a failure's message and location are kept cut to a bound, on a character boundary") {
  RunningServer mock;
  std::string id = open_outcome_session(mock, "long");
  // 'é' is two bytes: 4,095 bytes of 'a' put the cut inside the first one.
  std::string message(4095, 'a');
  for (int i = 0; i < 3000; ++i) message += "é";
  mock.admin_json("POST", outcome_path(id),
                  R"({"outcome":"failed","message":")" + message + R"(","location":")" +
                      std::string(100000, 'x') + R"("})");
  auto kept = outcomes_of(mock, id);
  REQUIRE(kept.size() == 1);
  CHECK(kept[0]["message"] == std::string(4095, 'a') + "… (10095 bytes)");
  CHECK(kept[0]["location"] == std::string(512, 'x') + "… (100000 bytes)");
}

TEST_CASE("the report holds each test's outcome, the calls' bodies and the pushed YAML") {
  TempDir dir;
  drivemock::ServerOptions options;
  options.report_file = dir.file("report.html");
  RunningServer mock(options);
  std::string id = open_outcome_session(mock, "suite > trashes");
  const std::string yaml =
      "directories:\n  d1: {trash: {body: {status: success, code: scripted}}}\n";
  auto pushed_res =
      mock.client().Post(("/__admin/scenarios?session=" + id).c_str(), yaml, "application/yaml");
  REQUIRE(pushed_res);
  REQUIRE(pushed_res->status == 200);
  mock.client().Post("/v3/dir/trash", {{"X-Drivemock-Session", id}}, R"({"uuid":"d1"})",
                     "application/json");
  mock.admin_json("POST", outcome_path(id),
                  R"({"outcome":"failed","message":"expected dir_trashed, got scripted"})");
  mock.admin_json("POST", "/__admin/report");
  auto data = data_of_report(read_text_file(dir.file("report.html")));
  auto& request = data["requests"][0];
  CHECK(std::string(request[15].GetString()) == R"({"uuid":"d1"})");
  CHECK(std::string(request[16].GetString()).find(R"("code":"scripted")") != std::string::npos);
  bool pushed = false, outcome = false;
  for (const auto& e : data["events"].GetArray()) {
    std::string kind = e[4].GetString();
    if (kind == "push") pushed = std::string(e[6]["yaml"].GetString()) == yaml;
    if (kind == "test-outcome") {
      outcome = std::string(e[6]["outcome"].GetString()) == "failed" &&
                std::string(e[6]["message"].GetString()) == "expected dir_trashed, got scripted";
    }
  }
  CHECK(pushed);
  CHECK(outcome);
}

TEST_CASE("a session's close lists its calls a typo away from a scripted uuid, the first 16") {
  RunningServer mock;
  std::string id = open_outcome_session(mock, "typos");
  push_into(mock, id,
            "directories:\n  folder-abc: {trash: {body: {status: success, code: scripted}}}\n");
  auto trash = [&](const std::string& uuid) { trash_in(mock, id, uuid); };
  trash("folder-abd");
  trash("folder-abd");                 // the same call again: listed once
  trash("another-folder-altogether");  // no scripted uuid comes close
  for (int i = 0; i < 20; ++i) trash("folder-ab" + std::string(1, static_cast<char>('e' + i)));
  auto closed = mock.admin_json("DELETE", "/__admin/sessions/" + id);
  const auto& misses = closed["nearMisses"];
  REQUIRE(misses.Size() == 16);
  CHECK(std::string(misses[0]["operation"].GetString()) == "trash");
  CHECK(std::string(misses[0]["uuid"].GetString()) == "folder-abd");
  CHECK(std::string(misses[0]["didYouMean"].GetString()) == "folder-abc");
  CHECK(std::string(misses[1]["uuid"].GetString()) == "folder-abe");
  // This session's own script, never called: its test's typo.
  CHECK(misses[0]["ownScript"].GetBool());
  CHECK_FALSE(misses[0]["suggestionCalled"].GetBool());
  CHECK(misses[0]["typo"].GetBool());
}

TEST_CASE(
    "a near miss of the baseline's uuid, or of one the session called too, is no typo of its "
    "test's") {
  drivemock::ServerOptions options;
  options.scenario_texts = {"directories:\n  folder-001: {trash: {http: 500}}\n"};
  RunningServer mock(std::move(options));
  std::string id = open_outcome_session(mock, "fixtures");
  push_into(mock, id,
            "directories:\n  folder-0c1: {trash: {body: {status: success, code: scripted}}}\n");
  auto trash = [&](const std::string& uuid) { trash_in(mock, id, uuid); };
  trash("folder-002");  // near the baseline's folder-001
  trash("folder-0c1");
  trash("folder-0c2");  // near folder-0c1, which this session called
  auto closed = mock.admin_json("DELETE", "/__admin/sessions/" + id);
  const auto& misses = closed["nearMisses"];
  REQUIRE(misses.Size() == 2);
  CHECK(std::string(misses[0]["didYouMean"].GetString()) == "folder-001");
  CHECK_FALSE(misses[0]["ownScript"].GetBool());
  CHECK_FALSE(misses[0]["typo"].GetBool());
  CHECK(std::string(misses[1]["didYouMean"].GetString()) == "folder-0c1");
  CHECK(misses[1]["ownScript"].GetBool());
  CHECK(misses[1]["suggestionCalled"].GetBool());
  CHECK_FALSE(misses[1]["typo"].GetBool());
}

TEST_CASE("a session's close lists the rules its pushes script that none of its calls got") {
  drivemock::ServerOptions options;
  options.scenario_texts = {"directories:\n  folder-base: {trash: {http: 500}}\n"};
  RunningServer mock(std::move(options));
  std::string id = open_outcome_session(mock, "scripts");
  push_into(mock, id,
            "name: mine\ndirectories:\n  folder-a: {trash: {http: 500}}\n  folder-b:\n    trash:\n"
            "      - when: {state: locked}\n        respond: {http: 423}\n"
            "      - respond: {http: 200}\n");
  trash_in(mock, id, "folder-b");     // its second rule answers
  trash_in(mock, id, "folder-base");  // the baseline's: no rule of this session's
  auto closed = mock.admin_json("DELETE", "/__admin/sessions/" + id);
  const auto& unused = closed["unusedRules"];
  REQUIRE(unused.Size() == 2);
  CHECK(drivemock::json::to_string(unused[0]) ==
        R"({"set":"mine","uuid":"folder-a","operation":"trash","rule":1,"line":3})");
  CHECK(drivemock::json::to_string(unused[1]) ==
        R"({"set":"mine","uuid":"folder-b","operation":"trash","rule":1,"line":6})");
}

TEST_CASE("two sessions scripting one uuid: each close judges only its own calls") {
  RunningServer mock;
  std::string a = open_outcome_session(mock, "a");
  std::string b = open_outcome_session(mock, "b");
  const std::string yaml = "directories:\n  folder-abc: {trash: {http: 500}}\n";
  push_into(mock, a, yaml);
  push_into(mock, b, yaml);
  trash_in(mock, a, "folder-abc");  // a uses its rule
  trash_in(mock, b, "folder-abd");  // b misses it by a typo
  auto closed_a = mock.admin_json("DELETE", "/__admin/sessions/" + a);
  auto closed_b = mock.admin_json("DELETE", "/__admin/sessions/" + b);
  CHECK(closed_a["unusedRules"].Size() == 0);
  CHECK(closed_a["nearMisses"].Size() == 0);
  REQUIRE(closed_b["unusedRules"].Size() == 1);
  CHECK(std::string(closed_b["unusedRules"][0]["uuid"].GetString()) == "folder-abc");
  REQUIRE(closed_b["nearMisses"].Size() == 1);
  CHECK_FALSE(closed_b["nearMisses"][0]["suggestionCalled"].GetBool());  // a's call is not b's
  CHECK(closed_b["nearMisses"][0]["typo"].GetBool());
}

TEST_CASE("outcomes come in batches, taken whole or not at all") {
  RunningServer mock;
  std::string first = open_outcome_session(mock, "first");
  std::string second = open_outcome_session(mock, "second");
  mock.admin_json("DELETE", "/__admin/sessions/" + second);
  mock.admin_json("POST", "/__admin/outcomes",
                  R"({"outcomes":[{"session":")" + first +
                      R"(","outcome":"passed","durationMs":2},)" + R"({"session":")" + second +
                      R"(","outcome":"failed","message":"no"}]})");
  CHECK(outcomes_of(mock, first).at(0)["outcome"] == "passed");
  CHECK(outcomes_of(mock, second).at(0)["message"] == "no");

  auto refused = [&](const std::string& body, int status, const std::string& says) {
    auto res = mock.admin("POST", "/__admin/outcomes", body);
    REQUIRE(res);
    INFO(res->body);
    CHECK(res->status == status);
    CHECK(res->body.find(says) != std::string::npos);
  };
  // The second item is wrong: the first is not kept either.
  refused(R"({"outcomes":[{"session":")" + first + R"(","outcome":"skipped"},)" +
              R"({"session":")" + first + R"(","outcome":"maybe"}]})",
          400, "outcomes[1]: outcome is 'maybe'");
  refused(R"({"outcomes":[{"session":"never-opened","outcome":"passed"}]})", 404,
          "unknown_session");
  refused(R"({"outcomes":[{"outcome":"passed"}]})", 400, "outcomes[0]: session is required");
  refused(R"({"outcomes":{}})", 400, "at most 1000");
  std::string many = R"({"outcomes":[)";
  for (int i = 0; i < 1001; ++i) {
    many += (i ? "," : "") + std::string(R"({"session":")") + first + R"(","outcome":"passed"})";
  }
  refused(many + "]}", 400, "at most 1000");
  CHECK(outcomes_of(mock, first).size() == 1);
}

TEST_CASE("a test's outcome only gets worse: a later passed never hides a failure") {
  RunningServer mock;
  std::string id = open_outcome_session(mock, "suite > retried");
  mock.admin_json("POST", outcome_path(id), R"({"outcome":"failed","message":"first try"})");
  auto later = mock.admin_json("POST", outcome_path(id), R"({"outcome":"passed"})");
  CHECK(std::string(later["message"].GetString()).find("stays as it was") != std::string::npos);
  // Its close does not forget it: a runner reporting after the close.
  mock.admin_json("DELETE", "/__admin/sessions/" + id);
  auto after_close = mock.admin_json("POST", outcome_path(id), R"({"outcome":"passed"})");
  CHECK(std::string(after_close["message"].GetString()).find("stays as it was") !=
        std::string::npos);
  auto kept = outcomes_of(mock, id);
  REQUIRE(kept.size() == 1);
  CHECK(kept[0]["outcome"] == "failed");
  CHECK(kept[0]["message"] == "first try");
  // Worse still counts: passed, then skipped, then failed are all kept.
  std::string other = open_outcome_session(mock, "suite > worsening");
  for (const char* state : {"passed", "passed", "skipped", "passed", "failed", "skipped"}) {
    mock.admin_json("POST", outcome_path(other), std::string(R"({"outcome":")") + state + R"("})");
  }
  auto worsening = outcomes_of(mock, other);
  REQUIRE(worsening.size() == 3);
  CHECK(worsening.back()["outcome"] == "failed");
}

TEST_CASE("one session's flood of outcomes cannot push another's out of the events") {
  drivemock::ServerOptions options;
  options.journal_limit = 50;  // events are bounded as the journal is
  RunningServer mock(options);
  std::string quiet = open_outcome_session(mock, "quiet");
  mock.admin_json("POST", outcome_path(quiet), R"({"outcome":"failed","message":"kept"})");
  std::string noisy = open_outcome_session(mock, "noisy");
  std::string batch = R"({"outcomes":[)";
  for (int i = 0; i < 1000; ++i) {
    batch += (i ? "," : "") + std::string(R"({"session":")") + noisy +
             R"(","outcome":"failed","message":")" + std::to_string(i) + R"("})";
  }
  auto res = mock.admin_json("POST", "/__admin/outcomes", batch + "]}");
  CHECK(std::string(res["message"].GetString()).rfind("1 outcomes kept; 999 left", 0) == 0);
  for (int i = 0; i < 200; ++i) {
    mock.admin("POST", outcome_path(noisy), R"({"outcome":"failed"})");
  }
  CHECK(outcomes_of(mock, noisy).size() == 1);
  REQUIRE(outcomes_of(mock, quiet).size() == 1);
  CHECK(outcomes_of(mock, quiet)[0]["message"] == "kept");
}

TEST_CASE("a pushed set's secret header values are not shown back in its event or the report") {
  TempDir dir;
  drivemock::ServerOptions options;
  options.report_file = dir.file("report.html");
  options.redact_headers = {"X-Custom-Key"};
  RunningServer mock(options);
  const std::string yaml =
      "directories:\n"
      "  d1:\n"
      "    trash:\n"
      "      headers:\n"
      "        Set-Cookie: sid=s3cret-cookie\n"
      "        X-Custom-Key: 'custom-s3cret'\n"
      "        X-Visible: shown\n"
      "  d2: {color: {headers: {X-Auth-Token: tok-s3cret, X-Visible: also-shown}}}\n";
  auto pushed = mock.client().Post("/__admin/scenarios", yaml, "application/yaml");
  REQUIRE(pushed);
  REQUIRE(pushed->status == 200);
  auto events = mock.admin("GET", "/__admin/events");
  REQUIRE(events);
  CHECK(events->body.find("s3cret") == std::string::npos);
  CHECK(events->body.find("shown") != std::string::npos);
  CHECK(events->body.find("also-shown") != std::string::npos);
  CHECK(events->body.find(R"(Set-Cookie: \"***\")") != std::string::npos);
  mock.admin_json("POST", "/__admin/report");
  std::string report = read_text_file(dir.file("report.html"));
  CHECK(report.find("s3cret") == std::string::npos);
  CHECK(report.find("also-shown") != std::string::npos);
}

TEST_CASE("two sessions calling the same typo at once: each close lists its own near misses") {
  RunningServer mock("directories:\n  folder-abc: {trash: {body: {status: success, code: x}}}\n");
  std::string missing = open_outcome_session(mock, "misses");
  std::string exact = open_outcome_session(mock, "exact");
  std::vector<std::thread> callers;
  for (const auto& [id, uuid] :
       {std::pair{missing, "folder-abd"}, std::pair{exact, "folder-abc"}}) {
    callers.emplace_back([&mock, id = id, uuid = std::string(uuid)] {
      for (int i = 0; i < 50; ++i) {
        mock.client().Post("/v3/dir/trash", {{"X-Drivemock-Session", id}},
                           R"({"uuid":")" + uuid + R"("})", "application/json");
      }
    });
  }
  for (auto& caller : callers) caller.join();
  auto exact_closed = mock.admin_json("DELETE", "/__admin/sessions/" + exact);
  CHECK(exact_closed["nearMisses"].Size() == 0);
  auto missing_closed = mock.admin_json("DELETE", "/__admin/sessions/" + missing);
  REQUIRE(missing_closed["nearMisses"].Size() == 1);
  CHECK(std::string(missing_closed["nearMisses"][0]["uuid"].GetString()) == "folder-abd");
}
