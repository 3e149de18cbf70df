// The report of a run (--report, POST and GET /__admin/report): each
// session with its calls and events, the lock folded, written at stop and on
// demand, and what a client's data or an unwritable path cannot do to it.
#include <unistd.h>

#include "e2e/server_fixture.h"
#include "log_capture.h"
#include "temp_dir.h"

using namespace drivemock::testing;

namespace {

/// The run's data a report page holds.
rapidjson::Document report_data(const std::string& html) {
  const std::string open = R"(<script type="application/json" id="report-data">)";
  auto from = html.find(open);
  REQUIRE(from != std::string::npos);
  from += open.size();
  auto to = html.find("</script>", from);
  REQUIRE(to != std::string::npos);
  rapidjson::Document doc;
  doc.Parse(html.substr(from, to - from).c_str());
  REQUIRE(doc.IsObject());
  return doc;
}

std::string open_report_session(const RunningServer& mock, const std::string& name) {
  auto doc = mock.admin_json("POST", "/__admin/sessions", R"({"name":")" + name + R"("})", 201);
  return doc["id"].GetString();
}

httplib::Result call_in(const RunningServer& mock, const std::string& id, const std::string& path,
                        const std::string& body) {
  return mock.client().Post(path.c_str(), {{"X-Drivemock-Session", id}}, body, "application/json");
}

drivemock::ServerOptions with_report(const std::string& file) {
  drivemock::ServerOptions options;
  options.dialect = drivemock::Dialect::service;
  options.report_file = file;
  return options;
}

}  // namespace

TEST_CASE("the report groups calls by session, folds the lock and places events between calls") {
  TempDir dir;
  RunningServer mock(with_report(dir.file("report.html")));
  std::string id = open_report_session(mock, "suite > archives");
  call_in(mock, id, "/v3/user/lock", R"({"uuid":"l1","type":"acquire","resource":"r"})");
  call_in(mock, id, "/v3/dir/trash", R"({"uuid":"d1"})");
  mock.admin_json("PUT", "/__admin/directories/d1/state?session=" + id, R"({"state":"active"})");
  mock.trash("outside");
  auto written = mock.admin_json("POST", "/__admin/report");
  CHECK(written["sessions"].GetInt() == 1);
  CHECK(written["requests"].GetInt() == 3);
  auto data = report_data(read_text_file(dir.file("report.html")));
  REQUIRE(data["sessions"].Size() == 1);
  CHECK(std::string(data["sessions"][0][1].GetString()) == "suite > archives");
  auto& requests = data["requests"];
  REQUIRE(requests.Size() == 3);
  CHECK(std::string(requests[0][3].GetString()) == "lock");
  CHECK(requests[0][9].GetInt() == 1);  // folded
  CHECK(requests[1][9].GetInt() == 0);
  CHECK(requests[1][1].GetInt() == 0);   // in the session
  CHECK(requests[2][1].GetInt() == -1);  // outside sessions
  auto& events = data["events"];
  REQUIRE(events.Size() == 2);
  CHECK(std::string(events[1][4].GetString()) == "state");
  CHECK(events[1][2].GetInt() == 2);  // after the trash
}

TEST_CASE("a client's text cannot end the report's data early or become markup") {
  TempDir dir;
  RunningServer mock(with_report(dir.file("report.html")));
  std::string id = open_report_session(mock, "</script><script>alert(1)</script>");
  call_in(mock, id, "/v3/dir/color",
          R"({"uuid":"</script><img src=x onerror=alert(2)>","color":"x"})");
  mock.admin_json("POST", "/__admin/report");
  std::string html = read_text_file(dir.file("report.html"));
  CHECK(html.find("<script>alert(1)") == std::string::npos);
  CHECK(html.find("<img src=x") == std::string::npos);
  auto data = report_data(html);
  CHECK(std::string(data["sessions"][0][1].GetString()) == "</script><script>alert(1)</script>");
  CHECK(std::string(data["requests"][0][4].GetString()) == "</script><img src=x onerror=alert(2)>");
}

TEST_CASE("the report is written at stop, with every request answered") {
  TempDir dir;
  {
    RunningServer mock(with_report(dir.file("at-stop.html")));
    std::string id = open_report_session(mock, "last test");
    call_in(mock, id, "/v3/dir/trash", R"({"uuid":"d9"})");
    mock.server().stop();
    CHECK(mock.server().stop_status());
  }
  auto data = report_data(read_text_file(dir.file("at-stop.html")));
  CHECK(data["requests"].Size() == 1);
  CHECK(std::string(data["sessions"][0][1].GetString()) == "last test");
}

TEST_CASE("a report path that cannot be written: a clear error, and the server serves on") {
  TempDir dir;
  std::string blocked = dir.file("not-a-dir") + "/report.html";
  { std::ofstream(dir.file("not-a-dir")) << "a file where a directory should be"; }
  RunningServer mock(with_report(blocked));
  mock.trash("d1");
  auto res = mock.admin("POST", "/__admin/report");
  REQUIRE(res);
  CHECK(res->status == 500);
  CHECK(res->body.find("the report was not written") != std::string::npos);
  CHECK(res->body.find("not-a-dir") != std::string::npos);
  // Serving goes on, and the journal keeps everything.
  CHECK(mock.trash("d2")->status == 200);
  CHECK(mock.requests()["requests"].Size() == 2);
  mock.server().stop();
  CHECK_FALSE(mock.server().stop_status());
}

TEST_CASE("without --report, POST /__admin/report says so, and GET answers the page") {
  RunningServer mock;
  auto res = mock.admin("POST", "/__admin/report");
  REQUIRE(res);
  CHECK(res->status == 409);
  auto page = mock.client().Get("/__admin/report");
  REQUIRE(page);
  CHECK(page->status == 200);
  CHECK(page->get_header_value("Content-Type").starts_with("text/html"));
  // Its script runs sandboxed: an opaque origin, nothing loaded from anywhere.
  CHECK(page->get_header_value("Content-Security-Policy").find("sandbox allow-scripts") !=
        std::string::npos);
  CHECK(page->body.find("drivemock report") != std::string::npos);
}

TEST_CASE(
    "a report directory reached through another user's link is refused, at start and at stop") {
  if (::geteuid() != 0) {
    WARN("not root: another user's links cannot be made here; skipped");
    return;
  }
  TempDir dir;
  std::filesystem::create_directories(dir.file("victim"));
  auto plant = [&](const std::string& name) {
    std::filesystem::create_symlink(dir.file("victim"), dir.file(name));
    REQUIRE(::lchown(dir.file(name).c_str(), 65534, 65534) == 0);  // nobody's link
  };
  const std::string why = " is a symbolic link owned by another user (uid 65534)";
  {
    plant("at-start");
    LogCapture log;
    RunningServer mock(with_report(dir.file("at-start") + "/report.html"));
    CHECK(log.eventually_has(dir.file("at-start") + why));
    mock.server().stop();
    CHECK_FALSE(mock.server().stop_status());
  }
  {
    // Missing at start (a warning), planted before the stop.
    RunningServer mock(with_report(dir.file("later") + "/report.html"));
    plant("later");
    mock.trash("d1");
    auto res = mock.admin("POST", "/__admin/report");
    REQUIRE(res);
    CHECK(res->status == 500);
    CHECK(res->body.find(why) != std::string::npos);
    mock.server().stop();
    auto stopped = mock.server().stop_status();
    REQUIRE_FALSE(stopped);
    CHECK(stopped.error().message.find(dir.file("later") + why) != std::string::npos);
  }
  CHECK(std::filesystem::is_empty(dir.file("victim")));
}
