// Every flag of the command line, given to the binary, and the effect it
// promises (the --help listing alone proves nothing).
#include <httplib.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "cli/binary.h"
#include "cli/process.h"
#include "e2e/server_fixture.h"
#include "eventually.h"
#include "temp_dir.h"
#include "tls_upstream.h"

using namespace drivemock::testing;

namespace {

/// Whether the binary runs with --quiet (no request lines, no seed line).
enum class Lines { quiet, all };

/// The binary started with `flags` (after --port 0, and --quiet unless
/// `lines` says all), serving until the test ends.
struct Binary {
  explicit Binary(std::vector<std::string> flags, const std::string& address = "127.0.0.1",
                  Lines lines = Lines::quiet)
      : process(arguments(std::move(flags), lines)),
        host(address),
        port(port_of(process.read_line(), address)) {}

  static std::vector<std::string> arguments(std::vector<std::string> flags, Lines lines) {
    std::vector<std::string> args = {kBinary, "--port", "0"};
    if (lines == Lines::quiet) args.push_back("--quiet");
    args.insert(args.end(), flags.begin(), flags.end());
    return args;
  }
  httplib::Client client() const {
    httplib::Client c(host, port);
    c.set_read_timeout(10, 0);
    return c;
  }
  httplib::Result trash(const std::string& uuid) const {
    return client().Post("/v3/dir/trash", R"({"uuid":")" + uuid + R"("})", "application/json");
  }
  /// The journal, newest first, as GET /__admin/requests answers it.
  rapidjson::Document journal() const {
    auto res = client().Get("/__admin/requests");
    REQUIRE(res);
    REQUIRE(res->status == 200);
    return parse_json(res->body);
  }

  Process process;
  std::string host;
  int port;
};

std::string code(const httplib::Result& res) {
  REQUIRE(res);
  return code_of(res);
}

}  // namespace

TEST_CASE(
    "flag --strict answers a contract violation with 400 invalid_params, lenient mode serves it") {
  const std::string no_color = R"({"uuid":"u"})";
  Binary lenient({});
  auto served = lenient.client().Post("/v3/dir/color", no_color, "application/json");
  REQUIRE(served);
  CHECK(served->status == 200);
  Binary strict({"--strict"});
  auto refused = strict.client().Post("/v3/dir/color", no_color, "application/json");
  REQUIRE(refused);
  CHECK(refused->status == 400);
  CHECK(code_of(refused) == "invalid_params");
  CHECK(std::string(strict.journal()["requests"][0]["violations"][0]["rule"].GetString()) ==
        "field_missing");
}

TEST_CASE("flag --watch reloads a changed scenario file, and a broken one keeps the old sets") {
  TempDir dir;
  std::string file = dir.file("w.yaml");
  std::ofstream(file) << "directories: {u: {trash: {http: 418}}}\n";
  Binary watching({"--scenarios", file, "--watch"});
  REQUIRE(watching.trash("u")->status == 418);
  std::ofstream(file) << "directories: {u: {trash: {http: 419}}}\n";
  CHECK(eventually([&] { return watching.trash("u")->status == 419; }));
  std::ofstream(file) << "directories: {u: {trash: {http: 420, fault: boom}}}\n";
  CHECK(watching.process.wait_for_err(file + ":1:45: error: unknown fault 'boom'"));
  CHECK(watching.trash("u")->status == 419);
}

TEST_CASE("served files are watched by default: a save is in force without --watch") {
  TempDir dir;
  std::string file = dir.file("w.yaml");
  std::ofstream(file) << "directories: {u: {trash: {http: 418}}}\n";
  Binary served({"--scenarios", file});
  REQUIRE(served.trash("u")->status == 418);
  std::ofstream(file) << "directories: {u: {trash: {http: 419}}}\n";
  CHECK(eventually([&] { return served.trash("u")->status == 419; }));
}

