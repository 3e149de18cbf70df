// The drivemock command as a user types it: flags, exit codes, the
// listening line, validate, and signals.
#include <httplib.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "cli/binary.h"
#include "cli/process.h"
#include "drivemock/server.h"
#include "e2e/server_fixture.h"
#include "paths.h"

using namespace drivemock::testing;

namespace {

const std::string kScenarios = drivemock::testing::scenarios_dir();

/// A scenario file in a fresh temporary directory, removed afterwards.
struct TempScenario {
  explicit TempScenario(const std::string& yaml) {
    dir = std::filesystem::temp_directory_path() /
          ("drivemock-cli-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
    std::filesystem::create_directories(dir);
    path = (dir / "bad.yaml").string();
    std::ofstream(path) << yaml;
  }
  ~TempScenario() { std::filesystem::remove_all(dir); }
  std::filesystem::path dir;
  std::string path;
  static inline int counter = 0;
};

/// The binary's arguments to record through `upstream` into `file`.
std::vector<std::string> recording_to(const std::string& upstream, const std::string& file) {
  return {kBinary, "--port", "0", "--record-from", upstream, "--record-to", file, "--quiet"};
}

}  // namespace

TEST_CASE("port 0 prints the listening line, serves, and SIGTERM exits 0") {
  Process p({kBinary, "--port", "0", "--scenarios", kScenarios});
  int port = port_of(p.read_line());
  httplib::Client client("127.0.0.1", port);
  auto res = client.Post("/v3/dir/trash", R"({"uuid":"x"})", "application/json");
  REQUIRE(res);
  CHECK(res->status == 200);
  p.signal(SIGTERM);
  CHECK(p.wait_exit() == 0);
}

TEST_CASE("without --scenarios, ./scenarios is loaded when it exists") {
  TempScenario dir("unused: file\n");
  std::filesystem::create_directories(dir.dir / "scenarios");
  std::ofstream(dir.dir / "scenarios" / "x.yaml") << "directories: {u: {trash: {http: 418}}}\n";
  Process p({kBinary, "--port", "0"}, dir.dir.string());
  httplib::Client client("127.0.0.1", port_of(p.read_line()));
  auto res = client.Post("/v3/dir/trash", R"({"uuid":"u"})", "application/json");
  REQUIRE(res);
  CHECK(res->status == 418);
}

TEST_CASE("the journal file keeps every answered request when the server is killed -9") {
  TempScenario dir("unused: file\n");
  std::string journal = (dir.dir / "journal.jsonl").string();
  Process p({kBinary, "--port", "0", "--journal-file", journal, "--quiet"});
  httplib::Client client("127.0.0.1", port_of(p.read_line()));
  for (int i = 0; i < 20; ++i) {
    auto res = client.Post("/v3/dir/trash", R"({"uuid":"k"})", "application/json");
    REQUIRE(res);
  }
  p.signal(SIGKILL);
  CHECK(p.wait_exit() == 128 + SIGKILL);
  std::ifstream in(journal);
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) {
    ++lines;
    CHECK(line.starts_with("{\"id\":" + std::to_string(lines) + ","));
    CHECK(line.ends_with("}"));
  }
  CHECK(lines == 20);
}

TEST_CASE(
    "request lines are logged as text by default, as JSON with --log json, not with --quiet") {
  for (auto [flags, expected] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{}, "drivemock: POST /v3/dir/trash uuid=k matched=none status=200 answer=dir_trashed "},
           {{"--log", "json"},
            R"({"type":"request","id":1,"method":"POST","path":"/v3/dir/trash")"},
           {{"--quiet"}, ""}}) {
    std::vector<std::string> args = {kBinary, "--port", "0"};
    args.insert(args.end(), flags.begin(), flags.end());
    TempScenario empty("unused: file\n");  // a working directory without ./scenarios
    Process p(args, empty.dir.string());
    httplib::Client client("127.0.0.1", port_of(p.read_line()));
    REQUIRE(client.Post("/v3/dir/trash", R"({"uuid":"k"})", "application/json"));
    p.signal(SIGTERM);
    CHECK(p.wait_exit() == 0);
    INFO(p.err());
    if (expected.empty()) {
      CHECK(p.err().find("/v3/dir/trash") == std::string::npos);
    } else {
      CHECK(p.err().find(expected) != std::string::npos);
    }
  }
}

