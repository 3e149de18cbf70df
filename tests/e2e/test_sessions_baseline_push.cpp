// A push to the baseline while sessions run calls (issue 75): each session's
// catalog lies over the baseline's and is laid over the new one when it
// changes. No call may see half of a change (a baseline uuid answered by the
// built-in answer, or by a version older than one its session already saw),
// and no session may lose its own sets meanwhile. Run under TSan in CI.
#include <atomic>
#include <latch>
#include <thread>

#include "e2e/session_helpers.h"

using namespace drivemock::testing;
using namespace drivemock::testing::sessions;

namespace {

constexpr int kUuids = 2000;
constexpr int kSessions = 50;
constexpr int kVersions = 4;

/// The baseline's version `v`: every uuid answers code "vN".
std::string baseline(int v) {
  std::string code = "v" + std::to_string(v);
  std::string yaml = "name: base\ndirectories:\n";
  for (int i = 0; i < kUuids; ++i) {
    yaml += "  base-" + std::to_string(i) + ": {trash: {body: {status: success, code: " + code +
            "}}}\n";
  }
  return yaml;
}

std::string own_set(int i) {
  std::string n = std::to_string(i);
  return "name: own\ndirectories:\n  own-" + n + ": {trash: {body: {status: success, code: own_" +
         n + "}}}\n  base-0: {trash: {body: {status: success, code: mine_" + n + "}}}\n";
}

/// What one session's thread saw go wrong; empty when nothing did.
std::string check_calls(const RunningServer& mock, const OpenSession& s, int i,
                        const std::atomic<bool>& done, std::atomic<int>& rounds) {
  int newest = 0;
  for (int call = 0;; ++call) {
    // Read before the calls: once every push has answered, one more round.
    const bool last = done.load();
    std::string own = code_in(trash(mock, s, "own-" + std::to_string(i)));
    if (own != "own_" + std::to_string(i)) return "own-" + std::to_string(i) + " answered " + own;
    std::string mine = code_in(trash(mock, s, "base-0"));
    if (mine != "mine_" + std::to_string(i)) return "base-0 answered " + mine;
    std::string uuid = "base-" + std::to_string(1 + call % (kUuids - 1));
    std::string code = code_in(trash(mock, s, uuid));
    if (code.size() < 2 || code[0] != 'v') return uuid + " answered '" + code + "'";
    int version = std::stoi(code.substr(1));
    if (version < newest) {
      return uuid + " answered v" + std::to_string(version) + " after v" + std::to_string(newest);
    }
    newest = version;
    ++rounds;
    if (last) break;
  }
  return newest == kVersions ? "" : "never saw the last baseline: v" + std::to_string(newest);
}

}  // namespace

TEST_CASE("a baseline push beside 50 sessions' calls: whole catalogs only, own sets kept") {
  RunningServer mock(baseline(0));
  std::vector<OpenSession> sessions;
  for (int i = 0; i < kSessions; ++i) {
    sessions.push_back(open_session(mock, "s" + std::to_string(i)));
    mock.admin_json("POST", "/__admin/scenarios?session=" + sessions.back().id, own_set(i));
  }
  std::atomic<bool> done{false};
  std::atomic<int> rounds{0}, finished{0};
  std::latch started(kSessions + 1);
  std::vector<std::string> problems(kSessions);
  std::vector<std::thread> threads;
  for (int i = 0; i < kSessions; ++i) {
    threads.emplace_back([&, i] {
      started.arrive_and_wait();
      problems[i] = check_calls(mock, sessions[i], i, done, rounds);
      ++finished;  // a thread that found a problem stops early
    });
  }
  started.arrive_and_wait();
  for (int v = 1; v <= kVersions; ++v) {
    // Each push among the calls: a round of calls per session before it.
    const int before = rounds.load();
    while (rounds.load() < before + kSessions && finished.load() < kSessions) {
      std::this_thread::yield();
    }
    mock.admin_json("POST", "/__admin/scenarios", baseline(v));
  }
  done = true;
  for (auto& t : threads) t.join();
  for (int i = 0; i < kSessions; ++i) {
    INFO("session " << i);
    CHECK(problems[i] == "");
  }
  // Outside sessions the baseline is the last one pushed, untouched by theirs.
  CHECK(code_of(mock.trash("base-0")) == "v4");
  CHECK(code_of(mock.trash("own-0")) == "dir_trashed");
}
