#pragma once
// The server side of TLS: one SSL_CTX, with either the user's certificate
// (--tls-cert/--tls-key) or leaves issued by the local CA for the name each
// client asks for (SNI), when TlsNames allows it; and the handshake of one
// accepted connection, bounded in time and ended by a server stop.

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "tls/local_ca.h"
#include "tls/openssl_types.h"
#include "tls/tls_names.h"
#include "util/result.h"

namespace drivemock::tls {

/// Hears of each handshake refused for a name that is not allowed.
using RefusedName = std::function<void(const std::string& name)>;

class TlsContext {
 public:
  /// With the user's certificate chain and key, PEM files.
  static Result<std::shared_ptr<TlsContext>> from_files(const std::string& cert_file,
                                                        const std::string& key_file);
  /// With leaves from `ca` for the names `names` allows (a client that
  /// sends no name gets localhost's, which also covers 127.0.0.1 and ::1).
  static Result<std::shared_ptr<TlsContext>> from_ca(std::shared_ptr<LocalCa> ca, TlsNames names,
                                                     RefusedName refused);
  ~TlsContext();
  TlsContext(const TlsContext&) = delete;
  TlsContext& operator=(const TlsContext&) = delete;

  /// A session on the non-blocking socket `fd` once its handshake is done,
  /// or why there is none (the client's alert, a time-out after `timeout`,
  /// the server stopping: `stop_fd` readable).
  Result<SslPtr> accept(int fd, int stop_fd, std::chrono::milliseconds timeout) const;

 private:
  TlsContext() = default;
  static int on_server_name(SSL* ssl, int* alert, void* self);

  SslCtxPtr ctx_;
  std::shared_ptr<LocalCa> ca_;
  std::unique_ptr<TlsNames> names_;
  RefusedName refused_;
};

}  // namespace drivemock::tls