TEST_CASE("50 clients held by hang faults starve no one and SIGTERM still stops the server") {
  TempScenario dir("directories: {h: {color: {fault: hang}}}\n");
  Process p({kBinary, "--port", "0", "--scenarios", dir.path, "--quiet"});
  int port = port_of(p.read_line());
  std::vector<std::unique_ptr<drivemock::testing::RawConnection>> hung;
  for (int i = 0; i < 50; ++i) {
    hung.push_back(std::make_unique<drivemock::testing::RawConnection>(port));
    REQUIRE(hung.back()->send(
        drivemock::testing::raw_post("/v3/dir/color", R"({"uuid":"h","color":"blue"})")));
  }
  httplib::Client client("127.0.0.1", port);
  // The hangs are journaled as they start; once all 50 are, all 50 are held.
  auto held =
      client.Post("/__admin/requests/wait", R"({"operation":"color","count":50,"timeoutMs":20000})",
                  "application/json");
  REQUIRE(held);
  REQUIRE(held->status == 200);
  for (int i = 0; i < 20; ++i) {
    auto res = client.Post("/v3/dir/trash", R"({"uuid":"free"})", "application/json");
    REQUIRE(res);
    CHECK(res->status == 200);
  }
  auto asked = std::chrono::steady_clock::now();
  p.signal(SIGTERM);
  CHECK(p.wait_exit() == 0);
  // Not held until the clients give up. The 2 s promise itself is measured
  // by make bench; a loaded test machine gets a bound it cannot miss by chance.
  CHECK(std::chrono::steady_clock::now() - asked < std::chrono::seconds(10));
  for (auto& connection : hung) CHECK(connection->read_to_end().empty());
}

TEST_CASE("an admin token guards the admin API of the binary") {
  Process p({kBinary, "--port", "0", "--admin-token", "t0ken"});
  httplib::Client client("127.0.0.1", port_of(p.read_line()));
  CHECK(client.Get("/__admin/health")->status == 401);
  client.set_bearer_token_auth("t0ken");
  CHECK(client.Get("/__admin/health")->status == 200);
}

TEST_CASE("POST /__admin/shutdown stops the binary with exit code 0") {
  Process p({kBinary, "--port", "0"});
  httplib::Client client("127.0.0.1", port_of(p.read_line()));
  auto res = client.Post("/__admin/shutdown", "", "application/json");
  REQUIRE(res);
  CHECK(res->status == 200);
  CHECK(p.wait_exit() == 0);
}

TEST_CASE("SIGTERM while recording writes the whole recording and exits 0") {
  auto upstream =
      drivemock::Server::start({.scenario_texts = {"directories: {r: {trash: {respond: "
                                                   "[{http: 503}, {body: {code: done}}]}}}"}});
  REQUIRE(upstream.server);
  TempScenario dir("unused: file\n");
  std::string file = (dir.dir / "out" / "recording.yaml").string();
  auto args = recording_to(upstream.server->base_url(), file);
  args.push_back("--record-drop-delays");  // the answers as they read, whatever their time
  Process p(args);
  httplib::Client client("127.0.0.1", port_of(p.read_line()));
  CHECK(client.Post("/v3/dir/trash", R"({"uuid":"r"})", "application/json")->status == 503);
  CHECK(client.Post("/v3/dir/trash", R"({"uuid":"r"})", "application/json")->status == 200);
  p.signal(SIGTERM);
  CHECK(p.wait_exit() == 0);
  CHECK(p.err().find("recording of 2 calls written to " + file) != std::string::npos);
  Process validate({kBinary, "validate", file});
  CHECK(validate.wait_exit() == 0);
  std::ifstream in(file);
  std::string yaml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(yaml.find("{http: 503}") != std::string::npos);
  CHECK(yaml.find("{body: {code: done}}") != std::string::npos);
}

