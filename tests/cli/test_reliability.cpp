// The binary as a test harness starts it, at its worst: standard error on a
// pipe nobody reads, clients held by hang faults, hundreds of kept-alive
// connections, clients that vanish mid-request and refused heads, all at
// once. Every request is answered or refused, journaled exactly once, and
// SIGTERM still stops it (bench/run measures that it takes under 2 s).
#include <httplib.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <map>

#include "cli/binary.h"
#include "cli/process.h"
#include "e2e/server_fixture.h"
#include "temp_dir.h"

using namespace drivemock::testing;

namespace {

/// How many journal-file lines have each (status or fault, first rule).
std::map<std::string, size_t> tally(const std::string& journal_file) {
  std::map<std::string, size_t> kinds;
  std::ifstream in(journal_file);
  for (std::string line; std::getline(in, line);) {
    auto entry = parse_json(line);
    const auto& response = entry["response"];
    std::string kind = response["fault"].IsString() ? response["fault"].GetString()
                                                    : std::to_string(response["status"].GetInt());
    if (entry["violations"].Size() > 0)
      kind += std::string(" ") + entry["violations"][0]["rule"].GetString();
    ++kinds[kind];
  }
  return kinds;
}

}  // namespace

TEST_CASE(
    "with stderr unread, hangs, kept-alive crowds, vanishing and refused clients at once, "
    "every request is journaled once and SIGTERM stops it") {
  TempDir dir;
  std::ofstream(dir.file("hang.yaml")) << "directories: {h: {color: {fault: hang}}}\n";
  std::string journal_file = dir.file("journal.jsonl");
  // Standard error is a pipe this test never reads until the exit, and the
  // text log writes a line per request: it is full after some 600.
  Process p({kBinary, "--port", "0", "--scenarios", dir.file("hang.yaml"), "--journal-limit",
             "2000", "--journal-file", journal_file});
  const int port = port_of(p.read_line());
  httplib::Client admin("127.0.0.1", port);

  constexpr size_t kHung = 50;
  std::vector<std::unique_ptr<RawConnection>> hung;
  for (size_t i = 0; i < kHung; ++i) {
    hung.push_back(std::make_unique<RawConnection>(port));
    REQUIRE(hung.back()->send(raw_post("/v3/dir/color", R"({"uuid":"h","color":"blue"})")));
  }
  auto held = admin.Post("/__admin/requests/wait", R"({"uuid":"h","count":50,"timeoutMs":20000})",
                         "application/json");
  REQUIRE(held);
  REQUIRE(held->status == 200);

  constexpr size_t kConnections = 200;
  constexpr size_t kRounds = 50;  // 10,000 log lines: far past the pipe and the log queue
  std::vector<std::unique_ptr<RawConnection>> crowd;
  for (size_t i = 0; i < kConnections; ++i) crowd.push_back(std::make_unique<RawConnection>(port));
  std::string many_headers = "POST /v3/dir/trash HTTP/1.1\r\n";
  for (int i = 0; i < 101; ++i) many_headers += "X-" + std::to_string(i) + ": v\r\n";
  size_t answered = 0, refused = 0, vanished = 0;
  for (size_t round = 0; round < kRounds; ++round) {
    for (auto& client : crowd) REQUIRE(client->send(raw_post("/v3/dir/trash", R"({"uuid":"t"})")));
    if (round < 20) {  // meanwhile: clients that vanish, and one refused head
      RawConnection(port).send("POST /v3/dir/trash HTTP/1.1\r\nContent-Ty");
      RawConnection(port).send("POST /v3/dir/trash HTTP/1.1\r\nContent-Length: 50\r\n\r\n{\"uu");
      RawConnection(port).close();  // no request line at all: not a request
      vanished += 2;
      CHECK(send_raw(port, many_headers + "\r\n").starts_with("HTTP/1.1 431 "));
      ++refused;
    }
    for (auto& client : crowd) {
      REQUIRE(client->read_answer().starts_with("HTTP/1.1 200 "));
      ++answered;
    }
  }

  // Everything that reached the port is journaled, exactly once.
  const size_t expected = kHung + answered + refused + vanished;
  auto waited = admin.Post("/__admin/requests/wait", R"({"count":2000,"timeoutMs":20000})",
                           "application/json");
  REQUIRE(waited);
  auto journal = parse_json(admin.Get("/__admin/requests?limit=1")->body);
  const auto& meta = journal["meta"];
  CHECK(meta["total"].GetUint64() == 2000);  // memory stays within --journal-limit
  CHECK(meta["total"].GetUint64() + meta["dropped"].GetUint64() == expected);
  CHECK(journal["requests"][0]["id"].GetUint64() == expected);
  auto health = parse_json(admin.Get("/__admin/health")->body);
  CHECK(health["logLinesDropped"].GetUint64() > 0);  // the pipe really was blocked
  CHECK(health["journalFile"]["written"].GetUint64() == expected);

  auto asked = std::chrono::steady_clock::now();
  p.signal(SIGTERM);
  CHECK(p.wait_exit() == 0);
  CHECK(std::chrono::steady_clock::now() - asked < std::chrono::seconds(10));  // 2 s: make bench
  for (auto& connection : hung) CHECK(connection->read_to_end().empty());

  auto kinds = tally(journal_file);
  CHECK(kinds["hang"] == kHung);
  CHECK(kinds["200"] == answered);
  CHECK(kinds["431 too_many_headers"] == refused);
  CHECK(kinds["400 incomplete_request"] == vanished);
  CHECK(kinds.size() == 4);
}
