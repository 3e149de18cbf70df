// What reading a document may hold at its peak: under ten times its size
// (docs/security.md), a pact as JSON or as YAML, a scenario set however it is
// laid out, read by `drivemock validate` in a process of its own (issue 72: a
// 31 MiB JSON pact broken at its last byte was read again as YAML, 2.2 GiB;
// scenario sets went through yaml-cpp's node tree, 48 times a block list of
// short values and some 235 times a flow one). Measured as what the read
// adds to the process's peak for an empty set. Release builds only: a
// sanitizer's shadow memory is no measure.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

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

/// Runs `drivemock validate FILE` and gives its peak resident memory, from
/// a process forked while the test is small. A child's peak counts the
/// pages it shares with its parent when forked: forked from a test holding
/// the documents it wrote, every run would peak at the test's size.
class Launcher {
 public:
  Launcher() {
    int ask[2], tell[2];
    REQUIRE(pipe(ask) == 0);
    REQUIRE(pipe(tell) == 0);
    pid_ = fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      close(ask[1]);
      close(tell[0]);
      serve(ask[0], tell[1]);
      _exit(0);
    }
    close(ask[0]);
    close(tell[1]);
    ask_ = fdopen(ask[1], "w");
    tell_ = fdopen(tell[0], "r");
  }
  ~Launcher() {
    fclose(ask_);
    fclose(tell_);
    waitpid(pid_, nullptr, 0);
  }
  Launcher(const Launcher&) = delete;
  Launcher& operator=(const Launcher&) = delete;

  /// The peak in bytes, and the exit status.
  std::pair<size_t, int> peak(const std::string& file) {
    fprintf(ask_, "%s\n", file.c_str());
    fflush(ask_);
    long kib = 0;
    int exit = -1;
    REQUIRE(fscanf(tell_, "%ld %d", &kib, &exit) == 2);
    return {static_cast<size_t>(kib) * 1024, exit};
  }

 private:
  static void serve(int ask, int tell) {
    FILE* in = fdopen(ask, "r");
    FILE* out = fdopen(tell, "w");
    char file[4096];
    while (fgets(file, sizeof file, in)) {
      file[strcspn(file, "\n")] = '\0';
      pid_t pid = fork();
      if (pid == 0) {
        freopen("/dev/null", "w", stdout);
        freopen("/dev/null", "w", stderr);
        execl(kBinary.c_str(), kBinary.c_str(), "validate", file, nullptr);
        _exit(127);
      }
      int status = 0;
      rusage usage{};
      wait4(pid, &status, 0, &usage);
      fprintf(out, "%ld %d\n", usage.ru_maxrss, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
      fflush(out);
    }
  }

  pid_t pid_ = -1;
  FILE* ask_ = nullptr;
  FILE* tell_ = nullptr;
};

/// The scenario set bench/generate-scenarios writes by default: `n` uuids,
/// each with a trash sequence behind a state rule and a color answer.
std::string rules_set(int n) {
  std::string out = "name: generated\ndirectories:\n";
  for (int i = 0; i < n; ++i) {
    out += "  \"6f1c7e0a-0000-4000-8000-" + std::string(12 - std::to_string(i).size(), '0') +
           std::to_string(i) +
           "\":\n    trash:\n      - when: {state: trashed}\n        respond: {body: {status: "
           "error, code: dir_already_trashed}}\n      - respond: [{http: 503, body: {status: "
           "error, code: internal_error}}, {body: {status: success, code: dir_trashed}}]\n     "
           "   then: trashed\n    color: {body: {status: success, message: Directory color "
           "changed., code: dir_color_changed}}\n";
  }
  return out;
}

std::string repeated(const std::string& head, const std::string& item, int n,
                     const std::string& tail) {
  std::string out = head;
  out.reserve(head.size() + item.size() * static_cast<size_t>(n) + tail.size());
  for (int i = 0; i < n; ++i) out += item;
  return out + tail;
}

/// A document to read, and the exit status validate gives it.
struct Case {
  const char* what;
  std::string text;
  int exit;
};

