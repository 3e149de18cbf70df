// --journal-file end to end: a full disk never fails a request or loses an
// entry from the in-memory journal, and /__admin/health says how the file
// is doing.
#include "e2e/server_fixture.h"
#include "temp_dir.h"

using namespace drivemock::testing;

TEST_CASE("a journal file on a full disk fails no request, and health counts the failures") {
  drivemock::ServerOptions options;
  options.journal_file = "/dev/full";
  RunningServer mock(options);
  for (int i = 0; i < 20; ++i) REQUIRE(mock.trash("full-" + std::to_string(i))->status == 200);
  CHECK(mock.server().journal().size() == 20);
  auto health = mock.admin_json("GET", "/__admin/health");
  const auto& file = health["journalFile"];
  CHECK(file["written"].GetUint64() == 0);
  CHECK(file["failed"].GetUint64() == 20);
  CHECK(std::string(file["lastError"].GetString()) == "No space left on device");
}

TEST_CASE("health shows what the journal file took, and null without one") {
  TempDir dir;
  drivemock::ServerOptions options;
  options.journal_file = dir.file("journal.jsonl");
  RunningServer with_file(options);
  for (int i = 0; i < 3; ++i) REQUIRE(with_file.color("j", "red")->status == 200);
  auto health = with_file.admin_json("GET", "/__admin/health");
  CHECK(health["journalFile"]["written"].GetUint64() == 3);
  CHECK(health["journalFile"]["failed"].GetUint64() == 0);
  CHECK(health["journalFile"]["lastError"].IsNull());
  CHECK(health["logLinesDropped"].IsUint64());
  CHECK(health["connectionsWithoutRequest"].IsUint64());

  RunningServer without_file;
  CHECK(without_file.admin_json("GET", "/__admin/health")["journalFile"].IsNull());
}
