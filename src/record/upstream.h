#pragma once
// Where proxied requests go while recording. An interface, so that the
// recorder and the proxy path are testable with an in-memory fake; the real
// one is cpp-httplib's client over http or https.

#include <chrono>
#include <string>
#include <vector>

#include "model/reply.h"
#include "model/request.h"
#include "record/client_pool.h"
#include "record/target_guard.h"
#include "util/result.h"

namespace drivemock::record {

/// Why the upstream gave no answer to pass on, and the code the client's 502
/// carries.
struct UpstreamFailure {
  std::string message;  ///< "connection refused", or a whole sentence for other codes
  std::string code = "upstream_unreachable";
};

/// What the upstream answered (end-to-end headers only), or why there is no answer.
using UpstreamAnswer = Result<Reply, UpstreamFailure>;

class Upstream {
 public:
  virtual ~Upstream() = default;
  /// Sends `request` to `base_url` + its path and query.
  virtual UpstreamAnswer forward(const std::string& base_url, const RequestView& request) = 0;
};

/// Whether https upstreams must present a certificate the system trusts.
enum class TlsVerify { on, off };

struct HttpUpstreamOptions {
  std::chrono::milliseconds timeout{10000};  ///< connect, and each read
  TlsVerify verify = TlsVerify::on;
  /// Larger answers are not read on (502 upstream_too_large); 0: the
  /// server's --max-body.
  size_t max_body = 0;
  /// Where calls may go (record/target_guard.h); null: anywhere (tests).
  const TargetGuard* guard = nullptr;
};

/// The real upstream: cpp-httplib clients kept alive in a pool, one per
/// call in flight (a client serialises its requests, and requests here run
/// on many workers).
class HttpUpstream : public Upstream {
 public:
  explicit HttpUpstream(HttpUpstreamOptions options) : options_(options) {}
  UpstreamAnswer forward(const std::string& base_url, const RequestView& request) override;

 private:
  std::unique_ptr<httplib::Client> connect(const std::string& base_url,
                                           const std::string& address) const;
  HttpUpstreamOptions options_;
  ClientPool pool_;
};

/// True for headers that belong to one connection, not to the message
/// (RFC 9110 §7.6.1), plus those the HTTP layer sets itself.
bool is_hop_by_hop(std::string_view name);

/// True when `url` starts with http:// or https:// and names a host.
bool is_http_url(std::string_view url);

}  // namespace drivemock::record
