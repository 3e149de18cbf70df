// --watch: a saved scenario file is in force within a second; a broken one
// leaves the old sets in force.
#include <filesystem>
#include <fstream>
#include <thread>

#include "e2e/server_fixture.h"
#include "eventually.h"
#include "log_capture.h"

using namespace drivemock::testing;
namespace fs = std::filesystem;

namespace {

/// Polls (bounded, 10 s) until `uuid`'s trash answers `status`.
bool trash_answers(RunningServer& mock, const std::string& uuid, int status) {
  return eventually([&] {
    auto res = mock.trash(uuid);
    return res && res->status == status;
  });
}

/// Writes a file as editors do: a new file renamed over the old one.
void save(const fs::path& path, const std::string& text) {
  fs::path temp = path.string() + ".tmp";
  std::ofstream(temp) << text;
  fs::rename(temp, path);
}

}  // namespace

TEST_CASE("with watch on, a changed scenario file is reloaded") {
  fs::path dir = fs::temp_directory_path() / ("drivemock-watch-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "w.yaml") << "directories: {u: {trash: {http: 201}}}\n";
  drivemock::ServerOptions options;
  options.scenario_paths = {dir.string()};
  options.watch = drivemock::FileWatch::on;
  RunningServer mock(options);
  CHECK(mock.trash("u")->status == 201);

  save(dir / "w.yaml", "directories: {u: {trash: {http: 202}}}\n");
  CHECK(trash_answers(mock, "u", 202));

  // A broken file keeps everything as it was, a new file beside it included;
  // the logged error shows the reload was tried.
  LogCapture log;
  save(dir / "w.yaml", "directories: {u: {trash: {http: broken}}}\n");
  std::ofstream(dir / "z.yaml") << "directories: {z: {trash: {http: 203}}}\n";
  CHECK(log.eventually_has((dir / "w.yaml").string() + ":1:33: error:"));
  CHECK(mock.trash("u")->status == 202);
  CHECK(mock.trash("z")->status == 200);  // the built-in answer: z.yaml not loaded
  save(dir / "w.yaml", "directories: {u: {trash: {http: 204}}}\n");
  CHECK(trash_answers(mock, "u", 204));
  CHECK(mock.trash("z")->status == 203);
  fs::remove_all(dir);
}
