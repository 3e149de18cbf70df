// The HTTPS listener (--tls-port) with a real TLS client: the same mock
// API, admin API and journal as over plain HTTP, certificates from the
// local CA for the names allowed (and a handshake failure, logged, for any
// other), or the user's own; what a client that speaks no TLS or asks for
// another host cannot do.
#include <arpa/inet.h>
#include <openssl/ssl.h>

#include <fstream>

#include "e2e/server_fixture.h"
#include "log_capture.h"
#include "temp_dir.h"
#include "tls/local_ca.h"

using namespace drivemock::testing;

namespace {

drivemock::ServerOptions with_tls(const TempDir& dir) {
  drivemock::ServerOptions options;
  options.tls.port = 0;
  options.tls.dir = dir.file("tls");
  return options;
}

/// A verifying TLS client of `server` for `host` (mapped to 127.0.0.1).
httplib::Client tls_client(drivemock::Server& server, const TempDir& dir,
                           const std::string& host = "localhost") {
  httplib::Client client("https://" + host + ":" + std::to_string(*server.tls_port()));
  client.set_hostname_addr_map({{host, "127.0.0.1"}});
  client.set_ca_cert_path(dir.file("tls/ca.pem").c_str());
  client.enable_server_certificate_verification(true);
  client.set_read_timeout(5, 0);
  return client;
}

/// Whether a TLS handshake asking for `name` (SNI) succeeds.
bool handshake(int port, const std::string& name) {
  SSL_CTX* ctx = SSL_CTX_new(TLS_client_method());
  SSL* ssl = SSL_new(ctx);
  int fd = connect_loopback(port);
  bool ok = fd >= 0 && SSL_set_fd(ssl, fd) == 1 &&
            SSL_set_tlsext_host_name(ssl, name.c_str()) == 1 && SSL_connect(ssl) == 1;
  SSL_free(ssl);
  SSL_CTX_free(ctx);
  if (fd >= 0) ::close(fd);
  return ok;
}

}  // namespace

TEST_CASE("HTTPS serves the mock API and the admin API, with a certificate from the local CA") {
  TempDir dir;
  RunningServer mock(with_tls(dir));
  REQUIRE(mock.server().tls_port());
  CHECK(*mock.server().tls_base_url() ==
        "https://127.0.0.1:" + std::to_string(*mock.server().tls_port()));
  auto client = tls_client(mock.server(), dir);
  auto res = client.Post("/v3/dir/trash", R"({"uuid":"over-tls"})", "application/json");
  REQUIRE(res);
  CHECK(res->status == 200);
  CHECK(code_of(res) == "dir_trashed");
  auto journal = client.Get("/__admin/requests");
  REQUIRE(journal);
  CHECK(std::string(parse_json(journal->body)["requests"][0]["uuid"].GetString()) == "over-tls");
  // Many requests on one kept-alive TLS connection.
  client.set_keep_alive(true);
  for (int i = 0; i < 20; ++i)
    CHECK(
        client.Post("/v3/dir/color", R"({"uuid":"k","color":"red"})", "application/json")->status ==
        200);
  CHECK(mock.trash("plain")->status == 200);  // plain HTTP beside it
}

TEST_CASE(
    "the gateway host names get certificates, other names a handshake failure and a log line") {
  TempDir dir;
  LogCapture log;
  RunningServer mock(with_tls(dir));
  int port = *mock.server().tls_port();
  for (const char* name : {"gateway.filen.io", "gateway.filen-6.net", "localhost"}) {
    INFO(name);
    auto client = tls_client(mock.server(), dir, name);
    auto res = client.Post("/v3/dir/trash", R"({"uuid":"g"})", "application/json");
    REQUIRE(res);
    CHECK(res->status == 200);
  }
  CHECK_FALSE(handshake(port, "bank.example"));
  CHECK(
      log.eventually_has("drivemock: TLS handshake refused for 'bank.example': not a name "
                         "drivemock's CA issues certificates for; allow it with --tls-name "
                         "bank.example"));
  CHECK(handshake(port, "gateway.filen.net"));
  CHECK(mock.admin_json("GET", "/__admin/health")["tlsHandshakesFailed"].GetUint64() == 1);
}

