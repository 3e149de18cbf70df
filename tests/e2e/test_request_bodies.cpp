// What a request body can make drivemock hold: no more than a small
// multiple of --max-body, whatever its framing or encoding says (issue 72).
// A compressed body is refused before a byte of it is read or inflated; a
// chunked body, or one read until the client closes, is cut off as it is
// read. Each case failed before its guard: the library inflated a body
// whole, and read a chunked one (and its chunk lines) without a bound.
#include <sys/socket.h>

#include <memory>
#include <thread>

#include "e2e/server_fixture.h"
#include "temp_dir.h"

using namespace drivemock::testing;

namespace {

/// `plain` compressed as a client would send it (`gzip` also for a
/// `deflate` label, which the library inflated alike; else brotli).
std::string compressed(const std::string& plain, const std::string& encoding) {
  std::unique_ptr<httplib::detail::compressor> encoder;
  if (encoding == "gzip" || encoding == "deflate") {
    encoder = std::make_unique<httplib::detail::gzip_compressor>();
  } else {
    encoder = std::make_unique<httplib::detail::brotli_compressor>();
  }
  std::string out;
  REQUIRE(encoder->compress(plain.data(), plain.size(), true, [&](const char* data, size_t size) {
    out.append(data, size);
    return true;
  }));
  return out;
}

/// 16 MiB of zeros as a JSON-looking body, 16 times --max-body: a few KiB
/// compressed, made once a codec (sanitized builds compress slowly).
const std::string& bomb(const std::string& encoding) {
  static const std::string text = R"({"uuid":")" + std::string(16 << 20, '0') + R"("})";
  static const std::string gzip = compressed(text, "gzip");
  static const std::string br = compressed(text, "br");
  return encoding == "gzip" || encoding == "deflate" ? gzip : br;
}

std::string encoded_post(const std::string& path, const std::string& encoding,
                         const std::string& body) {
  return "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
         "Content-Encoding: " + encoding +
         "\r\nConnection: close\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" +
         body;
}

std::string body_of(const std::string& answer) {
  return answer.substr(answer.find("\r\n\r\n") + 4);
}

std::string newest_violation(const RunningServer& mock) {
  auto journal = mock.requests("?limit=1");
  REQUIRE(journal["requests"].Size() == 1);
  const auto& v = journal["requests"][0]["violations"][0];
  return std::string(v["rule"].GetString()) + ": " + v["message"].GetString();
}

/// A chunked POST's head, then `chunks` chunks of `size` bytes of 'y'.
std::string chunked_post(size_t chunks, size_t size) {
  char line[32];
  std::snprintf(line, sizeof line, "%zx\r\n", size);
  std::string request =
      "POST /v3/dir/trash HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
      "Transfer-Encoding: chunked\r\n\r\n";
  for (size_t i = 0; i < chunks; ++i) request += line + std::string(size, 'y') + "\r\n";
  return request + "0\r\n\r\n";
}

/// Sends `request` from a thread (the server may stop reading it half-way)
/// and returns the answer.
std::string answer_while_sending(int port, const std::string& request) {
  RawConnection connection(port);
  std::thread sender([&] { connection.send(request); });
  std::string answer = connection.read_to_end();
  ::shutdown(connection.fd(), SHUT_RDWR);
  sender.join();
  return answer;
}

}  // namespace

