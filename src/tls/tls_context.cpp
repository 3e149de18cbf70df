#include "tls/tls_context.h"

#include <openssl/err.h>
#include <openssl/pem.h>
#include <poll.h>

#include "util/fd_wait.h"

namespace drivemock::tls {
namespace {

std::string openssl_error(const std::string& otherwise) {
  unsigned long code = ERR_get_error();
  ERR_clear_error();
  if (code == 0) return otherwise;
  char text[256];
  ERR_error_string_n(code, text, sizeof text);
  return text;
}

SslCtxPtr server_ctx() {
  SslCtxPtr ctx(SSL_CTX_new(TLS_server_method()));
  if (!ctx) return ctx;
  SSL_CTX_set_min_proto_version(ctx.get(), TLS1_2_VERSION);
  // Writes may end part-way on a non-blocking socket (Connection::write
  // loops over what is left, from wherever its buffer is then).
  SSL_CTX_set_mode(ctx.get(), SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
  return ctx;
}

}  // namespace

TlsContext::~TlsContext() = default;

Result<std::shared_ptr<TlsContext>> TlsContext::from_files(const std::string& cert_file,
                                                           const std::string& key_file) {
  std::shared_ptr<TlsContext> tls(new TlsContext());
  tls->ctx_ = server_ctx();
  if (!tls->ctx_) return Error{"cannot make a TLS context: " + openssl_error("")};
  if (SSL_CTX_use_certificate_chain_file(tls->ctx_.get(), cert_file.c_str()) != 1) {
    return Error{"--tls-cert " + cert_file + ": " + openssl_error("not a PEM certificate")};
  }
  BioPtr bio(BIO_new_file(key_file.c_str(), "r"));
  KeyPtr key(bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr) : nullptr);
  if (!key) return Error{"--tls-key " + key_file + ": " + openssl_error("not a PEM key")};
  if (SSL_CTX_use_PrivateKey(tls->ctx_.get(), key.get()) != 1 ||
      SSL_CTX_check_private_key(tls->ctx_.get()) != 1) {
    ERR_clear_error();
    return Error{"--tls-key " + key_file + " is not the key of --tls-cert " + cert_file};
  }
  return tls;
}

Result<std::shared_ptr<TlsContext>> TlsContext::from_ca(std::shared_ptr<LocalCa> ca, TlsNames names,
                                                        RefusedName refused) {
  std::shared_ptr<TlsContext> tls(new TlsContext());
  tls->ctx_ = server_ctx();
  if (!tls->ctx_) return Error{"cannot make a TLS context: " + openssl_error("")};
  tls->ca_ = std::move(ca);
  tls->names_ = std::make_unique<TlsNames>(std::move(names));
  tls->refused_ = std::move(refused);
  SSL_CTX_set_tlsext_servername_callback(tls->ctx_.get(), &TlsContext::on_server_name);
  SSL_CTX_set_tlsext_servername_arg(tls->ctx_.get(), tls.get());
  return tls;
}

int TlsContext::on_server_name(SSL* ssl, int* alert, void* self) {
  auto* tls = static_cast<TlsContext*>(self);
  const char* asked = SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name);
  // No name: a client that connected to an IP address (names only go in SNI).
  std::string name = asked ? asked : "localhost";
  if (!tls->names_->allows(name)) {
    if (tls->refused_) tls->refused_(name);
    *alert = SSL_AD_UNRECOGNIZED_NAME;
    return SSL_TLSEXT_ERR_ALERT_FATAL;
  }
  // One leaf per allowed entry: the 6,000 case spellings of a gateway name,
  // or every name under a wildcard --tls-name, share one.
  auto leaf = tls->ca_->leaf_for(tls->names_->leaf_name(name));
  if (!leaf || SSL_use_certificate(ssl, (*leaf)->cert.get()) != 1 ||
      SSL_use_PrivateKey(ssl, (*leaf)->key.get()) != 1) {
    *alert = SSL_AD_INTERNAL_ERROR;
    return SSL_TLSEXT_ERR_ALERT_FATAL;
  }
  return SSL_TLSEXT_ERR_OK;
}

Result<SslPtr> TlsContext::accept(int fd, int stop_fd, std::chrono::milliseconds timeout) const {
  SslPtr ssl(SSL_new(ctx_.get()));
  if (!ssl || SSL_set_fd(ssl.get(), fd) != 1) return Error{openssl_error("cannot start TLS")};
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    ERR_clear_error();
    int ret = SSL_accept(ssl.get());
    if (ret == 1) return ssl;
    int error = SSL_get_error(ssl.get(), ret);
    short events = error == SSL_ERROR_WANT_READ    ? POLLIN
                   : error == SSL_ERROR_WANT_WRITE ? POLLOUT
                                                   : 0;
    if (events == 0) return Error{openssl_error("the client ended the TLS handshake")};
    switch (wait_fd(fd, events, stop_fd, deadline)) {
      case FdWait::ready: continue;
      case FdWait::timeout: return Error{"the TLS handshake took longer than its time-out"};
      case FdWait::stopped: return Error{"the server is stopping"};
      case FdWait::failed: return Error{"poll failed during the TLS handshake"};
    }
  }
}

}  // namespace drivemock::tls
