#include <catch2/catch.hpp>

#include "contract/request_checks.h"

using namespace drivemock;
using namespace drivemock::contract;

namespace {

RequestView json_post(std::string body) {
  RequestView r;
  r.method = "POST";
  r.path = r.url = "/v3/dir/color";
  r.headers = {{"Content-Type", "application/json"}, {"Accept", "application/json"}};
  r.body = std::move(body);
  return r;
}

const Operation& color_operation() {
  return *find_by_name("color");
}

std::vector<std::string> rules_of(const CheckedRequest& c) {
  std::vector<std::string> out;
  for (const auto& v : c.violations) out.push_back(v.rule);
  return out;
}

}  // namespace

TEST_CASE("a request that follows the contract has no violations") {
  auto checked = check_request(color_operation(), json_post(R"({"uuid":"u1","color":"red"})"),
                               Strictness::lenient);
  CHECK(checked.violations.empty());
  CHECK_FALSE(checked.rejection);
  CHECK(checked.uuid == "u1");
}

TEST_CASE("the contract is a table: both operations route by path and name their fields") {
  REQUIRE(find_by_path("/v3/dir/trash"));
  CHECK(find_by_path("/v3/dir/trash")->name == "trash");
  CHECK(find_by_path("/v3/dir/color")->fields.size() == 2);
  CHECK(find_by_path("/v3/dir/move") == nullptr);
  CHECK(builtin_set()->names() == "color, trash");
}

TEST_CASE("header violations are recorded but the request is still served") {
  auto request = json_post(R"({"uuid":"u1","color":"red"})");
  SECTION("Content-Type that is not JSON") {
    request.headers = {{"Content-Type", "text/plain"}};
    auto checked = check_request(color_operation(), request, Strictness::lenient);
    CHECK(rules_of(checked) == std::vector<std::string>{"content_type"});
    CHECK(checked.violations[0].message.find("text/plain") != std::string::npos);
    CHECK_FALSE(checked.rejection);
  }
  SECTION("Content-Type missing") {
    request.headers = {};
    CHECK(rules_of(check_request(color_operation(), request, Strictness::lenient)) ==
          std::vector<std::string>{"content_type"});
  }
  SECTION("Accept that does not accept JSON") {
    request.headers = {{"content-type", "application/json; charset=utf-8"},
                       {"accept", "text/html"}};
    CHECK(rules_of(check_request(color_operation(), request, Strictness::lenient)) ==
          std::vector<std::string>{"accept"});
  }
  SECTION("Accept with wildcards or a JSON type in a list is fine") {
    for (const char* accept : {"*/*", "application/*", "text/html, application/json;q=0.9",
                               "application/problem+json"}) {
      request.headers = {{"Content-Type", "application/json"}, {"Accept", accept}};
      CHECK(check_request(color_operation(), request, Strictness::lenient).violations.empty());
    }
  }
}

TEST_CASE("JSON media types are told apart in any case, parameters and blanks aside") {
  for (const char* json :
       {"application/json", "Application/JSON", " application/json ; charset=utf-8",
        "application/problem+json", "APPLICATION/VND.API+JSON;v=2"}) {
    INFO(json);
    CHECK(is_json_media_type(json));
  }
  for (const char* other : {"", "text/json", "application/jsonx", "application/json+xml", "+json",
                            "application/x-www-form-urlencoded", "json"}) {
    INFO(other);
    CHECK_FALSE(is_json_media_type(other));
  }
}

TEST_CASE("a body that is not valid JSON is rejected with the byte offset") {
  auto checked =
      check_request(color_operation(), json_post(R"({"uuid": "u1",, })"), Strictness::lenient);
  REQUIRE(checked.rejection);
  CHECK(rules_of(checked) == std::vector<std::string>{"json_syntax"});
  CHECK(checked.rejection->find("at byte offset 14") != std::string::npos);
}

TEST_CASE("an empty body is rejected as not a JSON object") {
  auto checked = check_request(color_operation(), json_post(""), Strictness::lenient);
  REQUIRE(checked.rejection);
  CHECK(checked.rejection->find("empty") != std::string::npos);
}

TEST_CASE("a body that is JSON but not an object is rejected") {
  auto checked = check_request(color_operation(), json_post(R"(["u1"])"), Strictness::lenient);
  REQUIRE(checked.rejection);
  CHECK(rules_of(checked) == std::vector<std::string>{"body_not_object"});
  CHECK(checked.rejection->find("array") != std::string::npos);
}