TEST_CASE("a --record-from that is not an http URL is a start error") {
  Process p({kBinary, "--port", "0", "--record-from", "localhost:9"});
  CHECK(p.wait_exit() == 1);
  CHECK(p.err().find("needs an http:// or https:// URL") != std::string::npos);
}

TEST_CASE("SIGINT stops the server gracefully too") {
  Process p({kBinary, "--port", "0"});
  port_of(p.read_line());
  p.signal(SIGINT);
  CHECK(p.wait_exit() == 0);
}

TEST_CASE("bad flags print a one-line error and the usage and exit 2") {
  Process p({kBinary, "--port", "not-a-port"});
  CHECK(p.wait_exit() == 2);
  CHECK(p.err().starts_with("drivemock: error: "));
  CHECK(p.err().find("--scenarios") != std::string::npos);

  Process unknown({kBinary, "--no-such-flag"});
  CHECK(unknown.wait_exit() == 2);
}

TEST_CASE("help lists the flags and --version prints the version, both exiting 0") {
  Process help({kBinary, "--help"});
  CHECK(help.wait_exit() == 0);
  for (const char* flag : {"--host",
                           "--port",
                           "--scenarios",
                           "--strict",
                           "--threads",
                           "--journal-limit",
                           "--journal-file",
                           "--max-body",
                           "--watch",
                           "--admin-token",
                           "--log",
                           "--quiet",
                           "--record-from",
                           "--record-to",
                           "--record-limit",
                           "--insecure-upstream",
                           "--upstream-timeout",
                           "--request-timeout",
                           "--dialect",
                           "validate"}) {
    CHECK(help.out().find(flag) != std::string::npos);
  }
  Process version({kBinary, "--version"});
  CHECK(version.wait_exit() == 0);
  CHECK(version.out().find("0.") == 0);
}

TEST_CASE("scenario errors at start name file:line:column and exit 2") {
  TempScenario bad("directories:\n  u:\n    trash: {fault: boom}\n");
  Process p({kBinary, "--port", "0", "--scenarios", bad.path});
  CHECK(p.wait_exit() == 2);
  CHECK(p.err().find(bad.path + ":3:20: error: unknown fault 'boom'") != std::string::npos);
}

TEST_CASE("validate exits 0 for the examples and 1 with problems listed") {
  Process good({kBinary, "validate", kScenarios});
  CHECK(good.wait_exit() == 0);
  CHECK(good.out().find("ok: 4 scenario set(s) valid") != std::string::npos);

  TempScenario bad("directories:\n  u: {trsh: {}}\n");
  Process p({kBinary, "validate", bad.path});
  CHECK(p.wait_exit() == 1);
  CHECK(p.out().find(bad.path + ":2:7: error: unknown key 'trsh'") != std::string::npos);
}

TEST_CASE("validate --dialect service checks answer bodies against the service's shape") {
  Process service(
      {kBinary, "validate", "--dialect", "service", kScenarios + std::string("/service")});
  CHECK(service.wait_exit() == 0);
  CHECK(service.out().find("warning") == std::string::npos);
  Process document({kBinary, "validate", kScenarios + std::string("/service")});
  CHECK(document.wait_exit() == 0);
  CHECK(document.out().find("is a boolean; expected a string") != std::string::npos);
  Process unknown({kBinary, "validate", "--dialect", "live", kScenarios});
  CHECK(unknown.wait_exit() == 2);
  CHECK(unknown.err().find("--dialect") != std::string::npos);
}