TEST_CASE("names added with --tls-name get certificates, wildcards for one label") {
  TempDir dir;
  drivemock::ServerOptions options = with_tls(dir);
  options.tls.names = {"*.mock.test"};
  RunningServer mock(options);
  int port = *mock.server().tls_port();
  CHECK(handshake(port, "api.mock.test"));
  CHECK_FALSE(handshake(port, "a.b.mock.test"));
  auto client = tls_client(mock.server(), dir, "api.mock.test");
  CHECK(client.Post("/v3/dir/trash", R"({"uuid":"w"})", "application/json")->status == 200);
}

TEST_CASE("a client that speaks plain HTTP to the TLS port is dropped, and others are served") {
  TempDir dir;
  RunningServer mock(with_tls(dir));
  int port = *mock.server().tls_port();
  CHECK(send_raw(port, raw_post("/v3/dir/trash", R"({"uuid":"p"})")).find("HTTP/1.1 200") ==
        std::string::npos);
  auto client = tls_client(mock.server(), dir);
  CHECK(client.Post("/v3/dir/trash", R"({"uuid":"after"})", "application/json")->status == 200);
  CHECK(mock.requests()["meta"]["total"].GetUint64() == 1);  // the dropped one is no request
}

TEST_CASE("the user's own certificate from --tls-cert and --tls-key, and HTTPS alone") {
  TempDir dir;
  // A certificate of the user's, here issued by a CA of a directory of its own.
  auto ca = drivemock::tls::LocalCa::open(dir.file("own-ca"), drivemock::local_ca_names({}));
  REQUIRE(ca);
  auto leaf = (*ca)->leaf_for("localhost");
  REQUIRE(leaf);
  {
    BIO* cert = BIO_new_file(dir.file("cert.pem").c_str(), "w");
    BIO* key = BIO_new_file(dir.file("key.pem").c_str(), "w");
    PEM_write_bio_X509(cert, (*leaf)->cert.get());
    PEM_write_bio_PrivateKey(key, (*leaf)->key.get(), nullptr, nullptr, 0, nullptr, nullptr);
    BIO_free(cert);
    BIO_free(key);
  }
  drivemock::ServerOptions options;
  options.tls.port = 0;
  options.tls.cert_file = dir.file("cert.pem");
  options.tls.key_file = dir.file("key.pem");
  options.tls.dir = dir.file("unused");
  options.plain_http = drivemock::PlainHttp::off;
  RunningServer mock(options);
  CHECK(mock.server().base_url() == *mock.server().tls_base_url());
  httplib::Client client("https://localhost:" + std::to_string(mock.server().port()));
  client.set_hostname_addr_map({{"localhost", "127.0.0.1"}});
  client.set_ca_cert_path(dir.file("own-ca/ca.pem").c_str());
  client.enable_server_certificate_verification(true);
  CHECK(client.Post("/v3/dir/trash", R"({"uuid":"own"})", "application/json")->status == 200);
  CHECK_FALSE(std::filesystem::exists(dir.file("unused")));  // no local CA was made

  options.tls.key_file = dir.file("own-ca/ca-key.pem");  // not the certificate's key
  auto refused = drivemock::Server::start(options);
  CHECK_FALSE(refused.server);
  CHECK(refused.error == "--tls-key " + dir.file("own-ca/ca-key.pem") +
                             " is not the key of --tls-cert " + dir.file("cert.pem"));
}

TEST_CASE("the proxy tunnels --proxy-pass hosts, and refuses what is not CONNECT") {
  TempDir dir;
  RunningServer backend;
  drivemock::ServerOptions options;
  options.tls.dir = dir.file("tls");
  options.tls.proxy_port = 0;
  options.tls.proxy_pass = {"127.0.0.1:" + std::to_string(backend.server().port())};
  RunningServer mock(options);
  int proxy = *mock.server().proxy_port();

  // A listed host goes to the real one, bytes untouched: here plain HTTP.
  RawConnection tunnel(proxy);
  REQUIRE(tunnel.send("CONNECT 127.0.0.1:" + std::to_string(backend.server().port()) +
                      " HTTP/1.1\r\nHost: x\r\n\r\n"));
  std::string established;
  char byte;
  while (established.find("\r\n\r\n") == std::string::npos &&
         ::recv(tunnel.fd(), &byte, 1, 0) == 1) {
    established += byte;
  }
  CHECK(established == "HTTP/1.1 200 Connection Established\r\n\r\n");
  REQUIRE(tunnel.send(raw_post("/v3/dir/trash", R"({"uuid":"tunnelled"})")));
  CHECK(is_status(tunnel.read_answer(), 200));
  CHECK(backend.requests()["meta"]["total"].GetUint64() == 1);
  CHECK(mock.requests()["meta"]["total"].GetUint64() == 0);

  // A proxy request that is not CONNECT (plain http:// proxying) is refused.
  std::string refused = send_raw(proxy, "GET http://example.test/ HTTP/1.1\r\nHost: x\r\n\r\n");
  CHECK(is_status(refused, 403));
  CHECK(refused.find(R"("code":"proxy_refused")") != std::string::npos);
  auto journal = mock.requests();
  REQUIRE(journal["requests"].Size() == 1);
  CHECK(std::string(journal["requests"][0]["violations"][0]["message"].GetString()) ==
        "drivemock's proxy takes CONNECT only (HTTPS_PROXY), not GET");
}

