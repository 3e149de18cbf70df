// What reading a contract document may hold at its peak: under ten times
// its size (docs/openapi-and-pact.md), a pact as JSON or as YAML, read by
// `drivemock validate` in a process of its own (issue 72: a 31 MiB JSON pact
// broken at its last byte was read again as YAML, 2.2 GiB; a YAML pact was
// read into yaml-cpp's node tree first, some 35 times its size). Release
// builds only: a sanitizer's shadow memory is no measure.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <string>

#include "cli/binary.h"
#include "temp_dir.h"

using namespace drivemock::testing;

namespace {

/// A pact of `n` interactions of 250-byte answers, as JSON or block YAML.
std::string pact(int n, bool yaml) {
  std::string out = yaml ? "consumer: {name: c}\nprovider: {name: p}\ninteractions:\n"
                         : R"({"consumer":{"name":"c"},"provider":{"name":"p"},"interactions":[)";
  const std::string message(200, 'x');
  for (int i = 0; i < n; ++i) {
    std::string uuid = "u" + std::to_string(i);
    if (yaml) {
      out += "  - description: call " + std::to_string(i) +
             "\n    request:\n      method: POST\n      path: /v3/dir/trash\n      body: {uuid: " +
             uuid +
             "}\n    response:\n      status: 200\n      body: {status: true, message: " + message +
             ", code: ok}\n";
    } else {
      out += std::string(i ? "," : "") + R"({"description":"call )" + std::to_string(i) +
             R"(","request":{"method":"POST","path":"/v3/dir/trash","body":{"uuid":")" + uuid +
             R"("}},"response":{"status":200,"body":{"status":true,"message":")" + message +
             R"(","code":"ok"}}})";
    }
  }
  return out + (yaml ? "" : "]}");
}

/// The peak resident memory, in bytes, of `drivemock validate FILE`, and
/// its exit status.
std::pair<size_t, int> validate_peak(const std::string& file) {
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    freopen("/dev/null", "w", stdout);
    freopen("/dev/null", "w", stderr);
    execl(kBinary.c_str(), kBinary.c_str(), "validate", file.c_str(), nullptr);
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  REQUIRE(wait4(pid, &status, 0, &usage) == pid);
  return {static_cast<size_t>(usage.ru_maxrss) * 1024,
          WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

}  // namespace

TEST_CASE("reading a pact holds under ten times its size, as JSON, YAML or JSON cut short") {
#ifdef DRIVEMOCK_SANITIZED
  WARN("a sanitized build's memory is no measure; skipped");
  return;
#endif
  TempDir dir;
  struct Case {
    const char* what;
    std::string text;
    int exit;
  };
  std::string json = pact(40000, false);
  Case cases[] = {{"json", json, 0},
                  {"yaml", pact(40000, true), 0},
                  {"json cut short", json.substr(0, json.size() - 1), 1}};
  for (const auto& c : cases) {
    INFO(c.what << ", " << c.text.size() << " bytes");
    std::string file = dir.file("pact.json");
    std::ofstream(file, std::ios::trunc) << c.text;
    auto [peak, exit] = validate_peak(file);
    INFO("peak " << peak / 1024 << " KiB");
    CHECK(exit == c.exit);
    CHECK(peak < 10 * c.text.size());
  }
}