TEST_CASE("the same uuid and operation in two files fails validation naming both") {
  TempScenario a("directories: {u: {trash: {http: 200}}}\n");
  std::ofstream(a.dir / "other.yaml") << "directories: {u: {trash: {http: 500}}}\n";
  Process p({kBinary, "validate", a.dir.string()});
  CHECK(p.wait_exit() == 1);
  CHECK(p.out().find("scripted in both " + a.path + ":1:26 and ") != std::string::npos);
  CHECK(p.out().find("other.yaml:1:26; expected one script of it") != std::string::npos);
}

TEST_CASE("validate reads operations added by one file and used by another, and clashes") {
  TempScenario a("operations:\n  lock: {path: /v3/user/lock, fields: {uuid: string}}\n");
  std::ofstream(a.dir / "uses.yaml") << "directories: {u: {lock: {http: 202}}}\n";
  Process good({kBinary, "validate", a.dir.string()});
  CHECK(good.wait_exit() == 0);
  CHECK(good.out().find("ok: 2 scenario set(s) valid") != std::string::npos);
  std::ofstream(a.dir / "z-clash.yaml") << "operations:\n  lock: {path: /v3/other, fields: {uuid: "
                                           "string}}\n";
  Process clash({kBinary, "validate", a.dir.string()});
  CHECK(clash.wait_exit() == 1);
  CHECK(clash.out().find("z-clash.yaml:2:3: error: operation 'lock' (/v3/other) clashes with lock "
                         "(/v3/user/lock) defined at " +
                         a.path + ":2:3") != std::string::npos);
}

TEST_CASE("a taken port is a clear start error, not a shared port") {
  Process first({kBinary, "--port", "0"});
  int port = port_of(first.read_line());
  Process second({kBinary, "--port", std::to_string(port)});
  CHECK(second.wait_exit() == 1);
  CHECK(second.err().find("cannot listen on 127.0.0.1:" + std::to_string(port)) !=
        std::string::npos);
}

TEST_CASE("SIGTERM with a recording that cannot be written says why and exits 1") {
  auto upstream = drivemock::Server::start({.scenario_texts = {"directories: {}"}});
  REQUIRE(upstream.server);
  TempScenario dir("unused: file\n");
  std::string file = (dir.dir / "recording.yaml").string();
  Process p(recording_to(upstream.server->base_url(), file));
  httplib::Client client("127.0.0.1", port_of(p.read_line()));
  CHECK(client.Post("/v3/dir/trash", R"({"uuid":"r"})", "application/json")->status == 200);
  // A directory where the file should go: even root cannot write it there.
  std::filesystem::create_directory(file);
  p.signal(SIGTERM);
  CHECK(p.wait_exit() == 1);
  CHECK(p.err().find("the recording of 1 calls could not be saved: cannot write " + file +
                     ": it exists and is not a regular file") != std::string::npos);
  CHECK(std::filesystem::is_directory(file));
  // Its call is not lost: the capture log stays, for drivemock recover.
  CHECK(std::filesystem::exists(file + ".captures.jsonl"));
}

TEST_CASE("a scenario file with an alias is refused with its position by validate and at start") {
  TempScenario bad("name: s\ndefaults:\n  color:\n    body:\n      x: &a [*a]\n");
  Process validate({kBinary, "validate", bad.path});
  CHECK(validate.wait_exit() == 1);
  CHECK(validate.out().find(bad.path + ":5:14: error: aliases (*name) are not supported") !=
        std::string::npos);
  Process start({kBinary, "--port", "0", "--scenarios", bad.path});
  CHECK(start.wait_exit() == 2);
  CHECK(start.err().find(bad.path + ":5:14: error: aliases") != std::string::npos);
}

