// A client's reconnect resumes its TLS session (issue 56): drivemock issues
// TLS 1.3 session tickets and takes them back, so a test suite that opens a
// connection per test pays the full handshake once. Measured in
// bench/tls-handshakes, held here.
#include <openssl/ssl.h>
#include <unistd.h>

#include "e2e/server_fixture.h"
#include "loopback.h"
#include "temp_dir.h"

using namespace drivemock::testing;

namespace {

/// One TLS 1.3 connection with one call (asking for `name`), offering
/// `session` when given; the session it ends with, and whether it resumed.
struct TicketedCall {
  SSL_SESSION* session = nullptr;  ///< owned by the caller (SSL_SESSION_free)
  bool resumed = false;
  bool answered = false;
};

TicketedCall call_offering(SSL_CTX* ctx, int port, SSL_SESSION* session) {
  TicketedCall out;
  SSL* ssl = SSL_new(ctx);
  int fd = connect_loopback(port);
  if (fd >= 0 && SSL_set_fd(ssl, fd) == 1 && SSL_set_tlsext_host_name(ssl, "localhost") == 1 &&
      (!session || SSL_set_session(ssl, session) == 1) && SSL_connect(ssl) == 1) {
    out.resumed = SSL_session_reused(ssl) == 1;
    const std::string call = "GET /__admin/health HTTP/1.0\r\n\r\n";
    if (SSL_write(ssl, call.data(), static_cast<int>(call.size())) > 0) {
      // Read to the end: a TLS 1.3 server's tickets come after the handshake.
      std::string answer;
      char buffer[4096];
      for (int n; (n = SSL_read(ssl, buffer, sizeof buffer)) > 0;) answer.append(buffer, n);
      out.answered = answer.starts_with("HTTP/1.1 200");
    }
    // The server's close_notify came with the end of the answer: answered,
    // the session stays resumable (OpenSSL drops one whose SSL is freed
    // unshut as a bad session).
    SSL_shutdown(ssl);
    out.session = SSL_get1_session(ssl);
  }
  SSL_free(ssl);
  if (fd >= 0) ::close(fd);
  return out;
}

}  // namespace

TEST_CASE("a TLS client's second connection resumes the session of its first") {
  TempDir dir;
  drivemock::ServerOptions options;
  options.tls.port = 0;
  options.tls.dir = dir.file("tls");
  RunningServer mock(options);
  SSL_CTX* ctx = SSL_CTX_new(TLS_client_method());
  SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION);
  const int port = *mock.server().tls_port();

  auto first = call_offering(ctx, port, nullptr);
  REQUIRE(first.answered);
  CHECK_FALSE(first.resumed);
  REQUIRE(first.session != nullptr);
  CHECK(SSL_SESSION_is_resumable(first.session) == 1);  // a ticket came

  auto second = call_offering(ctx, port, first.session);
  CHECK(second.answered);
  CHECK(second.resumed);
  SSL_SESSION_free(first.session);
  if (second.session) SSL_SESSION_free(second.session);
  SSL_CTX_free(ctx);
}
