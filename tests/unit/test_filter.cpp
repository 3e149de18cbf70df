#include <catch2/catch.hpp>

#include "journal/filter.h"

using namespace drivemock;
using namespace drivemock::journal;

namespace {

Entry entry(const char* op, const char* uuid, const char* body) {
  RequestView view;
  view.method = "POST";
  view.path = view.url = std::string("/v3/dir/") + op;
  view.body = body;
  Entry e;
  e.request = RecordedRequest(view, uuid);
  e.classification().operation = op;
  return e;
}

std::unique_ptr<FilterMatcher> matcher(const std::string& json) {
  rapidjson::Document doc;
  doc.Parse(json.c_str());
  auto filter = parse_filter(doc, {});
  INFO((filter ? "" : filter.error().message));
  REQUIRE(filter);
  auto m = FilterMatcher::create(*filter);
  INFO((m ? "" : m.error().message));
  REQUIRE(m);
  return std::make_unique<FilterMatcher>(std::move(m).value());
}

std::string parse_error(const std::string& json) {
  rapidjson::Document doc;
  doc.Parse(json.c_str());
  auto filter = parse_filter(doc, {"count"});
  if (!filter) return filter.error().message;
  auto m = FilterMatcher::create(*filter);
  return m ? "" : m.error().message;
}

}  // namespace

TEST_CASE("an empty filter matches every entry") {
  CHECK(matcher("{}")->matches(entry("trash", "u", "{}")));
}

TEST_CASE("method, url, operation and uuid must all equal") {
  auto e = entry("color", "u1", R"({"uuid":"u1","color":"red"})");
  CHECK(matcher(R"({"method":"POST","url":"/v3/dir/color"})")->matches(e));
  CHECK(matcher(R"({"operation":"color","uuid":"u1"})")->matches(e));
  CHECK_FALSE(matcher(R"({"operation":"trash"})")->matches(e));
  CHECK_FALSE(matcher(R"({"uuid":"u2"})")->matches(e));
  CHECK_FALSE(matcher(R"({"method":"GET"})")->matches(e));
}

TEST_CASE("body matches when every given field equals the request's") {
  auto e = entry("color", "u1", R"({"uuid":"u1","color":"red"})");
  CHECK(matcher(R"({"body":{"color":"red"}})")->matches(e));
  CHECK(matcher(R"({"body":{"color":"red","uuid":"u1"}})")->matches(e));
  CHECK_FALSE(matcher(R"({"body":{"color":"blue"}})")->matches(e));
  CHECK_FALSE(matcher(R"({"body":{"size":1}})")->matches(e));
  CHECK_FALSE(matcher(R"({"body":{"color":"red"}})")->matches(entry("color", "u1", "not json")));
}

TEST_CASE("bodyPatterns equalToJson compares whole bodies, member order aside") {
  auto e = entry("color", "u1", R"({"uuid":"u1","color":"red"})");
  CHECK(matcher(R"({"bodyPatterns":[{"equalToJson":{"color":"red","uuid":"u1"}}]})")->matches(e));
  CHECK(matcher(R"({"bodyPatterns":[{"equalToJson":"{\"uuid\":\"u1\",\"color\":\"red\"}"}]})")
            ->matches(e));
  CHECK_FALSE(matcher(R"({"bodyPatterns":[{"equalToJson":{"uuid":"u1"}}]})")->matches(e));
}

TEST_CASE("bad filters are errors that say what is wrong") {
  CHECK(parse_error(R"({"uid":"x"})").find("Unknown filter field 'uid'") == 0);
  CHECK(parse_error(R"({"uuid":5})") == "Filter field 'uuid' is a number; expected a string");
  CHECK(parse_error(R"({"body":"x"})") == "Filter field 'body' must be a JSON object");
  CHECK(parse_error(R"({"bodyPatterns":[{"matches":"x"}]})").find("equalToJson") !=
        std::string::npos);
  CHECK(parse_error(R"({"bodyPatterns":[{"equalToJson":"{nope"}]})").find("not valid JSON") !=
        std::string::npos);
  CHECK(parse_error(R"({"count":2})").empty());  // extra keys the caller allows
  CHECK(parse_error("[]") == "The filter must be a JSON object");
}
