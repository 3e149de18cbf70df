#include <catch2/catch.hpp>

#include "journal/entry_json.h"
#include "journal/journal.h"
#include "journal/redaction.h"

using namespace drivemock;
using namespace drivemock::journal;

TEST_CASE("ids rise by one from 1") {
  Journal j(10);
  CHECK(j.record({}) == 1);
  CHECK(j.record({}) == 2);
  CHECK(j.entries().back()->id == 2);
}

TEST_CASE("past the limit the oldest entries go and are counted as dropped") {
  Journal j(3);
  for (int i = 0; i < 5; ++i) j.record({});
  auto entries = j.entries();
  REQUIRE(entries.size() == 3);
  CHECK(entries.front()->id == 3);
  CHECK(j.dropped() == 2);
  j.clear();
  CHECK(j.entries().empty());
  CHECK(j.dropped() == 0);
  CHECK(j.record({}) == 6);
}

TEST_CASE("secret headers are redacted") {
  std::vector<Header> headers = {{"Authorization", "Bearer k"},
                                 {"cookie", "a=b"},
                                 {"X-Api-Key", "k"},
                                 {"Content-Type", "application/json"}};
  redact_headers(headers);
  CHECK(headers[0].value == "***");
  CHECK(headers[1].value == "***");
  CHECK(headers[2].value == "***");
  CHECK(headers[3].value == "application/json");
}

TEST_CASE("an entry serialises to the shape of the spec") {
  Entry e;
  e.id = 17;
  e.logged = std::chrono::system_clock::time_point(std::chrono::milliseconds(1795338878390));
  e.request = {"POST",
               "/v3/dir/color",
               "/v3/dir/color",
               {{"Accept", "application/json"}},
               R"({"uuid":"u"})",
               "127.0.0.1",
               {}};
  e.operation = "color";
  e.uuid = "u";
  e.matched = scenario::Matched{"trash-flow", 1};
  e.response = {200, "{}", scenario::Fault::none, false};
  e.violations = {{"field_missing", "Field 'color' is missing"}};
  e.total_micros = 85;
  CHECK(
      entry_to_json(e) ==
      R"({"id":17,"loggedDate":"2026-11-22T09:14:38.390Z","request":{"method":"POST",)"
      R"("url":"/v3/dir/color","headers":{"Accept":"application/json"},"body":"{\"uuid\":\"u\"}",)"
      R"("clientIp":"127.0.0.1"},"operation":"color","uuid":"u","matched":{"scenario":"trash-flow",)"
      R"("rule":1},"response":{"status":200,"body":"{}","fault":null,"proxied":false},)"
      R"("violations":[{"rule":"field_missing","message":"Field 'color' is missing"}],)"
      R"("timing":{"totalMicros":85}})");
}
