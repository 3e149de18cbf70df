#pragma once
// Which answers go compressed, and how. The official SDK offers
// `Accept-Encoding: gzip, deflate, br` on every call; the library would then
// compress every answer of a compressible type with brotli at its slowest
// quality (11), a 60-byte envelope included: that took 300 µs a call and
// made the SDK's traffic a ninth as fast as a client's that offers nothing
// (issue 58). drivemock decides instead, as nginx and Express do: bodies
// below a threshold (1 KiB) go as they are, larger ones are compressed at a
// level chosen for speed, and an answer that names its own Content-Encoding
// (scripted or recorded) goes as it was given. The library compresses
// nothing itself (settle_encoding).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace httplib {
struct Request;
struct Response;
}  // namespace httplib

namespace drivemock {

/// The default of --compress-min-bytes: nginx's gzip_min_length and
/// Express's compression threshold are 1 KiB too.
inline constexpr size_t kDefaultCompressMinBytes = 1024;

/// Which answers are compressed for clients that accept it.
struct CompressionPolicy {
  /// Bodies smaller than this go uncompressed, whatever the client accepts.
  size_t min_bytes = kDefaultCompressMinBytes;
};

/// What an answer body is sent as.
enum class Encoding { identity, gzip, br };

/// The encoding a client prefers among those drivemock sends (br, gzip),
/// read from its Accept-Encoding value as RFC 9110 12.5.3 says: each coding
/// with its q-value, `*` for any not named, q=0 for "not this one"; br
/// before gzip at the same q. identity when neither is acceptable.
Encoding accepted_encoding(std::string_view accept_encoding);

/// True for the types worth compressing: text/* (but event streams), JSON,
/// JavaScript, XML, SVG (the library's list).
bool compressible_type(std::string_view content_type);

/// What is known of an answer when its encoding is chosen.
struct AnswerShape {
  std::string_view content_type;
  size_t body_size = 0;
  bool has_own_encoding = false;  ///< it carries a Content-Encoding already
  bool streamed = false;          ///< written as it is made (events, dribbles)
};

/// The encoding an answer is sent in, for a client whose Accept-Encoding
/// (nullptr: none sent) is `accept`.
Encoding answer_encoding(const CompressionPolicy& policy, const AnswerShape& answer,
                         const std::string* accept);

/// `body` in `encoding` (brotli at quality 2, gzip at level 1: a 16 KiB JSON
/// answer in 35 µs and 110 µs, against 53 ms at brotli's default quality);
/// nullopt when the encoder fails.
std::optional<std::string> encode_body(std::string_view body, Encoding encoding);

/// Applies the policy to the answer the library is about to write for
/// `request`, and takes Accept-Encoding off the request so that the library
/// does not compress it again (it reads the request after the handler).
/// Called once per request, after its answer is filled and journaled.
void settle_encoding(const CompressionPolicy& policy, const httplib::Request& request,
                     httplib::Response& response);

}  // namespace drivemock
