// The listeners that speak TLS: HTTPS (--tls-port) and the HTTPS proxy
// (--proxy-port), sharing one TLS context: the user's certificate, or the
// local CA's leaves for the names allowed.
#include <mutex>
#include <set>

#include "contract/operations.h"
#include "drivemock/server_impl.h"
#include "tls/local_ca.h"
#include "util/log.h"

namespace drivemock {
namespace {

/// Logs each name a TLS client asked for that drivemock may not pose as,
/// once per name (a client retrying would flood the log), the first 100.
tls::RefusedName refused_name_logger() {
  auto seen = std::make_shared<std::pair<std::mutex, std::set<std::string>>>();
  return [seen](const std::string& name) {
    std::lock_guard lock(seen->first);
    if (seen->second.size() >= 100 || !seen->second.insert(name).second) return;
    log::warning("drivemock: TLS handshake refused for '" + name +
                 "': not a name drivemock's CA issues certificates for; allow it with --tls-name " +
                 name);
  };
}

/// The TLS context the listeners share, and the local CA's certificate file
/// when its leaves are served for `names` (not with --tls-cert).
struct TlsSetup {
  std::shared_ptr<const tls::TlsContext> context;
  std::optional<std::string> ca_file;
};

Result<TlsSetup> tls_setup(const TlsOptions& given, const tls::TlsNames& names) {
  if (!given.cert_file.empty() || !given.key_file.empty()) {
    if (given.cert_file.empty() || given.key_file.empty()) {
      return Error{"--tls-cert and --tls-key go together"};
    }
    auto context = tls::TlsContext::from_files(given.cert_file, given.key_file);
    if (!context) return context.error();
    return TlsSetup{std::move(context).value(), std::nullopt};
  }
  auto ca = tls::LocalCa::open(given.dir.empty() ? tls::default_tls_dir() : given.dir, names);
  if (!ca) return Error{"the local CA: " + ca.error().message};
  std::string ca_file = (*ca)->cert_path();
  auto context = tls::TlsContext::from_ca(std::move(ca).value(), names, refused_name_logger());
  if (!context) return context.error();
  return TlsSetup{std::move(context).value(), std::move(ca_file)};
}

}  // namespace

tls::TlsNames local_ca_names(const std::vector<std::string>& tls_names) {
  std::vector<std::string> names = contract::gateway_hosts();  // TlsNames adds loopback
  names.insert(names.end(), tls_names.begin(), tls_names.end());
  return tls::TlsNames(std::move(names));
}

Status Server::Impl::start_tls_listeners() {
  const TlsOptions& given = options.tls;
  if (!given.port && !given.proxy_port) return done();
  // One list of names for the certificates and the proxy's CONNECT check.
  auto names = std::make_shared<const tls::TlsNames>(local_ca_names(given.names));
  auto setup = tls_setup(given, *names);
  if (!setup) return setup.error();
  std::shared_ptr<const tls::TlsContext> shared = setup->context;
  ca_file = setup->ca_file;
  auto serve = [this](const RequestView& request, ReplyWriter& writer) {
    path.serve(request, writer);
  };
  auto refused = [this](const RefusedRequest& refusal) { path.journal_refused(refusal); };
  if (given.port) {
    HttpServerOptions https_options = http_options(*given.port);
    https_options.tls = shared;
    https = std::make_unique<HttpServer>(std::move(https_options), serve, refused);
    if (auto serving = https->start(); !serving) return serving;
  }
  if (given.proxy_port) {
    HttpServerOptions proxy_options = http_options(*given.proxy_port);
    proxy_options.tls = shared;
    proxy_options.proxy = [names, pass = given.proxy_pass](const ConnectRequest& request) {
      return decide_connect(request, *names, pass);
    };
    proxy = std::make_unique<HttpServer>(std::move(proxy_options), serve, refused);
    if (auto serving = proxy->start(); !serving) return serving;
  }
  return done();
}

}  // namespace drivemock
