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
