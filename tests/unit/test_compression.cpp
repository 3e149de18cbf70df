// Which answers go compressed (http/compression.h): what a client's
// Accept-Encoding asks for, and which answers are worth it.
#include <catch2/catch.hpp>

#include "decoded_body.h"
#include "http/compression.h"

using drivemock::accepted_encoding;
using drivemock::AnswerShape;
using drivemock::CompressionPolicy;
using drivemock::Encoding;

namespace {

AnswerShape json_answer(size_t size) {
  AnswerShape answer;
  answer.content_type = "application/json";
  answer.body_size = size;
  return answer;
}

}  // namespace

TEST_CASE("Accept-Encoding: what the official SDK, browsers and curl offer") {
  CHECK(accepted_encoding("gzip, deflate, br") == Encoding::br);        // the SDK (axios on Node)
  CHECK(accepted_encoding("gzip, deflate, br, zstd") == Encoding::br);  // Chromium
  CHECK(accepted_encoding("deflate, gzip") == Encoding::gzip);          // curl --compressed
  CHECK(accepted_encoding("GZIP") == Encoding::gzip);
  CHECK(accepted_encoding("x-gzip") == Encoding::gzip);
  CHECK(accepted_encoding("deflate") == Encoding::identity);
  CHECK(accepted_encoding("identity") == Encoding::identity);
  CHECK(accepted_encoding("") == Encoding::identity);
}

TEST_CASE("Accept-Encoding: q-values choose, and q=0 refuses a coding") {
  CHECK(accepted_encoding("br;q=0, gzip") == Encoding::gzip);
  CHECK(accepted_encoding("br;q=0.8, gzip;q=0.9") == Encoding::gzip);
  CHECK(accepted_encoding("br ; q=0.9 , gzip;q=0.9") == Encoding::br);  // a tie: br
  CHECK(accepted_encoding("gzip;q=0.000") == Encoding::identity);
  CHECK(accepted_encoding("*") == Encoding::br);
  CHECK(accepted_encoding("*;q=0.5, br;q=0") == Encoding::gzip);
  CHECK(accepted_encoding("*;q=0") == Encoding::identity);
  CHECK(accepted_encoding("gzip;Q=1.000") == Encoding::gzip);
}

TEST_CASE("Accept-Encoding: what a hostile client sends offers nothing") {
  CHECK(accepted_encoding("br;q=2") == Encoding::identity);
  CHECK(accepted_encoding("br;q=1.5") == Encoding::identity);
  CHECK(accepted_encoding("br;q=0.12345") == Encoding::identity);
  CHECK(accepted_encoding("br;q=") == Encoding::identity);
  CHECK(accepted_encoding("br;q=-1, gzip") == Encoding::gzip);
  CHECK(accepted_encoding(";;;,,,;q=1") == Encoding::identity);
  // A header line as long as the library reads, in one pass.
  CHECK(accepted_encoding(std::string(8000, ',') + "gzip") == Encoding::gzip);
  CHECK(accepted_encoding(std::string(8000, ';')) == Encoding::identity);
}

TEST_CASE("compression: text types are compressed, event streams and binaries not") {
  CHECK(drivemock::compressible_type("application/json"));
  CHECK(drivemock::compressible_type("application/json; charset=utf-8"));
  CHECK(drivemock::compressible_type("Application/JSON"));
  CHECK(drivemock::compressible_type("application/problem+json"));
  CHECK(drivemock::compressible_type("text/html; charset=utf-8"));
  CHECK(drivemock::compressible_type("application/javascript"));
  CHECK_FALSE(drivemock::compressible_type("text/event-stream"));
  CHECK_FALSE(drivemock::compressible_type("application/octet-stream"));
  CHECK_FALSE(drivemock::compressible_type("image/png"));
  CHECK_FALSE(drivemock::compressible_type(""));
}

TEST_CASE("compression: only answers at the threshold or above, without their own encoding") {
  CompressionPolicy policy;  // 1 KiB
  const std::string sdk = "gzip, deflate, br";
  CHECK(answer_encoding(policy, json_answer(60), &sdk) == Encoding::identity);
  CHECK(answer_encoding(policy, json_answer(1023), &sdk) == Encoding::identity);
  CHECK(answer_encoding(policy, json_answer(1024), &sdk) == Encoding::br);
  CHECK(answer_encoding(policy, json_answer(16384), nullptr) == Encoding::identity);
  AnswerShape own = json_answer(16384);
  own.has_own_encoding = true;
  CHECK(answer_encoding(policy, own, &sdk) == Encoding::identity);
  AnswerShape streamed = json_answer(16384);
  streamed.streamed = true;
  CHECK(answer_encoding(policy, streamed, &sdk) == Encoding::identity);
  AnswerShape binary = json_answer(16384);
  binary.content_type = "application/octet-stream";
  CHECK(answer_encoding(policy, binary, &sdk) == Encoding::identity);
  policy.min_bytes = 0;  // every compressible answer but an empty one
  CHECK(answer_encoding(policy, json_answer(60), &sdk) == Encoding::br);
  CHECK(answer_encoding(policy, json_answer(0), &sdk) == Encoding::identity);
}

TEST_CASE("compression: a body encoded decodes to itself, smaller") {
  std::string body = R"({"status":true,"message":")" + std::string(16000, 'x') + R"(","code":"c"})";
  for (Encoding encoding : {Encoding::br, Encoding::gzip}) {
    auto encoded = drivemock::encode_body(body, encoding);
    REQUIRE(encoded);
    CHECK(encoded->size() < body.size() / 10);
    CHECK(drivemock::testing::decoded_body(*encoded, encoding == Encoding::br ? "br" : "gzip") ==
          body);
  }
  CHECK(drivemock::encode_body(body, Encoding::identity) == body);
}
