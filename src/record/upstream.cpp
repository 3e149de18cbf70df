#include "record/upstream.h"

#include <httplib.h>

#include <array>

#include "util/text.h"

namespace drivemock::record {
namespace {

constexpr std::array<std::string_view, 10> kHopByHop = {
    "Connection", "Keep-Alive", "Proxy-Connection", "Transfer-Encoding", "TE", "Trailer",
    "Upgrade",    "Host",       "Content-Length",   "Content-Encoding"};

httplib::Request to_upstream_request(const RequestView& request) {
  httplib::Request out;
  out.method = request.method;
  out.path = request.url;
  for (const auto& h : request.headers) {
    if (!is_hop_by_hop(h.name)) out.headers.emplace(h.name, h.value);
  }
  out.body = request.body;
  return out;
}

}  // namespace

bool is_hop_by_hop(std::string_view name) {
  for (auto h : kHopByHop) {
    if (iequals(h, name)) return true;
  }
  return false;
}

bool is_http_url(std::string_view url) {
  for (std::string_view scheme : {"http://", "https://"}) {
    if (url.starts_with(scheme) && url.size() > scheme.size()) return true;
  }
  return false;
}

UpstreamAnswer HttpUpstream::forward(const std::string& base_url, const RequestView& request) {
  httplib::Client client(base_url);
  client.set_connection_timeout(options_.timeout);
  client.set_read_timeout(options_.timeout);
  client.set_write_timeout(options_.timeout);
  client.enable_server_certificate_verification(options_.verify == TlsVerify::on);
  client.set_tcp_nodelay(true);
  auto result = client.send(to_upstream_request(request));
  if (!result) {
    std::string why = httplib::to_string(result.error());
    if (result.error() == httplib::Error::SSLServerVerification) {
      why += " (the certificate is not trusted; --insecure-upstream skips the check)";
    }
    return Error{why};
  }
  Reply answer = json_reply(result->status, std::move(result->body));
  auto headers = std::make_shared<std::vector<Header>>();
  for (const auto& [name, value] : result->headers) {
    if (!is_hop_by_hop(name)) headers->push_back({name, value});
  }
  answer.headers = std::move(headers);
  return answer;
}

}  // namespace drivemock::record