TEST_CASE("a compressed request body is refused with 415 before it is read or inflated") {
  RunningServer mock;
  const int port = mock.server().port();
  // `x-abrupt` the library read as brotli (it looked for "br" anywhere).
  for (const std::string encoding : {"gzip", "deflate", "br", "x-abrupt", "GZIP , identity"}) {
    INFO(encoding);
    const std::string& body = bomb(encoding);
    REQUIRE(body.size() < (1u << 20));  // under --max-body on the wire
    std::string answer = send_raw(port, encoded_post("/v3/dir/color", encoding, body));
    INFO(answer.substr(0, 400));
    CHECK(is_status(answer, 415));
    CHECK(answer.find("Connection: close") != std::string::npos);
    auto doc = parse_json(body_of(answer));
    CHECK(std::string(doc["code"].GetString()) == "unsupported_encoding");
    CHECK(std::string(doc["message"].GetString()).find("Content-Encoding: " + encoding) !=
          std::string::npos);
    auto journal = mock.requests("?limit=1");
    const auto& entry = journal["requests"][0];
    CHECK(std::string(entry["violations"][0]["rule"].GetString()) == "unsupported_encoding");
    CHECK(std::string(entry["request"]["body"].GetString()).empty());  // never read
  }
  // The admin API's bodies go through the same listener and the same rule.
  CHECK(is_status(send_raw(port, encoded_post("/__admin/scenarios", "gzip", bomb("gzip"))), 415));
  // A refused value is quoted up to a bound, not echoed whole.
  std::string long_label(5000, 'z');
  std::string answer = send_raw(port, encoded_post("/v3/dir/color", long_label, "{}"));
  CHECK(is_status(answer, 415));
  CHECK(body_of(answer).size() < 1000);
  // Served as ever: identity (or nothing) to decode, or a body of none.
  std::string plain = R"({"uuid":"plain","color":"blue"})";
  CHECK(is_status(send_raw(port, encoded_post("/v3/dir/color", "identity", plain)), 200));
  CHECK(!is_status(send_raw(port, encoded_post("/v3/dir/color", "gzip", "")), 415));
}

TEST_CASE("a compressed request body is refused over HTTPS and through the proxy listener too") {
  TempDir dir;
  drivemock::ServerOptions options;
  options.tls.port = 0;
  options.tls.proxy_port = 0;
  options.tls.dir = dir.file("tls");
  RunningServer mock(options);
  httplib::Client direct("https://localhost:" + std::to_string(*mock.server().tls_port()));
  direct.set_hostname_addr_map({{"localhost", "127.0.0.1"}});
  httplib::Client proxied("https://gateway.filen.io");
  proxied.set_proxy("127.0.0.1", *mock.server().proxy_port());
  for (httplib::Client* client : {&direct, &proxied}) {
    client->set_ca_cert_path(dir.file("tls/ca.pem").c_str());
    client->enable_server_certificate_verification(true);
    auto res = client->Post("/v3/dir/color", {{"Content-Encoding", "gzip"}}, bomb("gzip"),
                            "application/json");
    REQUIRE(res);
    CHECK(res->status == 415);
    CHECK(newest_violation(mock).rfind("unsupported_encoding: ", 0) == 0);
  }
}

TEST_CASE("a chunked body is cut off as it is read, at --max-body and its framing's allowance") {
  drivemock::ServerOptions options;
  options.max_body = 1000;  // read no further than 1000 + 125 + 4096 bytes as sent
  RunningServer mock(options);
  const int port = mock.server().port();
  SECTION("chunks that go on past the limit") {
    std::string answer = answer_while_sending(port, chunked_post(1000, 1000));  // 1 MB
    INFO(answer.substr(0, 400));
    CHECK(is_status(answer, 413));
    CHECK(newest_violation(mock).find("not read past 5221 bytes as sent") != std::string::npos);
    auto journal = mock.requests("?limit=1");
    CHECK(std::string(journal["requests"][0]["request"]["body"].GetString()) ==
          std::string(1000, 'y'));
  }
  SECTION("a chunk line that never ends") {
    std::string request =
        "POST /v3/dir/trash HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1;" +
        std::string(1 << 20, 'a');
    std::string answer = answer_while_sending(port, request);
    CHECK(is_status(answer, 413));
    CHECK(newest_violation(mock).find("not read past") != std::string::npos);
  }
  SECTION("a body read until the client closes (a transfer coding not chunked)") {
    std::string request =
        "POST /v3/dir/trash HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n" +
        std::string(1 << 20, 'b');
    CHECK(is_status(answer_while_sending(port, request), 413));
    CHECK(newest_violation(mock).find("not read past") != std::string::npos);
  }
  SECTION("a body under the limit in small chunks is read whole and served") {
    // 988 bytes in chunks of 90: the framing is not counted against the body.
    std::string request =
        "POST /v3/dir/trash HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
    std::string body = R"({"uuid":")" + std::string(978, 'c') + R"("})";
    for (size_t at = 0; at < body.size(); at += 90) {
      std::string part = body.substr(at, 90);
      char line[16];
      std::snprintf(line, sizeof line, "%zx\r\n", part.size());
      request += line + part + "\r\n";
    }
    REQUIRE(body.size() <= 1000);
    CHECK(is_status(send_raw(port, request + "0\r\n\r\n"), 200));
  }
}
