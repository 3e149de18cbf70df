#pragma once
// An answer body decoded as a client decodes it (br or gzip), with the HTTP
// library's own decoders: for the tests of compressed answers.
#include <httplib.h>

#include <catch2/catch.hpp>
#include <memory>
#include <string>

namespace drivemock::testing {

/// `body` decoded from `encoding` ("br" or "gzip"); fails the test when it
/// does not decode.
inline std::string decoded_body(const std::string& body, const std::string& encoding) {
  std::unique_ptr<httplib::detail::decompressor> decoder;
  if (encoding == "br") {
    decoder = std::make_unique<httplib::detail::brotli_decompressor>();
  } else {
    REQUIRE(encoding == "gzip");
    decoder = std::make_unique<httplib::detail::gzip_decompressor>();
  }
  std::string out;
  REQUIRE(decoder->decompress(body.data(), body.size(), [&](const char* data, size_t size) {
    out.append(data, size);
    return true;
  }));
  return out;
}

}  // namespace drivemock::testing