TEST_CASE("a --proxy-pass host at a metadata address, or not answering, gets 502, journaled") {
  // Listing a host is no way to the cloud's metadata service: a name that
  // resolves there (DNS rebinding, a typo) is refused before any connect.
  TempDir dir;
  drivemock::ServerOptions options;
  options.tls.dir = dir.file("tls");
  options.tls.proxy_port = 0;
  options.tls.proxy_pass = {"169.254.169.254:80", "127.0.0.1:1"};
  RunningServer mock(options);
  int proxy = *mock.server().proxy_port();

  std::string metadata = send_raw(proxy, "CONNECT 169.254.169.254:80 HTTP/1.1\r\nHost: x\r\n\r\n");
  CHECK(is_status(metadata, 502));
  CHECK(metadata.find(R"("code":"proxy_pass_failed")") != std::string::npos);
  std::string closed = send_raw(proxy, "CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: x\r\n\r\n");
  CHECK(is_status(closed, 502));

  auto journal = mock.requests();
  REQUIRE(journal["requests"].Size() == 2);  // newest first
  CHECK(std::string(journal["requests"][1]["violations"][0]["message"].GetString()) ==
        "CONNECT 169.254.169.254:80: 169.254.169.254 resolves to 169.254.169.254, a link-local or "
        "metadata address, which the proxy never tunnels to");
  CHECK(std::string(journal["requests"][0]["violations"][0]["message"].GetString()) ==
        "CONNECT 127.0.0.1:1: cannot connect to 127.0.0.1:1");
}

TEST_CASE(
    "recording works through HTTPS and through the proxy: TLS to drivemock, on to the target") {
  TempDir dir;
  RunningServer backend("directories: {r1: {trash: {body: {status: true, code: from_backend}}}}");
  drivemock::ServerOptions options = with_tls(dir);
  options.tls.proxy_port = 0;
  options.record_from = backend.server().base_url();
  options.record_to = dir.file("rec.yaml");
  RunningServer recorder(options);
  auto direct = tls_client(recorder.server(), dir, "gateway.filen.io");
  CHECK(code_of(direct.Post("/v3/dir/trash", R"({"uuid":"r1"})", "application/json")) ==
        "from_backend");
  httplib::Client proxied("https://gateway.filen.net");
  proxied.set_proxy("127.0.0.1", *recorder.server().proxy_port());
  proxied.set_ca_cert_path(dir.file("tls/ca.pem").c_str());
  proxied.enable_server_certificate_verification(true);
  CHECK(code_of(proxied.Post("/v3/dir/trash", R"({"uuid":"r1"})", "application/json")) ==
        "from_backend");
  CHECK(recorder.admin_json("POST", "/__admin/recordings/stop")["captured"].GetUint64() == 2);
  CHECK(backend.requests()["meta"]["total"].GetUint64() == 2);
}

TEST_CASE("the recorder refuses drivemock's own TLS and proxy ports: one call would feed itself") {
  TempDir dir;
  RunningServer mock(with_tls(dir));
  int tls_port = *mock.server().tls_port();
  std::string own = "https://localhost:" + std::to_string(tls_port);
  auto refused =
      mock.admin("POST", "/__admin/recordings/start", R"({"targetBaseUrl":")" + own + R"("})");
  REQUIRE(refused);
  CHECK(refused->status == 400);
  CHECK(code_of(refused) == "target_refused");
  CHECK_THAT(parse_json(refused->body)["message"].GetString(), Catch::Contains("drivemock itself"));
  CHECK(mock.requests()["meta"]["total"].GetUint64() == 0);
}
