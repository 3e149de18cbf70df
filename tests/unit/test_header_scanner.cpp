#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "http/header_scanner.h"

using drivemock::HeaderScanner;
using drivemock::HeadStatus;

namespace {

HeadStatus scan(const std::string& head, drivemock::HeadLimits limits = {}) {
  HeaderScanner scanner(limits);
  for (char c : head) scanner.feed(c);
  return scanner.status();
}

}  // namespace

TEST_CASE("a head ends at its empty line, CRLF or bare LF") {
  CHECK(scan("POST /v3/dir/color HTTP/1.1\r\nHost: x\r\n\r\n") == HeadStatus::complete);
  CHECK(scan("GET / HTTP/1.1\nHost: x\n\n") == HeadStatus::complete);
  CHECK(scan("POST /v3/dir/color HTTP/1.1\r\nHost: x\r\n") == HeadStatus::reading);
}

TEST_CASE("the request line and header lines are limited apart, at the limit still fine") {
  drivemock::HeadLimits limits{10, 100};
  CHECK(scan("GET /12345\r\n\r\n", limits) == HeadStatus::complete);
  CHECK(scan("GET /123456\r\n\r\n", limits) == HeadStatus::uri_too_long);
  CHECK(scan("GET / H\r\nA: 1234567\r\n\r\n", limits) == HeadStatus::complete);
  CHECK(scan("GET / H\r\nA: 12345678\r\n\r\n", limits) == HeadStatus::header_too_large);
}

TEST_CASE("more header lines than the limit are too many") {
  drivemock::HeadLimits limits{8192, 3};
  CHECK(scan("GET / H\r\na: 1\r\nb: 2\r\nc: 3\r\n\r\n", limits) == HeadStatus::complete);
  CHECK(scan("GET / H\r\na: 1\r\nb: 2\r\nc: 3\r\nd: 4\r\n\r\n", limits) ==
        HeadStatus::too_many_headers);
}

TEST_CASE("after reset the scanner reads the next request's head") {
  HeaderScanner scanner;
  for (char c : std::string("GET / H\r\n\r\n")) scanner.feed(c);
  CHECK(scanner.status() == HeadStatus::complete);
  scanner.reset();
  CHECK(scanner.status() == HeadStatus::reading);
  for (char c : std::string("GET / H\r\n\r\n")) scanner.feed(c);
  CHECK(scanner.status() == HeadStatus::complete);
}

TEST_CASE("a NUL byte anywhere in the head is refused") {
  CHECK(scan(std::string("GET / H\r\nX-A: a\0b\r\n\r\n", 20)) == HeadStatus::nul_byte);
  CHECK(scan(std::string("GET /\0 H\r\n\r\n", 13)) == HeadStatus::nul_byte);
}

TEST_CASE("a head fed in pieces ends as fed a byte at a time, at the same byte") {
  // Connection feeds a buffer's worth at once: every status, and the byte
  // that set it, must be what a byte at a time gives, wherever the pieces
  // are cut (a line's fast path must not skip a NUL or a line over the limit).
  std::mt19937 rng(7);
  const std::string alphabet = "ab: \r\n\r\n";
  drivemock::HeadLimits limits{6, 4};
  for (int round = 0; round < 20000; ++round) {
    std::string head;
    size_t length = rng() % 40;
    for (size_t i = 0; i < length; ++i) {
      head += rng() % 50 == 0 ? '\0' : alphabet[rng() % alphabet.size()];
    }
    HeaderScanner bytewise(limits);
    size_t changed_at = head.size();
    for (size_t i = 0; i < head.size(); ++i) {
      if (bytewise.feed(head[i]) != HeadStatus::reading) {
        changed_at = i + 1;
        break;
      }
    }
    HeaderScanner piecewise(limits);
    size_t taken = 0;
    while (taken < head.size() && piecewise.status() == HeadStatus::reading) {
      size_t piece = 1 + rng() % 12;
      taken += piecewise.feed(std::string_view(head).substr(taken, piece));
    }
    INFO(round);
    REQUIRE(piecewise.status() == bytewise.status());
    REQUIRE(taken == changed_at);
  }
}
