#include <catch2/catch.hpp>

#include "model/error_envelope.h"
#include "util/json.h"

using namespace drivemock;

TEST_CASE("strings that are not UTF-8 are written as valid JSON with U+FFFD") {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  json::write_string(w, std::string("a\xff\xfe"
                                    "b\xc3\xa9",
                                    6));
  std::string out(buffer.GetString(), buffer.GetSize());
  CHECK(out ==
        "\"a\xEF\xBF\xBD\xEF\xBF\xBD"
        "b\xc3\xa9\"");
  rapidjson::Document doc;
  doc.Parse<rapidjson::kParseValidateEncodingFlag>(out.c_str());
  CHECK_FALSE(doc.HasParseError());
}

TEST_CASE("valid UTF-8 and NUL bytes pass unchanged") {
  CHECK(json::valid_utf8("plain") == "plain");
  CHECK(json::valid_utf8("caf\xc3\xa9") == "caf\xc3\xa9");
  CHECK(json::valid_utf8(std::string("a\0b", 3)) == std::string("a\0b", 3));
  CHECK(json::valid_utf8("\xe2\x82") == "\xEF\xBF\xBD\xEF\xBF\xBD");  // truncated sequence
}

TEST_CASE("the error envelope escapes what it is given") {
  CHECK(error_envelope("say \"hi\"\n", "x") ==
        R"({"status":"error","message":"say \"hi\"\n","code":"x"})");
}

TEST_CASE("a member name given twice is found, in small and big objects, at any depth") {
  auto duplicate = [](std::string_view text) {
    auto doc = json::parse_untrusted(text);
    REQUIRE(doc);
    return json::first_duplicate_name(*doc);
  };
  CHECK_FALSE(duplicate(R"({"uuid":"a","color":"b"})"));
  CHECK(duplicate(R"({"uuid":"a","uuid":"b"})") == "uuid");
  // Two names given twice: the smaller one, whatever the object's size.
  CHECK(duplicate(R"({"z":1,"b":2,"z":3,"b":4})") == "b");
  std::string big = "{";
  for (int i = 0; i < 20; ++i) big += "\"m" + std::to_string(i) + "\":1,";
  CHECK_FALSE(duplicate(big + "\"last\":1}"));
  CHECK(duplicate(big + "\"z\":1,\"b\":2,\"z\":3,\"b\":4}") == "b");
  CHECK(duplicate(R"({"a":[{"x":1},{"y":2,"y":3}]})") == "y");
  // Names differing in a byte after a NUL are different names.
  CHECK_FALSE(duplicate("{\"a\\u0000b\":1,\"a\\u0000c\":2}"));
}
