// The classify stage: which operation, which uuid, which violations, and
// the early answer for requests that go no further.
#include <catch2/catch.hpp>

#include "contract/classify.h"
#include "request_views.h"

using namespace drivemock;
using namespace drivemock::contract;

namespace {

RequestView post_to(const std::string& path, std::string body) {
  return testing::json_post_to(path, std::move(body));
}

}  // namespace

TEST_CASE("a request to an unknown path gets 404 not_found and no operation") {
  auto c = classify(post_to("/v3/dir/move", "{}"), *builtin_set(), Strictness::lenient, Envelope());
  CHECK_FALSE(c.operation);
  REQUIRE(c.early);
  CHECK(c.early->status == 404);
  CHECK(c.early->body_text().find("\"code\":\"not_found\"") != std::string::npos);
  CHECK(c.seen.operation.empty());
  CHECK(c.seen.violations.empty());
}

TEST_CASE("another method than POST gets 405 with Allow, and a method violation") {
  RequestView r = post_to("/v3/dir/trash", "");
  r.method = "GET";
  auto c = classify(r, *builtin_set(), Strictness::lenient, Envelope());
  REQUIRE(c.early);
  CHECK(c.early->status == 405);
  CHECK(*find_header(c.early->header_list(), "Allow") == "POST");
  CHECK(c.seen.operation == "trash");
  REQUIRE(c.seen.violations.size() == 1);
  CHECK(c.seen.violations[0].rule == "method_not_allowed");
}

TEST_CASE("a served request names its operation and uuid, with no early answer") {
  auto c = classify(post_to("/v3/dir/color", R"({"uuid":"u1","color":"red"})"), *builtin_set(),
                    Strictness::lenient, Envelope());
  CHECK_FALSE(c.early);
  REQUIRE(c.operation);
  CHECK(c.operation->name == "color");
  CHECK(c.seen.operation == "color");
  CHECK(c.uuid() == "u1");
  CHECK(c.checked.body["color"] == "red");
}

TEST_CASE("a body that cannot be served gets 400 invalid_params and no uuid") {
  auto c = classify(post_to("/v3/dir/trash", "{not json"), *builtin_set(), Strictness::lenient,
                    Envelope());
  REQUIRE(c.early);
  CHECK(c.early->status == 400);
  CHECK(c.early->body_text().find("invalid_params") != std::string::npos);
  CHECK_FALSE(c.uuid());
  REQUIRE_FALSE(c.seen.violations.empty());
  CHECK(c.seen.violations[0].rule == "json_syntax");
}

TEST_CASE("a violation is only journaled when lenient, and answered 400 when strict") {
  std::string body = R"({"uuid":"u1","color":"red","extra":1})";
  auto lenient =
      classify(post_to("/v3/dir/color", body), *builtin_set(), Strictness::lenient, Envelope());
  CHECK_FALSE(lenient.early);
  CHECK_FALSE(lenient.seen.violations.empty());
  auto strict =
      classify(post_to("/v3/dir/color", body), *builtin_set(), Strictness::strict, Envelope());
  REQUIRE(strict.early);
  CHECK(strict.early->status == 400);
  CHECK(strict.seen.violations.size() == lenient.seen.violations.size());
}
