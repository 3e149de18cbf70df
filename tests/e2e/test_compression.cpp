// Compressed answers over the wire (issue 58): the official SDK offers
// `Accept-Encoding: gzip, deflate, br` on every call; its 60-byte answers go
// plain, big ones compressed, scripted encodings as scripted.
#include <httplib.h>

#include "decoded_body.h"
#include "e2e/server_fixture.h"

using namespace drivemock::testing;

namespace {

const httplib::Headers kSdkHeaders = {{"Accept", "application/json, text/plain, */*"},
                                      {"Accept-Encoding", "gzip, deflate, br"},
                                      {"Authorization", "Bearer test"}};

/// A scenario whose `big` directory answers color with a body over 16 KiB.
std::string big_answer_yaml() {
  return "directories:\n  big:\n    color:\n      body: {status: success, message: " +
         std::string(16384, 'm') + ", code: big_answer}\n";
}

/// A client that shows answers as sent: no decoding of Content-Encoding.
httplib::Client raw_client(const RunningServer& mock) {
  auto client = mock.client();
  client.set_decompress(false);
  return client;
}

httplib::Result post_color(httplib::Client& client, const std::string& uuid,
                           const httplib::Headers& headers) {
  return client.Post("/v3/dir/color", headers, R"({"uuid":")" + uuid + R"(","color":"red"})",
                     "application/json");
}

}  // namespace

TEST_CASE("compression: the SDK's small answers go uncompressed though it accepts br") {
  RunningServer mock;
  auto client = raw_client(mock);
  auto res = post_color(client, "small", kSdkHeaders);
  REQUIRE(res);
  CHECK(res->status == 200);
  CHECK_FALSE(res->has_header("Content-Encoding"));
  CHECK(parse_json(res->body)["code"].IsString());
}

TEST_CASE("compression: a 16 KiB answer goes compressed and decodes to the scripted body") {
  RunningServer mock(big_answer_yaml());
  auto client = raw_client(mock);
  for (const std::string offer : {"gzip, deflate, br", "gzip"}) {
    httplib::Headers headers = kSdkHeaders;
    headers.find("Accept-Encoding")->second = offer;
    auto res = post_color(client, "big", headers);
    REQUIRE(res);
    CHECK(res->status == 200);
    std::string encoding = offer == "gzip" ? "gzip" : "br";
    CHECK(res->get_header_value("Content-Encoding") == encoding);
    CHECK(res->get_header_value_count("Content-Encoding") == 1);
    CHECK(res->get_header_value("Vary") == "Accept-Encoding");
    CHECK(res->body.size() < 4096);
    std::string body = decoded_body(res->body, encoding);
    CHECK(parse_json(body)["code"].GetString() == std::string("big_answer"));
    // The journal keeps the answer as scripted, not as sent.
    auto entries = mock.server().journal().entries();
    CHECK(entries.back()->response.body_text() == body);
    // What the client offered is journaled as it sent it.
    std::string offered;
    entries.back()->request.for_each_header([&](std::string_view name, std::string_view value) {
      if (name == "Accept-Encoding") offered = value;
    });
    CHECK(offered == offer);
  }
  // httplib's client decodes it as any client would.
  auto decoding = mock.client();
  auto res = post_color(decoding, "big", kSdkHeaders);
  REQUIRE(res);
  CHECK(parse_json(res->body)["message"].GetStringLength() == 16384);
}

TEST_CASE("compression: a client that offers no encoding, or refuses them, gets it plain") {
  RunningServer mock(big_answer_yaml());
  auto client = raw_client(mock);
  for (const std::string offer : {"", "identity", "br;q=0, gzip;q=0", "deflate"}) {
    httplib::Headers headers = {{"Accept", "application/json"}};
    if (!offer.empty()) headers.emplace("Accept-Encoding", offer);
    auto res = post_color(client, "big", headers);
    REQUIRE(res);
    INFO(offer);
    CHECK_FALSE(res->has_header("Content-Encoding"));
    CHECK(res->body.size() > 16384);
    CHECK(parse_json(res->body)["code"].GetString() == std::string("big_answer"));
  }
}

TEST_CASE("compression: an answer scripted with its own Content-Encoding goes as scripted") {
  // A test of how a client meets a body that is not what its header says.
  RunningServer mock(
      "directories:\n  lying:\n    color:\n      headers: {Content-Encoding: gzip}\n"
      "      body: {status: success, message: " +
      std::string(4096, 'n') + ", code: not_gzip}\n");
  auto client = raw_client(mock);
  auto res = post_color(client, "lying", kSdkHeaders);
  REQUIRE(res);
  CHECK(res->get_header_value_count("Content-Encoding") == 1);
  CHECK(res->get_header_value("Content-Encoding") == "gzip");
  CHECK(parse_json(res->body)["code"].GetString() == std::string("not_gzip"));
}

TEST_CASE("compression: --compress-min-bytes moves the threshold either way") {
  drivemock::ServerOptions everything;
  everything.scenario_texts = {"directories: {small: {color: {body: {status: success, message: " +
                               std::string(200, 's') + ", code: small_answer}}}}"};
  everything.compress_min_bytes = 0;
  RunningServer all(std::move(everything));
  auto client = raw_client(all);
  auto res = post_color(client, "small", kSdkHeaders);
  REQUIRE(res);
  CHECK(res->get_header_value("Content-Encoding") == "br");
  CHECK(parse_json(decoded_body(res->body, "br"))["code"].IsString());

  drivemock::ServerOptions nothing;
  nothing.scenario_texts = {big_answer_yaml()};
  nothing.compress_min_bytes = size_t{1} << 30;
  RunningServer none(std::move(nothing));
  auto plain = raw_client(none);
  res = post_color(plain, "big", kSdkHeaders);
  REQUIRE(res);
  CHECK_FALSE(res->has_header("Content-Encoding"));
}

TEST_CASE("compression: admin answers and refusals follow the same rule") {
  RunningServer mock(big_answer_yaml());
  auto client = raw_client(mock);
  for (int i = 0; i < 20; ++i) REQUIRE(post_color(client, "big", {}));
  // The journal's listing is big: compressed. A refusal is small: plain.
  auto listing = client.Get("/__admin/requests", kSdkHeaders);
  REQUIRE(listing);
  CHECK(listing->get_header_value("Content-Encoding") == "br");
  CHECK(parse_json(decoded_body(listing->body, "br"))["requests"].Size() == 20);
  auto refused = client.Post("/v3/dir/color", kSdkHeaders, "{not json", "application/json");
  REQUIRE(refused);
  CHECK(refused->status == 400);
  CHECK_FALSE(refused->has_header("Content-Encoding"));
}
