// Result, the value-or-error every fallible call returns.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "util/result.h"

using namespace drivemock;

namespace {

Result<std::vector<std::string>> names(bool ok) {
  if (!ok) return Error{"no names"};
  return std::vector<std::string>{"a-rather-long-name-that-is-not-inline",
                                  "b-also-long-enough-for-heap"};
}

}  // namespace

TEST_CASE("a Result holds its value or the error that says why there is none") {
  auto good = names(true);
  REQUIRE(good.ok());
  CHECK(good->size() == 2);
  auto bad = names(false);
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message == "no names");
  CHECK(done().ok());
}

TEST_CASE("the value of a temporary Result can be looped over directly") {
  // A reference into the temporary would dangle once the loop starts (ASan
  // reports it; the consumer example crashed on it).
  std::string joined;
  for (const auto& name : names(true).value()) joined += name + ";";
  CHECK(joined == "a-rather-long-name-that-is-not-inline;b-also-long-enough-for-heap;");
}