TEST_CASE("with --no-watch a changed file is not re-read") {
  TempDir dir;
  std::string file = dir.file("w.yaml");
  std::ofstream(file) << "directories: {u: {trash: {http: 418}}}\n";
  Binary fixed({"--scenarios", file, "--no-watch"});
  std::ofstream(file) << "directories: {u: {trash: {http: 419}}}\n";
  // The reload a watching server does at once (previous tests) never comes.
  CHECK_FALSE(
      eventually([&] { return fixed.trash("u")->status == 419; }, std::chrono::milliseconds(500)));
}

TEST_CASE("flag --host listens on that address only") {
  Binary bound({"--host", "127.0.0.2"}, "127.0.0.2");
  CHECK(bound.trash("h")->status == 200);
  httplib::Client elsewhere("127.0.0.1", bound.port);
  CHECK_FALSE(elsewhere.Post("/v3/dir/trash", R"({"uuid":"h"})", "application/json"));
}

TEST_CASE("flag --threads 2: a third connection waits until one of two open ones closes") {
  Binary capped({"--threads", "2"});
  const std::string trash = raw_post("/v3/dir/trash", R"({"uuid":"t"})");
  auto first = std::make_unique<RawConnection>(capped.port);
  RawConnection second(capped.port);
  for (RawConnection* held : {first.get(), &second}) {
    REQUIRE(held->send(trash));
    REQUIRE(is_status(held->read_answer(), 200));
  }
  RawConnection third(capped.port);
  REQUIRE(third.send(trash));
  // Without the cap it would be answered at once; the in-process test of the
  // cap shows the same connection queued, without a time window.
  CHECK_FALSE(eventually([&] { return third.answered(); }, std::chrono::milliseconds(300)));
  first.reset();
  CHECK(is_status(third.read_answer(), 200));
}

TEST_CASE("flag --max-body refuses a larger body with 413 and journals it") {
  Binary small({"--max-body", "16"});
  auto fits = small.client().Post("/v3/dir/trash", R"({"uuid":"u"})", "application/json");
  REQUIRE(fits);
  CHECK(fits->status == 200);
  auto large =
      small.client().Post("/v3/dir/trash", R"({"uuid":"a-longer-uuid"})", "application/json");
  REQUIRE(large);
  CHECK(large->status == 413);
  auto journal = small.journal();
  REQUIRE(journal["requests"].Size() == 2);
  CHECK(journal["requests"][0]["response"]["status"].GetInt() == 413);
}

TEST_CASE("flag --compress-min-bytes sets which answers a client offering br gets compressed") {
  // The journal of one call: about 730 bytes of JSON, under the default 1 KiB.
  auto encoding = [](const Binary& binary) {
    REQUIRE(binary.trash("u"));
    auto client = binary.client();
    client.set_decompress(false);
    auto res = client.Get("/__admin/requests", {{"Accept-Encoding", "gzip, deflate, br"}});
    REQUIRE(res);
    return res->get_header_value("Content-Encoding");
  };
  CHECK(encoding(Binary({})).empty());
  CHECK(encoding(Binary({"--compress-min-bytes", "0"})) == "br");
  CHECK(encoding(Binary({"--compress-min-bytes", "64KiB"})).empty());
  Process refused({kBinary, "--port", "0", "--compress-min-bytes", "some"});
  CHECK(refused.wait_exit() != 0);
  CHECK(refused.err().find("--compress-min-bytes") != std::string::npos);
}

TEST_CASE("flag --dialect service answers status true and false, and health says which") {
  Binary service({"--dialect", "service"});
  auto ok = service.client().Post("/v3/dir/trash", R"({"uuid":"u"})", "application/json");
  REQUIRE(ok);
  CHECK(ok->body ==
        R"({"status":true,"message":"Directory moved to trash.","code":"dir_trashed"})");
  auto bad = service.client().Post("/v3/dir/trash", "{not json", "application/json");
  REQUIRE(bad);
  CHECK(bad->status == 400);
  CHECK(bad->body.starts_with(R"({"status":false,)"));
  auto health = service.client().Get("/__admin/health");
  REQUIRE(health);
  CHECK(health->body.find(R"("dialect":"service")") != std::string::npos);
}