TEST_CASE("a missing or non-string uuid makes the request unservable") {
  SECTION("missing") {
    auto checked =
        check_request(color_operation(), json_post(R"({"color":"red"})"), Strictness::lenient);
    REQUIRE(checked.rejection);
    CHECK(rules_of(checked) == std::vector<std::string>{"field_missing"});
    CHECK(*checked.rejection == "Field 'uuid' is missing from the request body; expected a string");
  }
  SECTION("a number") {
    auto checked = check_request(color_operation(), json_post(R"({"uuid":7,"color":"red"})"),
                                 Strictness::lenient);
    REQUIRE(checked.rejection);
    CHECK(rules_of(checked) == std::vector<std::string>{"field_type"});
    CHECK(checked.rejection->find("is a number; expected a string") != std::string::npos);
  }
}

TEST_CASE("other field violations are lenient by default and rejected when strict") {
  auto request = json_post(R"({"uuid":"u1","color":5,"extra":true})");
  auto lenient = check_request(color_operation(), request, Strictness::lenient);
  CHECK(rules_of(lenient) == std::vector<std::string>{"field_type", "field_unknown"});
  CHECK_FALSE(lenient.rejection);
  CHECK(lenient.uuid == "u1");

  auto strict = check_request(color_operation(), request, Strictness::strict);
  REQUIRE(strict.rejection);
  CHECK(strict.rejection->find("Field 'color'") != std::string::npos);
  CHECK(strict.rejection->find("Field 'extra'") != std::string::npos);
}

TEST_CASE("a missing color is a violation that lenient mode still serves") {
  auto checked =
      check_request(color_operation(), json_post(R"({"uuid":"u1"})"), Strictness::lenient);
  CHECK(rules_of(checked) == std::vector<std::string>{"field_missing"});
  CHECK_FALSE(checked.rejection);
}

TEST_CASE("JSON nested past 64 levels is refused without recursion, 64 is still read") {
  auto nested = [](int depth) {
    return R"({"uuid":"u1","color":)" + std::string(depth - 1, '[') + std::string(depth - 1, ']') +
           "}";
  };
  auto deep = check_request(color_operation(), json_post(nested(100000)), Strictness::lenient);
  CHECK(rules_of(deep) == std::vector<std::string>{"json_syntax"});
  CHECK(deep.rejection->find("deeper than 64 levels") != std::string::npos);
  auto limit = check_request(color_operation(), json_post(nested(64)), Strictness::lenient);
  CHECK(rules_of(limit) == std::vector<std::string>{"field_type"});
}

TEST_CASE("a raw NUL and a member name given twice are refused with where they are") {
  auto nul = check_request(color_operation(), json_post(std::string("{\"uuid\":\"u\"}\0x", 13)),
                           Strictness::lenient);
  CHECK(nul.rejection == "The request body is not valid JSON: a NUL byte (at byte offset 12)");
  auto twice = check_request(color_operation(), json_post(R"({"uuid":"a","color":"b","uuid":"c"})"),
                             Strictness::lenient);
  CHECK(rules_of(twice) == std::vector<std::string>{"duplicate_key"});
  CHECK(twice.rejection->find("'uuid' twice") != std::string::npos);
}

TEST_CASE("the wrong method names the method the operation takes") {
  RequestView r = json_post("{}");
  r.method = "GET";
  auto v = method_violation(color_operation(), r);
  CHECK(v.rule == "method_not_allowed");
  CHECK(v.message == "Method GET is not allowed on /v3/dir/color; expected POST");
}

TEST_CASE(
    "a request body is parsed into a pool of its own, small enough for malloc's thread cache") {
  // RapidJSON's own documents take a 64 KiB chunk per parse from malloc's
  // shared arenas: under load, the lock drivemock's threads waited for most.
  auto checked = check_request(
      color_operation(),
      json_post(R"({"uuid":"a0b1c2d3-0000-4000-8000-000000000001","color":"#123456"})"),
      Strictness::lenient);
  REQUIRE(checked.pool);
  CHECK(&checked.body.GetAllocator() == &checked.pool->allocator());
  CHECK(checked.pool->allocator().Capacity() < 1024);  // its own buffer: no chunk was added
  CHECK(sizeof(json::SmallPool) <= 1032);              // what glibc's tcache takes

  SECTION("a body too big for the buffer goes on in chunks, whole") {
    std::string many = R"({"uuid":"u1","color":"red","x":[)";
    for (int i = 0; i < 2000; ++i)
      many += (i ? "," : "") + std::string(R"("a long enough string")");
    auto big = check_request(color_operation(), json_post(many + "]}"), Strictness::lenient);
    REQUIRE(big.body.IsObject());
    CHECK(big.body["x"].Size() == 2000);
    CHECK(big.uuid == "u1");
  }
  SECTION("a rejected body leaves no value to serve from") {
    auto twice = check_request(color_operation(), json_post(R"({"uuid":"a","uuid":"b"})"),
                               Strictness::lenient);
    CHECK(twice.rejection);
    CHECK(twice.body.IsNull());
  }
}
