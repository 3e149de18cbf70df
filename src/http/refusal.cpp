#include "http/refusal.h"

#include <array>

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

std::string closing_answer(const Reply& reply) {
  std::string_view body = reply.body_text();
  return "HTTP/1.1 " + std::to_string(reply.status) + " " + reason_phrase(reply.status) +
         "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\nConnection: close\r\n\r\n" + std::string(body);
}

const char* reason_phrase(int status) {
  switch (status) {
    case 200: return "OK";
    case 201: return "Created";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 409: return "Conflict";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 504: return "Gateway Timeout";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 413: return "Payload Too Large";
    case 414: return "URI Too Long";
    case 415: return "Unsupported Media Type";
    case 431: return "Request Header Fields Too Large";
    default: return status < 400 ? "OK" : "Error";
  }
}

Refusal make_refusal(const Envelope& envelope, RefusalKind kind, std::string message) {
  Reply reply = error_reply(envelope, kind.status, message, kind.code);
  reply.add_header("Connection", "close");
  return {Violation{std::string(kind.rule), std::move(message)}, std::move(reply)};
}

Refusal library_refusal(int status, std::string_view method, ClientState client,
                        const Envelope& envelope) {
  if (client == ClientState::gone) {
    return make_refusal(envelope, {400, "bad_request", "incomplete_request"},
                        "The client closed the connection before the request was complete");
  }
  if (status == 414) {
    return make_refusal(envelope, {414, "uri_too_long", "request_line_too_long"},
                        "The request line is longer than 8192 bytes, its line end included");
  }
  if (!method.empty() && !is_routed(method)) {
    return make_refusal(envelope, {405, "method_not_allowed", "method_not_allowed"},
                        "Method " + std::string(method) + " is not served");
  }
  return make_refusal(envelope, {400, "bad_request", "malformed_request"},
                      "The request is not valid HTTP/1.1: its request line, a header or the "
                      "framing of its body could not be read");
}

void parse_request_line(std::string_view line, LineState state, RequestView& into) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  size_t method_end = line.find(' ');
  if (method_end == std::string_view::npos) return;
  into.method = line.substr(0, method_end);
  if (state == LineState::partial) return;
  std::string_view rest = line.substr(method_end + 1);
  into.url = rest.substr(0, rest.find(' '));
  into.path = into.url.substr(0, into.url.find('?'));
}

}  // namespace drivemock