TEST_CASE(
    "flag --seed is the seed health shows, and without it a fresh one goes to standard error") {
  TempDir dir;
  const std::string coin = dir.file("coin.yaml");
  std::ofstream(coin) << "directories:\n  u:\n    trash: {one_of: [{http: 500}, {http: 502}, "
                         "{http: 503}]}\n";
  auto statuses = [&](Binary& b) {
    std::string out;
    for (int i = 0; i < 12; ++i) out += std::to_string(b.trash("u")->status) + " ";
    return out;
  };
  Binary seeded({"--seed", "12345", "--scenarios", coin}, "127.0.0.1", Lines::all);
  CHECK(
      seeded.process.wait_for_err("drivemock: random draws from seed 12345 (replay with --seed "
                                  "12345)\n"));
  CHECK(seeded.client().Get("/__admin/health")->body.find(R"("seed":12345,)") != std::string::npos);

  Binary fresh({"--scenarios", coin}, "127.0.0.1", Lines::all);
  REQUIRE(fresh.process.wait_for_err(")\n"));
  const std::string& err = fresh.process.err();
  auto at = err.find("random draws from seed ");
  REQUIRE(at != std::string::npos);
  std::string seed = err.substr(at + 23, err.find(' ', at + 23) - at - 23);
  CHECK(fresh.client().Get("/__admin/health")->body.find(R"("seed":)" + seed + ",") !=
        std::string::npos);
  // The printed seed replays the fresh server's draws.
  Binary replay({"--seed", seed, "--scenarios", coin});
  CHECK(statuses(replay) == statuses(fresh));
}

TEST_CASE("flag --seed refuses what a JSON number in JavaScript cannot hold") {
  Process p({kBinary, "--port", "0", "--seed", "9007199254740992"});
  CHECK(p.wait_exit() == 2);
  CHECK(p.err().find("--seed") != std::string::npos);
}

TEST_CASE("flag --journal-limit keeps only the newest entries") {
  Binary limited({"--journal-limit", "3"});
  for (int i = 0; i < 5; ++i) REQUIRE(limited.trash("j" + std::to_string(i)));
  auto journal = limited.journal();
  REQUIRE(journal["requests"].Size() == 3);
  CHECK(journal["requests"][0]["id"].GetUint64() == 5);
  CHECK(journal["requests"][2]["id"].GetUint64() == 3);
}

TEST_CASE("flag --request-timeout answers a head that stops arriving with 408") {
  Binary impatient({"--request-timeout", "200"});
  RawConnection slow(impatient.port);
  REQUIRE(slow.send("POST /v3/dir/trash HTTP/1.1\r\nHost: x\r\n"));  // and nothing more
  std::string answer = slow.read_to_end();
  CHECK(is_status(answer, 408));
  auto journal = impatient.journal();
  REQUIRE(journal["requests"].Size() == 1);
  CHECK(std::string(journal["requests"][0]["violations"][0]["rule"].GetString()) ==
        "request_timeout");
}

TEST_CASE(
    "flag --insecure-upstream records from an https upstream whose certificate is untrusted") {
  TlsUpstream upstream;
  TempDir dir;
  Binary checked({"--record-from", upstream.url(), "--record-to", dir.file("a.yaml")});
  auto refused = checked.trash("t");
  REQUIRE(refused);
  CHECK(refused->status == 502);
  CHECK(refused->body.find("certificate") != std::string::npos);
  Binary insecure(
      {"--record-from", upstream.url(), "--record-to", dir.file("b.yaml"), "--insecure-upstream"});
  CHECK(code(insecure.trash("t")) == "over_tls");
}

TEST_CASE("flag --upstream-timeout answers 502 when the upstream does not answer in time") {
  RunningServer hanging("directories: {t: {trash: {fault: hang}}}");  // answers never
  TempDir dir;
  Binary impatient({"--record-from", hanging.server().base_url(), "--record-to", dir.file("r.yaml"),
                    "--upstream-timeout", "200"});
  auto res = impatient.trash("t");
  REQUIRE(res);
  CHECK(res->status == 502);
  CHECK(res->body.find("did not answer") != std::string::npos);
}