TEST_CASE("the admin token can come from a file or the environment, out of sight of ps") {
  TempScenario token_file("s3cret-from-file\n");
  std::filesystem::permissions(
      token_file.path, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  Process from_file({kBinary, "--port", "0", "--quiet", "--admin-token-file", token_file.path});
  int port = port_of(from_file.read_line());
  httplib::Client client("127.0.0.1", port);
  CHECK(client.Get("/__admin/health")->status == 401);
  CHECK(client.Get("/__admin/health", {{"Authorization", "Bearer s3cret-from-file"}})->status ==
        200);
  std::ifstream cmdline("/proc/" + std::to_string(from_file.pid()) + "/cmdline");
  std::string args((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
  CHECK(args.find("s3cret") == std::string::npos);

  ::setenv("DRIVEMOCK_ADMIN_TOKEN", "s3cret-from-env", 1);
  Process from_env({kBinary, "--port", "0", "--quiet"});
  ::unsetenv("DRIVEMOCK_ADMIN_TOKEN");
  httplib::Client env_client("127.0.0.1", port_of(from_env.read_line()));
  CHECK(env_client.Get("/__admin/health")->status == 401);
  CHECK(env_client.Get("/__admin/health", {{"Authorization", "Bearer s3cret-from-env"}})->status ==
        200);

  Process missing({kBinary, "--port", "0", "--admin-token-file", "/nonexistent/token"});
  CHECK(missing.wait_exit() == 2);
  CHECK(missing.err().find("--admin-token-file: cannot open /nonexistent/token") !=
        std::string::npos);
}

TEST_CASE("a token file others can read is refused, as a loose CA key is, and never used") {
  TempScenario token_file("s3cret-from-file\n");
  std::filesystem::permissions(token_file.path, std::filesystem::perms::owner_read |
                                                    std::filesystem::perms::owner_write |
                                                    std::filesystem::perms::group_read |
                                                    std::filesystem::perms::others_read);
  Process loose({kBinary, "--port", "0", "--admin-token-file", token_file.path});
  CHECK(loose.wait_exit() == 2);
  CHECK(loose.err().find(token_file.path +
                         " can be read by others (mode 644); expected 600: "
                         "chmod 600 " +
                         token_file.path) != std::string::npos);
  // Nor through a symbolic link, which another user could point elsewhere.
  std::filesystem::permissions(
      token_file.path, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  std::string link = token_file.path + ".link";
  std::filesystem::create_symlink(token_file.path, link);
  Process linked({kBinary, "--port", "0", "--admin-token-file", link});
  CHECK(linked.wait_exit() == 2);
  CHECK(linked.err().find(link + " is a symbolic link") != std::string::npos);
  std::filesystem::remove(link);
}

TEST_CASE(
    "listening beyond loopback without a token makes one, prints it once, and spares loopback") {
  Process made({kBinary, "--host", "0.0.0.0", "--port", "0", "--quiet"});
  int port = port_of(made.read_line(), "0.0.0.0");
  REQUIRE(made.wait_for_err("#token="));
  std::string err = made.err();
  auto at = err.find("Authorization: Bearer ");
  REQUIRE(at != std::string::npos);
  std::string token = err.substr(at + 22, 32);
  CHECK(token.find_first_not_of("0123456789abcdef") == std::string::npos);
  CHECK(err.find("dashboard http://localhost:" + std::to_string(port) +
                 "/__admin/ui/#token=" + token) != std::string::npos);
  httplib::Client client("127.0.0.1", port);
  // A loopback caller (in a container: its healthcheck) needs none, but is
  // checked as without a token: a page of another site is still refused.
  CHECK(client.Get("/__admin/health")->status == 200);
  CHECK(client.Post("/__admin/reset", {{"Origin", "https://evil.example"}}, "", "text/plain")
            ->status == 403);
  made.signal(SIGTERM);
  CHECK(made.wait_exit() == 0);
  CHECK(made.err().find("warning") == std::string::npos);
  // Once: nothing else prints the token.
  CHECK(made.err().find(token, made.err().find(token) + 1) == made.err().find("#token=") + 7);

  Process open({kBinary, "--host", "0.0.0.0", "--port", "0", "--quiet", "--no-admin-token"});
  port_of(open.read_line(), "0.0.0.0");
  CHECK(open.wait_for_err("warning: listening on 0.0.0.0 without an admin token"));
  open.signal(SIGTERM);
  CHECK(open.wait_exit() == 0);
  CHECK(open.err().find("#token=") == std::string::npos);

  Process guarded({kBinary, "--host", "0.0.0.0", "--port", "0", "--quiet", "--admin-token", "t"});
  int guarded_port = port_of(guarded.read_line(), "0.0.0.0");
  // A token given is asked of everyone, loopback callers too.
  CHECK(httplib::Client("127.0.0.1", guarded_port).Get("/__admin/health")->status == 401);
  guarded.signal(SIGTERM);
  CHECK(guarded.wait_exit() == 0);
  CHECK(guarded.err().find("without an admin token") == std::string::npos);
  CHECK(guarded.err().find("#token=") == std::string::npos);
  Process local({kBinary, "--port", "0", "--quiet"});
  port_of(local.read_line());
  local.signal(SIGTERM);
  CHECK(local.wait_exit() == 0);
  CHECK(local.err().find("admin token") == std::string::npos);

  Process both({kBinary, "--port", "0", "--no-admin-token", "--admin-token", "t"});
  CHECK(both.wait_exit() == 2);
}

TEST_CASE("the security flags reach the server: origins, hosts, record targets, redaction") {
  Process p({kBinary, "--port", "0", "--quiet", "--allow-origin", "https://mock.example",
             "--allow-host", "drivemock", "--allow-record-target", "127.0.0.1:9", "--redact-header",
             "X-Session", "--max-upstream-body", "100"});
  httplib::Client client("127.0.0.1", port_of(p.read_line()));
  CHECK(client.Post("/__admin/reset", {{"Origin", "https://mock.example"}}, "", "text/plain")
            ->status == 200);
  CHECK(client.Post("/__admin/reset", {{"Origin", "https://other.example"}}, "", "text/plain")
            ->status == 403);
  CHECK(client.Get("/__admin/health", {{"Host", "drivemock:8080"}})->status == 200);
  auto refused = client.Post("/__admin/recordings/start",
                             R"({"targetBaseUrl":"http://127.0.0.1:10"})", "application/json");
  CHECK(refused->status == 400);
  client.Post("/v3/dir/trash", {{"X-Session", "mine"}}, R"({"uuid":"u"})", "application/json");
  auto journal = client.Get("/__admin/requests");
  CHECK(journal->body.find(R"("X-Session":"***")") != std::string::npos);
}

TEST_CASE("quiet leaves out the seed line, which is printed without it") {
  Process quiet({kBinary, "--port", "0", "--quiet", "--seed", "7", "--scenarios", kScenarios});
  port_of(quiet.read_line());
  quiet.signal(SIGTERM);
  CHECK(quiet.wait_exit() == 0);
  CHECK(quiet.err().find("random draws from seed") == std::string::npos);
  Process loud({kBinary, "--port", "0", "--seed", "7", "--scenarios", kScenarios});
  port_of(loud.read_line());
  loud.signal(SIGTERM);
  CHECK(loud.wait_exit() == 0);
  CHECK(loud.err().find("random draws from seed 7 (replay with --seed 7)") != std::string::npos);
}

TEST_CASE("exit-with-pid stops drivemock when that process ends, and refuses one gone already") {
  // The JS package passes the test runner's pid: a SIGKILLed runner's worker
  // lives on until its test ends, and drivemock must not.
  Process runner({"/bin/sleep", "600"});
  Process p({kBinary, "--port", "0", "--exit-with-pid", std::to_string(runner.pid()), "--scenarios",
             kScenarios});
  port_of(p.read_line());
  runner.signal(SIGKILL);
  runner.wait_exit();
  CHECK(p.wait_exit() == 0);  // the usual stop, as by SIGTERM
  Process late({kBinary, "--port", "0", "--exit-with-pid", std::to_string(runner.pid())});
  CHECK(late.wait_exit() == 1);
  CHECK(late.err().find("is gone already (--exit-with-pid)") != std::string::npos);
}