/// What reading `text` adds to validate's peak over an empty set's, in
/// bytes, and its exit status.
std::pair<size_t, int> read_peak(Launcher& launcher, TempDir& dir, const std::string& text) {
  std::string empty = dir.file("empty.yaml");
  std::ofstream(empty, std::ios::trunc) << "name: empty\n";
  size_t base = launcher.peak(empty).first;
  std::string file = dir.file("set.yaml");
  std::ofstream(file, std::ios::trunc) << text;
  auto [peak, exit] = launcher.peak(file);
  return {peak > base ? peak - base : 0, exit};
}

/// What a case is held to under ten times its size: validate's whole peak,
/// or what the read adds to an empty set's.
enum class Measure { whole_peak, added };

/// Reads each case `make` gives with validate, in a process of its own, and
/// checks its exit status and its measure. The documents are made once the
/// launcher is forked, while the test is small.
void check_reads(Measure measure, const std::function<std::vector<Case>()>& make) {
#ifdef DRIVEMOCK_SANITIZED
  WARN("a sanitized build's memory is no measure; skipped");
  return;
#endif
  Launcher launcher;
  TempDir dir;
  for (const auto& c : make()) {
    INFO(c.what << ", " << c.text.size() << " bytes");
    std::pair<size_t, int> read;
    if (measure == Measure::added) {
      read = read_peak(launcher, dir, c.text);
    } else {
      std::string file = dir.file("pact.json");
      std::ofstream(file, std::ios::trunc) << c.text;
      read = launcher.peak(file);
    }
    auto [bytes, exit] = read;
    INFO((measure == Measure::added ? "adds " : "peak ") << bytes / 1024 << " KiB");
    CHECK(exit == c.exit);
    CHECK(bytes < 10 * c.text.size());
  }
}

}  // namespace

TEST_CASE("reading a pact holds under ten times its size, as JSON, YAML or JSON cut short") {
  check_reads(Measure::whole_peak, [] {
    std::string json = pact(40000, false);
    return std::vector<Case>{{"json", json, 0},
                             {"yaml", pact(40000, true), 0},
                             {"json cut short", json.substr(0, json.size() - 1), 1}};
  });
}

TEST_CASE("reading a scenario set holds under ten times its size, a hostile layout refused first") {
  check_reads(Measure::added, [] {
    // The generated set's scripts in one flow mapping, which is not sliced.
    std::string flow = "name: generated\ndirectories: {";
    std::string nested = "name: x\nnested:\n";
    for (int i = 0; i < 15000; ++i) {
      flow += "\"6f1c7e0a-0000-4000-8000-" + std::to_string(100000000000 + i) +
              "\": {trash: [{when: {state: trashed}, respond: {body: {status: error, code: "
              "dir_already_trashed}}}, {respond: [{http: 503, body: {status: error, code: "
              "internal_error}}, {body: {status: success, code: dir_trashed}}], then: trashed}], "
              "color: {body: {status: success, message: Directory color changed., code: "
              "dir_color_changed}}},\n  ";
    }
    std::string unknown;  // a problem each, listed up to document::kMostListedProblems
    for (int i = 0; i < 150000; ++i) nested += "  k" + std::to_string(i) + ":\n    x: a\n";
    for (int i = 0; i < 400000; ++i) unknown += "k" + std::to_string(i) + ": 1\n";
    flow += "u: {color: {http: 500}}}\n";
    return std::vector<Case>{
        {"the generated set, sliced", rules_set(15000), 0},
        {"directories in one flow mapping, read whole", flow, 0},
        {"nested block mappings of one-character values", nested, 1},
        {"a block list of one-character values", repeated("name:\n", "- a\n", 1500000, ""), 1},
        {"a flow list of one-digit numbers", repeated("name: [", "1,", 2500000, "1]\n"), 1},
        {"a set of unknown keys", unknown, 1},
        {"a set padded with empty lines", repeated("directories:\n  u: {}\n", "\n", 6000000, ""),
         0},
        {"a big file's directory of one-character values",
         repeated("directories:\n  u:\n    trash:\n", "      - a\n", 700000, ""), 1},
    };
  });
}
