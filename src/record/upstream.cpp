#include "record/upstream.h"

#include <httplib.h>

#include <array>
#include <memory>

#include "tls/system_trust.h"
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

std::unique_ptr<httplib::Client> HttpUpstream::connect(const std::string& base_url,
                                                       const std::string& address) const {
  auto client = std::make_unique<httplib::Client>(base_url);
  if (!address.empty())
    client->set_hostname_addr_map({{parse_target_url(base_url)->host, address}});
  client->set_connection_timeout(options_.timeout);
  client->set_read_timeout(options_.timeout);
  client->set_write_timeout(options_.timeout);
  client->enable_server_certificate_verification(options_.verify == TlsVerify::on);
  if (const auto& bundle = tls::system_ca_bundle()) client->set_ca_cert_path(*bundle);
  client->set_tcp_nodelay(true);
  client->set_keep_alive(true);
  return client;
}

UpstreamAnswer HttpUpstream::forward(const std::string& base_url, const RequestView& request) {
  std::string address;
  if (options_.guard) {
    // Checked on every call, and the call goes to the address checked: the
    // name may resolve elsewhere now than when the recording started.
    auto checked = options_.guard->check(base_url);
    if (!checked) return UpstreamFailure{checked.error().message, "upstream_refused"};
    address = checked->text;
  }
  // A kept-alive client is connected to one address: the pool's key names it.
  const std::string target = base_url + '\n' + address;
  auto client = pool_.take(target, ClientPool::Clock::now());
  if (!client) client = connect(base_url, address);
  httplib::Request out = to_upstream_request(request);
  // Read up to the cap and no further: an upstream's answer is held whole.
  std::string body;
  bool too_large = false;
  out.response_handler = [&](const httplib::Response& head) {
    auto length = whole_number(head.get_header_value("Content-Length"));
    too_large = length && *length > options_.max_body;
    return !too_large;
  };
  out.content_receiver = [&](const char* data, size_t size, uint64_t, uint64_t) {
    too_large = body.size() + size > options_.max_body;
    if (!too_large) body.append(data, size);
    return !too_large;
  };
  auto result = client->send(out);
  if (too_large) {
    return UpstreamFailure{"The upstream " + base_url + "'s answer is larger than " +
                               std::to_string(options_.max_body) +
                               " bytes (--max-upstream-body); it was not read on",
                           "upstream_too_large"};
  }
  if (!result) {
    std::string why = httplib::to_string(result.error());
    if (result.error() == httplib::Error::SSLServerVerification) {
      why += " (the certificate is not trusted; --insecure-upstream skips the check)";
    }
    return UpstreamFailure{why};
  }
  // Read whole: the connection is at a message's end, ready for the next call.
  pool_.give_back(target, std::move(client), ClientPool::Clock::now());
  Reply answer = json_reply(result->status, std::move(body));
  auto headers = std::make_shared<std::vector<Header>>();
  for (const auto& [name, value] : result->headers) {
    // The upstream's own CORS answer (often "*") would let any page read
    // what it sent through drivemock: drivemock's CORS policy decides.
    if (!is_hop_by_hop(name) && !iequals(std::string_view(name).substr(0, 15), "Access-Control-")) {
      headers->push_back({name, value});
    }
  }
  answer.headers = std::move(headers);
  return answer;
}

}  // namespace drivemock::record
