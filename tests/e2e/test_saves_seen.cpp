// Saves you can see (issue 76, part 3): every reload, watched or asked, good
// or failed, is an admin event with its cause and positions; a refused save
// makes /__admin/health `degraded` with the file's problems and shows in the
// scenario list until a good save; a push that hides a file's scripts is
// listed, and a save of that file says the push still wins and how to drop it.
#include <filesystem>
#include <fstream>
#include <future>

#include "control/control.h"
#include "e2e/server_fixture.h"
#include "eventually.h"
#include "temp_dir.h"

using namespace drivemock::testing;
namespace fs = std::filesystem;

namespace {

/// Writes a file as editors do: a new file renamed over the old one.
void save_file(const fs::path& path, const std::string& text) {
  fs::path temp = path.string() + ".tmp";
  std::ofstream(temp) << text;
  fs::rename(temp, path);
}

/// A server of `dir`'s files, which it watches or not.
drivemock::ServerOptions serving(const fs::path& dir,
                                 drivemock::FileWatch watch = drivemock::FileWatch::on) {
  drivemock::ServerOptions options;
  options.scenario_paths = {dir.string()};
  options.watch = watch;
  return options;
}

std::string text_of(const rapidjson::Value& value) {
  return {value.GetString(), value.GetStringLength()};
}

/// The newest admin event of `kind`, once there are `count` of that kind.
bool has_events(RunningServer& mock, const std::string& kind, size_t count) {
  auto events = mock.admin_json("GET", "/__admin/events");
  size_t n = 0;
  for (const auto& e : events["events"].GetArray()) n += text_of(e["kind"]) == kind;
  return n >= count;
}

rapidjson::Document newest_event(RunningServer& mock) {
  auto events = mock.admin_json("GET", "/__admin/events");
  const auto& list = events["events"];
  REQUIRE(list.Size() > 0);
  rapidjson::Document out;
  out.CopyFrom(list[list.Size() - 1], out.GetAllocator());
  return out;
}

}  // namespace

TEST_CASE("a refused save is an event with its position, and health is degraded until a good one") {
  TempDir dir;
  fs::path file = dir.path / "w.yaml";
  std::ofstream(file) << "directories: {u: {trash: {http: 201}}}\n";
  RunningServer mock(serving(dir.path));
  CHECK(text_of(mock.admin_json("GET", "/__admin/health")["status"]) == "healthy");

  save_file(file, "directories:\n  u:\n\ttrash: {http: 202}\n");
  CHECK(eventually(
      [&] { return text_of(mock.admin_json("GET", "/__admin/health")["status"]) == "degraded"; }));
  auto health = mock.admin_json("GET", "/__admin/health");
  REQUIRE(health["scenarioProblems"].Size() == 1);
  const auto& problem = health["scenarioProblems"][0];
  CHECK(text_of(problem["file"]) == file.string());
  CHECK(problem["line"].GetInt() == 3);
  CHECK(problem["column"].GetInt() == 1);
  CHECK(text_of(problem["message"]).starts_with("a tab in the indentation"));
  CHECK(mock.trash("u")->status == 201);  // the last good set is served

  auto event = newest_event(mock);
  CHECK(text_of(event["kind"]) == "reload");
  CHECK(text_of(event["details"]["cause"]) == "watched");
  CHECK(text_of(event["details"]["outcome"]) == "failed");
  CHECK(text_of(event["details"]["problems"]).starts_with(file.string() + ":3:1: error: a tab"));
  CHECK(text_of(event["message"])
            .starts_with("scenario files changed; not loaded: " + file.string() +
                         ":3:1: error: a tab"));
  auto list = mock.admin_json("GET", "/__admin/scenarios");
  CHECK(text_of(list["lastReload"]["outcome"]) == "failed");
  CHECK(text_of(list["lastReload"]["problems"][0]["file"]) == file.string());

  save_file(file, "directories:\n  u:\n    trash: {http: 203}\n");
  CHECK(eventually([&] { return mock.trash("u")->status == 203; }));
  // Once the good sets answer, health says so at once: a test that waits
  // for the new answer and then asks for health gets no false alarm.
  CHECK(text_of(mock.admin_json("GET", "/__admin/health")["status"]) == "healthy");
  health = mock.admin_json("GET", "/__admin/health");
  CHECK(health["scenarioProblems"].Size() == 0);
  event = newest_event(mock);
  CHECK(text_of(event["details"]["outcome"]) == "reloaded");
  CHECK(text_of(event["message"]) == "scenario files changed; reloaded");
}

TEST_CASE("an asked reload is an event too, good or failed, and says what it found") {
  TempDir dir;
  fs::path file = dir.path / "w.yaml";
  std::ofstream(file) << "directories: {u: {trash: {http: 201}}}\n";
  RunningServer mock(serving(dir.path, drivemock::FileWatch::off));
  mock.admin_json("POST", "/__admin/scenarios/reload");
  auto event = newest_event(mock);
  CHECK(text_of(event["details"]["cause"]) == "asked");
  CHECK(text_of(event["message"]) == "scenario files read again; reloaded");

  std::ofstream(file) << "directories: {u: {trash: {htp: 1}}}\n";
  mock.admin_json("POST", "/__admin/scenarios/reload", "", 400);
  event = newest_event(mock);
  CHECK(text_of(event["details"]["outcome"]) == "failed");
  CHECK(text_of(event["details"]["problems"]).starts_with(file.string() + ":1:27: error:"));
  CHECK(text_of(mock.admin_json("GET", "/__admin/health")["status"]) == "degraded");
}

