// Recording from an https upstream: its certificate is checked against the
// system's trust store unless told otherwise. The upstream here is a
// cpp-httplib TLS server with a self-signed certificate made at test time.
#include <filesystem>
#include <thread>

#include "e2e/server_fixture.h"

using namespace drivemock::testing;
namespace fs = std::filesystem;

namespace {

class TlsUpstream {
 public:
  TlsUpstream() {
    dir_ = fs::temp_directory_path() / ("drivemock-tls-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    std::string command =
        "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 "
        "-keyout " +
        (dir_ / "key.pem").string() + " -out " + (dir_ / "cert.pem").string() + " >/dev/null 2>&1";
    REQUIRE(std::system(command.c_str()) == 0);
    server_ = std::make_unique<httplib::SSLServer>((dir_ / "cert.pem").c_str(),
                                                   (dir_ / "key.pem").c_str());
    REQUIRE(server_->is_valid());
    server_->Post("/v3/dir/trash", [](const httplib::Request&, httplib::Response& res) {
      res.set_content(R"({"status":"success","code":"over_tls"})", "application/json");
    });
    port_ = server_->bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_->listen_after_bind(); });
    while (!server_->is_running()) std::this_thread::yield();
  }
  ~TlsUpstream() {
    server_->stop();
    thread_.join();
    fs::remove_all(dir_);
  }
  std::string url() const { return "https://127.0.0.1:" + std::to_string(port_); }

 private:
  fs::path dir_;
  std::unique_ptr<httplib::SSLServer> server_;
  std::thread thread_;
  int port_ = 0;
};

drivemock::ServerOptions recording(const std::string& url, drivemock::record::TlsVerify verify) {
  drivemock::ServerOptions options;
  options.record_from = url;
  options.record_to = (fs::temp_directory_path() / "drivemock-tls-recording.yaml").string();
  options.upstream.verify = verify;
  return options;
}

}  // namespace

TEST_CASE("an https upstream with an untrusted certificate is refused with a clear 502") {
  TlsUpstream upstream;
  RunningServer mock(recording(upstream.url(), drivemock::record::TlsVerify::on));
  auto res = mock.trash("t");
  REQUIRE(res);
  CHECK(res->status == 502);
  CHECK(res->body.find("certificate") != std::string::npos);
  CHECK(res->body.find("--insecure-upstream") != std::string::npos);
  mock.admin_json("POST", "/__admin/recordings/stop");
}

TEST_CASE("with verification off, an https upstream is proxied and recorded") {
  TlsUpstream upstream;
  RunningServer mock(recording(upstream.url(), drivemock::record::TlsVerify::off));
  auto res = mock.trash("t");
  REQUIRE(res);
  CHECK(res->status == 200);
  CHECK(res->body == R"({"status":"success","code":"over_tls"})");
  auto stopped = mock.admin_json("POST", "/__admin/recordings/stop");
  CHECK(std::string(stopped["scenario"].GetString()).find("over_tls") != std::string::npos);
  fs::remove(stopped["file"].GetString());
}
