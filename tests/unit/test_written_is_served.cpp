// Issue 76, part 1: what a QA person writes is what is served. Each mistake
// that used to load silently (or with a message naming the wrong thing) is
// refused or warned at its file:line:column, with the form that works.
#include <catch2/catch.hpp>

#include "scenario/loader.h"
#include "scenario/nearby_uuids.h"

using namespace drivemock;
using namespace drivemock::scenario;

namespace {

/// Every diagnostic of a parse, as users see them, and whether it loaded.
struct Outcome {
  bool loaded = false;
  std::vector<std::string> lines;
};

Outcome written(const std::string& yaml, Dialect dialect = Dialect::document) {
  LoadOptions options;
  options.dialect = dialect;
  auto parsed = parse_scenario(yaml, "qa.yaml", "qa", options);
  Outcome out{parsed.value.has_value(), {}};
  for (const auto& d : parsed.diagnostics) out.lines.push_back(format_diagnostic(d));
  return out;
}

std::string one_uuid(const std::string& key) {
  return "directories:\n  \"" + key + "\":\n    trash: {body: {status: success}}\n";
}

/// Past the size from which a file's directories are read a slice at a time.
std::string past_slicing(const std::string& yaml) {
  return "# " + std::string(kBigDocumentBytes, '-') + "\n" + yaml;
}

}  // namespace

TEST_CASE("a status that is neither success nor error warns at the body, in the document dialect") {
  auto out = written("directories:\n  u:\n    trash:\n      body: {status: eror, code: x}\n");
  CHECK(out.loaded);
  REQUIRE(out.lines.size() == 1);
  CHECK(out.lines[0] ==
        "qa.yaml:4:13: warning: Field 'status' of the answer body is 'eror'; expected success or "
        "error (any other status reads as a success, so this answer moves state as one)");
  CHECK(written("directories:\n  u:\n    trash: {body: {status: error}}\n").lines.empty());
  CHECK(written("directories:\n  u:\n    trash: {body: {status: success}}\n").lines.empty());
  // A placeholder is filled in per call.
  CHECK(written("directories:\n  u:\n    trash: {template: true, body: {status: '{{body.x}}'}}\n")
            .lines.size() <= 1);
  SECTION("in the service dialect a status that is not true or false warns too") {
    auto service =
        written("directories:\n  u:\n    trash: {body: {status: eror}}\n", Dialect::service);
    REQUIRE(service.lines.size() == 1);
    CHECK(service.lines[0].find("expected a boolean") != std::string::npos);
  }
}

TEST_CASE("a uuid in braces is refused with the form a client sends, in both dialects") {
  for (Dialect dialect : {Dialect::document, Dialect::service}) {
    auto out = written(one_uuid("{6f1c7e0a-0000-4000-8000-00000000000a}"), dialect);
    CHECK_FALSE(out.loaded);
    REQUIRE(out.lines.size() == 1);
    CHECK(out.lines[0] ==
          "qa.yaml:2:3: error: uuid '{6f1c7e0a-0000-4000-8000-00000000000a}' is written in braces, "
          "which no client sends, so no call would ever match it; expected "
          "'6f1c7e0a-0000-4000-8000-00000000000a'");
  }
}

TEST_CASE("a uuid in capitals is refused in the service dialect, whose client sends lowercase") {
  const std::string upper = "6F1C7E0A-0000-4000-8000-00000000000A";
  auto service = written(one_uuid(upper), Dialect::service);
  CHECK_FALSE(service.loaded);
  REQUIRE(service.lines.size() == 1);
  CHECK(service.lines[0] == "qa.yaml:2:3: error: uuid '" + upper +
                                "' has capitals, and the official client sends uuids in lowercase, "
                                "so no call would ever match it; expected "
                                "'6f1c7e0a-0000-4000-8000-00000000000a'");
  SECTION("braces and capitals: the form given is the one the SDK sends") {
    auto both = written(one_uuid("{" + upper + "}"), Dialect::service);
    REQUIRE(both.lines.size() == 1);
    CHECK(both.lines[0].ends_with("expected '6f1c7e0a-0000-4000-8000-00000000000a'"));
  }
  SECTION("the API document gives no uuid form: capitals load in the document dialect") {
    CHECK(written(one_uuid(upper)).loaded);
  }
  SECTION("names that are not uuids are left alone") {
    CHECK(written(one_uuid("D9"), Dialect::service).loaded);
    CHECK(written(one_uuid("{not-a-uuid}"), Dialect::service).loaded);
  }
  SECTION("a big file's slices are checked as a whole read is") {
    auto big = written(past_slicing(one_uuid(upper)), Dialect::service);
    CHECK_FALSE(big.loaded);
    REQUIRE(big.lines.size() == 1);
    CHECK(big.lines[0].starts_with("qa.yaml:3:3: error: uuid '" + upper + "' has capitals"));
  }
  SECTION("a rate limit's uuid too") {
    auto limit =
        written("limits:\n  - {calls: 1, per_ms: 10, operation: trash, uuid: \"" + upper + "\"}\n",
                Dialect::service);
    CHECK_FALSE(limit.loaded);
    REQUIRE(limit.lines.size() == 1);
    CHECK(limit.lines[0].starts_with("qa.yaml:2:52: error: uuid '" + upper + "' has capitals"));
  }
}

TEST_CASE("a tab in the indentation is named as such, where it is") {
  auto out = written("directories:\n  u:\n\ttrash: {body: {status: success}}\n");
  CHECK_FALSE(out.loaded);
  REQUIRE(out.lines.size() == 1);
  CHECK(out.lines[0].starts_with(
      "qa.yaml:3:1: error: a tab in the indentation, where YAML takes only spaces; expected "
      "spaces (the YAML reader says: "));
  SECTION("after spaces, in a big file's slice") {
    auto big = written(past_slicing("directories:\n  u:\n    trash:\n  \t    http: 500\n"));
    REQUIRE(big.lines.size() == 1);
    CHECK(big.lines[0].starts_with("qa.yaml:5:3: error: a tab in the indentation"));
  }
  SECTION(
      "a tab in a block of text is the text's, and a later mistake is named as the reader "
      "names it") {
    auto text = written(
        "directories:\n  u:\n    trash:\n      raw: |\n        a\n        \tb\n        c\n"
        "      http: [\n");
    REQUIRE(text.lines.size() == 1);
    CHECK(text.lines[0].find("a tab") == std::string::npos);
    CHECK(text.lines[0].find("invalid YAML") != std::string::npos);
  }
}

TEST_CASE("did-you-mean takes braces and case as no difference, before a uuid one digit away") {
  const std::string meant = "6f1c7e0a-0000-4000-8000-000000000001";
  const std::string next = "6f1c7e0a-0000-4000-8000-000000000002";
  NearbyUuids nearby({meant, next});
  CHECK(nearby.closest("{6F1C7E0A-0000-4000-8000-000000000001}") == meant);
  CHECK(nearby.closest("{6f1c7e0a-0000-4000-8000-000000000002}") == next);
  CHECK(nearby.closest("6F1C7E0A-0000-4000-8000-000000000002") == next);
  CHECK(nearby.closest("{6f1c7e0a-0000-4000-8000-000000000003}") == meant);
}