TEST_CASE("a file with a thousand mistakes keeps twenty for health and the event, and counts all") {
  TempDir dir;
  fs::path file = dir.path / "w.yaml";
  std::ofstream(file) << "directories: {u: {trash: {http: 201}}}\n";
  RunningServer mock(serving(dir.path, drivemock::FileWatch::off));
  std::string many = "directories:\n";
  for (int i = 0; i < 1000; ++i) many += "  u" + std::to_string(i) + ": {trash: {htp: 1}}\n";
  std::ofstream(file) << many;
  mock.admin_json("POST", "/__admin/scenarios/reload", "", 400);
  auto health = mock.admin_json("GET", "/__admin/health");
  CHECK(health["scenarioProblems"].Size() == 20);
  auto list = mock.admin_json("GET", "/__admin/scenarios");
  CHECK(list["lastReload"]["problems"].Size() == 20);
  CHECK(list["lastReload"]["problemsFound"].GetUint64() >= 1000);
  auto event = newest_event(mock);
  std::string problems = text_of(event["details"]["problems"]);
  CHECK(std::count(problems.begin(), problems.end(), '\n') == 20);  // 20 lines, then the count
  CHECK(problems.ends_with(" more)"));
}

TEST_CASE("a save of a file a push hides says the push still wins and how to drop it") {
  TempDir dir;
  fs::path file = dir.path / "w.yaml";
  std::ofstream(file) << "name: base\ndirectories: {u: {trash: {http: 201}, color: {http: 201}}}\n";
  RunningServer mock(serving(dir.path));
  mock.admin_json("POST", "/__admin/scenarios",
                  "name: outage\ndirectories: {u: {trash: {http: 503}}}\n");
  auto list = mock.admin_json("GET", "/__admin/scenarios");
  REQUIRE(list["pushedOverFiles"].Size() == 1);
  CHECK(text_of(list["pushedOverFiles"][0]["set"]) == "base");
  CHECK(text_of(list["pushedOverFiles"][0]["by"]) == "outage");
  CHECK(list["pushedOverFiles"][0]["scripts"].GetInt() == 1);

  save_file(file, "name: base\ndirectories: {u: {trash: {http: 202}, color: {http: 202}}}\n");
  CHECK(eventually([&] { return has_events(mock, "reload", 1); }));
  auto event = newest_event(mock);
  CHECK(text_of(event["message"]) ==
        "scenario files changed; reloaded; pushed set 'outage' still shadows 1 script(s) of set "
        "'base' (" +
            file.string() +
            "): the push wins while it is in force; DELETE /__admin/scenarios/outage or POST "
            "/__admin/reset brings the file's back");
  CHECK(mock.trash("u")->status == 503);
  CHECK(mock.color("u", "red")->status == 202);

  SECTION("a push named like the file's set replaces it whole, and a save says so") {
    mock.admin_json("POST", "/__admin/scenarios",
                    "name: base\ndirectories: {v: {trash: {http: 204}}}\n");
    save_file(file, "name: base\ndirectories: {u: {trash: {http: 205}}}\n");
    CHECK(eventually([&] { return has_events(mock, "reload", 2); }));
    CHECK(text_of(newest_event(mock)["message"])
              .find("pushed set 'base' still replaces set 'base' (" + file.string() +
                    "), whose name it has") != std::string::npos);
    list = mock.admin_json("GET", "/__admin/scenarios");
    CHECK(list["pushedOverFiles"][0]["scripts"].GetInt() == 0);
  }
}

TEST_CASE("a reload after a failed one is never reported failed once its sets are served") {
  TempDir dir;
  fs::path file = dir.path / "w.yaml";
  std::ofstream(file) << "directories: {u: {trash: {http: 201}}}\n";
  drivemock::journal::Journal journal{100};
  drivemock::journal::AdminEvents events{100};
  drivemock::scenario::Engine engine{drivemock::scenario::empty_catalog()};
  drivemock::scenario::ScenarioStore scenarios({file.string()}, {}, engine);
  drivemock::session::SessionRegistry sessions;
  drivemock::record::Recorder recorder;
  REQUIRE(scenarios.load().empty());
  // Read from another thread when the good reload records its event: its
  // sets are served by then, its record not yet set.
  std::future<std::optional<drivemock::control::LastReload>> seen;
  drivemock::control::Control* reading = nullptr;
  drivemock::control::Control control{
      {journal, engine, scenarios, sessions, events, recorder, "", nullptr, [&](std::string_view) {
         if (!reading) return;
         seen = std::async(std::launch::async, [&] { return reading->last_reload(); });
         // Time for a read that does not wait to be done.
         seen.wait_for(std::chrono::milliseconds(200));
       }}};

  save_file(file, "directories:\n  u:\n\ttrash: {http: 202}\n");
  CHECK(drivemock::has_errors(control.reload()));
  REQUIRE(control.last_reload()->failed());

  save_file(file, "directories:\n  u:\n    trash: {http: 203}\n");
  reading = &control;
  CHECK(control.reload().empty());
  REQUIRE(seen.valid());
  auto last = seen.get();
  REQUIRE(last);
  CHECK_FALSE(last->failed());
}
