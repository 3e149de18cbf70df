// What sessions are counted at in their budget (--max-session-bytes)
// against what they take in RSS (issue 72: a session that pushed a 42-byte
// set over a baseline of 100,000 uuids took 13.1 MiB and was counted at
// 0.5 MiB). The budget may count more than a session takes, never much
// less. Release builds only: a sanitizer's shadow memory is no measure.
#include <malloc.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <string>
#include <vector>

#include "scenario/scenario_store.h"
#include "session/session_registry.h"

using namespace drivemock;

namespace {

/// Resident memory of this process, in bytes, with what malloc keeps free
/// given back first, so that only what is held counts.
size_t resident_bytes() {
  malloc_trim(0);
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.starts_with("VmRSS:")) return std::stoul(line.substr(6)) * 1024;
  }
  return 0;
}

}  // namespace

TEST_CASE("sessions that push over a big baseline are counted at no less than they take") {
#ifdef DRIVEMOCK_SANITIZED
  WARN("a sanitized build's memory is no measure; skipped");
  return;
#endif
  scenario::Engine engine{scenario::empty_catalog()};
  std::string big = "name: base\ndirectories:\n";
  for (int i = 0; i < 50000; ++i) {
    big += "  0f5b7e2c-0000-4000-8000-" + std::to_string(100000000000 + i) + ": {trash: {}}\n";
  }
  scenario::ScenarioStore store{{}, {big}, engine};
  session::SessionLimits limits;
  limits.max_open = 100;
  session::SessionRegistry sessions(Envelope(), limits);
  store.set_listener(
      [&](const std::vector<scenario::SharedSet>& sets,
          std::shared_ptr<const scenario::Catalog> catalog) { sessions.rebase(sets, catalog); });
  REQUIRE_FALSE(has_errors(store.load()));
  std::vector<session::SessionPtr> open;
  const size_t rss_before = resident_bytes();
  const size_t charged_before = sessions.charged_bytes();
  for (int i = 0; i < 20; ++i) {
    auto session = sessions.open("s" + std::to_string(i), 1);
    REQUIRE(session);
    REQUIRE((*session)->store.push("name: p\ndirectories: {d1: {trash: {http: 500}}}\n"));
    sessions.settle(**session);
    open.push_back(*session);
  }
  const size_t taken = resident_bytes() - rss_before;
  const size_t counted = sessions.charged_bytes() - charged_before;
  INFO("20 sessions took " << taken / 1024 << " KiB of RSS and are counted at " << counted / 1024
                           << " KiB");
  CHECK(counted >= taken);
  CHECK(counted <= 3 * taken);  // and not so much more that the budget is wasted
}
