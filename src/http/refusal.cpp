#include "http/refusal.h"

#include <array>

#include "util/json.h"

namespace drivemock {
namespace {

// The methods drivemock routes; the library refuses others by itself.
constexpr std::array<std::string_view, 7> kRouted = {"GET",    "HEAD",    "POST", "PUT",
                                                     "DELETE", "OPTIONS", "PATCH"};

bool is_routed(std::string_view method) {
  for (auto routed : kRouted) {
    if (method == routed) return true;
  }
  return false;
}

}  // namespace

std::string answer_body(const Refusal& refusal) {
  return json::error_envelope(refusal.message, refusal.code);
}

Refusal library_refusal(int status, std::string_view method, bool client_gone) {
  if (client_gone) {
    return {400, "Bad Request", "bad_request", "incomplete_request",
            "The client closed the connection before the request was complete"};
  }
  if (status == 414) {
    return {414, "URI Too Long", "uri_too_long", "request_line_too_long",
            "The request line is longer than 8192 bytes, its line end included"};
  }
  if (!method.empty() && !is_routed(method)) {
    return {405, "Method Not Allowed", "method_not_allowed", "method_not_allowed",
            "Method " + std::string(method) + " is not served"};
  }
  return {400, "Bad Request", "bad_request", "malformed_request",
          "The request is not valid HTTP/1.1: its request line, a header or the framing of "
          "its body could not be read"};
}

void parse_request_line(std::string_view line, bool complete, RequestView& into) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  size_t method_end = line.find(' ');
  if (method_end == std::string_view::npos) return;
  into.method = line.substr(0, method_end);
  if (!complete) return;
  std::string_view rest = line.substr(method_end + 1);
  into.url = rest.substr(0, rest.find(' '));
  into.path = into.url.substr(0, into.url.find('?'));
}

}  // namespace drivemock
