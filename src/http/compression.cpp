#include "http/compression.h"

#include <brotli/encode.h>
#include <httplib.h>
#include <zlib.h>

#include <climits>

#include "util/text.h"

namespace drivemock {
namespace {

constexpr int kBrotliQuality = 2;
constexpr int kGzipLevel = 1;
/// zlib's window bits for a gzip (not zlib) wrapper, and its default memory level.
constexpr int kGzipWindowBits = 15 + 16;
constexpr int kGzipMemLevel = 8;

/// A q-value in thousandths (RFC 9110 12.4.2: "0" to "1", at most three
/// decimals); nullopt when it is none.
std::optional<int> qvalue(std::string_view text) {
  if (text.empty() || (text[0] != '0' && text[0] != '1')) return std::nullopt;
  int value = (text[0] - '0') * 1000;
  if (text.size() == 1) return value;
  if (text[1] != '.' || text.size() > 5) return std::nullopt;
  int scale = 100;
  for (char c : text.substr(2)) {
    if (c < '0' || c > '9') return std::nullopt;
    value += (c - '0') * scale;
    scale /= 10;
  }
  return value <= 1000 ? std::optional<int>(value) : std::nullopt;
}

/// One coding of an Accept-Encoding list, "br;q=0.5", as its name and
/// q-value (1 when not given; nullopt when its q is not a q-value).
std::optional<int> coding_q(std::string_view coding, std::string_view& name) {
  size_t semicolon = coding.find(';');
  name = trimmed(coding.substr(0, semicolon), " \t");
  int q = 1000;
  while (semicolon != std::string_view::npos) {
    coding.remove_prefix(semicolon + 1);
    semicolon = coding.find(';');
    std::string_view parameter = trimmed(coding.substr(0, semicolon), " \t");
    if (parameter.size() >= 2 && ascii_lower(parameter[0]) == 'q' && parameter[1] == '=') {
      auto given = qvalue(parameter.substr(2));
      if (!given) return std::nullopt;
      q = *given;
    }
  }
  return q;
}

std::string_view media_type(std::string_view content_type) {
  return trimmed(content_type.substr(0, content_type.find(';')), " \t");
}

bool ends_with_ci(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && iequals(s.substr(s.size() - suffix.size()), suffix);
}

std::optional<std::string> brotli(std::string_view body) {
  size_t size = BrotliEncoderMaxCompressedSize(body.size());
  if (size == 0) return std::nullopt;
  std::string out(size, '\0');
  if (!BrotliEncoderCompress(kBrotliQuality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, body.size(),
                             reinterpret_cast<const uint8_t*>(body.data()), &size,
                             reinterpret_cast<uint8_t*>(out.data()))) {
    return std::nullopt;
  }
  out.resize(size);
  return out;
}

std::optional<std::string> gzip(std::string_view body) {
  if (body.size() > UINT_MAX / 2) return std::nullopt;  // zlib counts in unsigned int
  z_stream stream{};
  if (deflateInit2(&stream, kGzipLevel, Z_DEFLATED, kGzipWindowBits, kGzipMemLevel,
                   Z_DEFAULT_STRATEGY) != Z_OK) {
    return std::nullopt;
  }
  std::string out(deflateBound(&stream, static_cast<uLong>(body.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
  stream.avail_in = static_cast<uInt>(body.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  int status = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (status != Z_STREAM_END) return std::nullopt;
  return out;
}

}  // namespace

Encoding accepted_encoding(std::string_view accept_encoding) {
  // -1: not named. A coding named twice counts at its highest q.
  int br = -1, gzip_q = -1, any = -1;
  while (!accept_encoding.empty()) {
    size_t comma = accept_encoding.find(',');
    std::string_view name;
    auto q = coding_q(accept_encoding.substr(0, comma), name);
    accept_encoding.remove_prefix(comma == std::string_view::npos ? accept_encoding.size()
                                                                  : comma + 1);
    if (!q) continue;  // a malformed q offers nothing
    if (iequals(name, "br")) {
      br = std::max(br, *q);
    } else if (iequals(name, "gzip") || iequals(name, "x-gzip")) {
      gzip_q = std::max(gzip_q, *q);
    } else if (name == "*") {
      any = std::max(any, *q);
    }
  }
  if (br < 0) br = any;
  if (gzip_q < 0) gzip_q = any;
  if (br <= 0 && gzip_q <= 0) return Encoding::identity;
  return br >= gzip_q ? Encoding::br : Encoding::gzip;
}

bool compressible_type(std::string_view content_type) {
  std::string_view type = media_type(content_type);
  if (type.size() >= 5 && iequals(type.substr(0, 5), "text/")) {
    return !iequals(type, "text/event-stream");  // written as it is made
  }
  return iequals(type, "application/json") || iequals(type, "application/javascript") ||
         iequals(type, "application/xml") || iequals(type, "image/svg+xml") ||
         ends_with_ci(type, "+json") || ends_with_ci(type, "+xml");
}

Encoding answer_encoding(const CompressionPolicy& policy, const AnswerShape& answer,
                         const std::string* accept) {
  if (!accept || answer.has_own_encoding || answer.streamed || answer.body_size == 0 ||
      answer.body_size < policy.min_bytes || !compressible_type(answer.content_type)) {
    return Encoding::identity;
  }
  return accepted_encoding(*accept);
}

std::optional<std::string> encode_body(std::string_view body, Encoding encoding) {
  switch (encoding) {
    case Encoding::br: return brotli(body);
    case Encoding::gzip: return gzip(body);
    case Encoding::identity: break;
  }
  return std::string(body);
}

void settle_encoding(const CompressionPolicy& policy, const httplib::Request& request,
                     httplib::Response& response) {
  // The library chooses an encoding from the request's Accept-Encoding
  // after the handler (Server::apply_ranges), for any body, at brotli's
  // slowest quality. Taking the header off leaves the choice to drivemock.
  // The request is the library's own, not const (a local of
  // process_request), so the cast is defined; the journal holds its copy.
  auto& headers = const_cast<httplib::Headers&>(request.headers);
  auto offered = headers.end();
  for (auto it = headers.begin(); it != headers.end(); ++it) {
    if (iequals(it->first, "Accept-Encoding")) {
      offered = it;
      break;
    }
  }
  if (offered == headers.end()) return;
  AnswerShape answer;
  answer.body_size = response.body.size();
  answer.streamed = static_cast<bool>(response.content_provider_);
  for (const auto& [name, value] : response.headers) {
    if (iequals(name, "Content-Type")) answer.content_type = value;
    answer.has_own_encoding |= iequals(name, "Content-Encoding");
  }
  // Several Accept-Encoding fields make one list (RFC 9110 5.3); the
  // library's map keeps them side by side. Each is taken off.
  std::string offers = std::move(offered->second);
  offered = headers.erase(offered);
  while (offered != headers.end() && iequals(offered->first, "Accept-Encoding")) {
    offers += ',';
    offers += offered->second;
    offered = headers.erase(offered);
  }
  Encoding encoding = answer_encoding(policy, answer, &offers);
  if (encoding == Encoding::identity) return;
  auto encoded = encode_body(response.body, encoding);
  if (!encoded || encoded->size() >= response.body.size()) return;
  response.body = std::move(*encoded);
  response.set_header("Content-Encoding", encoding == Encoding::br ? "br" : "gzip");
  // Caches must not give this body to a client that offers no encoding.
  auto vary = response.headers.find("Vary");
  if (vary == response.headers.end()) {
    response.set_header("Vary", "Accept-Encoding");
  } else {
    vary->second += ", Accept-Encoding";
  }
}

}  // namespace drivemock
