#pragma once
// An https upstream for recording tests: a cpp-httplib TLS server on a free
// port with a self-signed certificate made at test time (so no system trust
// store accepts it). POST /v3/dir/trash answers {"status":"success","code":"over_tls"}.

#include <httplib.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>

#include "eventually.h"
#include "temp_dir.h"

namespace drivemock::testing {

class TlsUpstream {
 public:
  TlsUpstream() {
    std::string command =
        "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 -keyout " +
        dir_.file("key.pem") + " -out " + dir_.file("cert.pem") + " >/dev/null 2>&1";
    REQUIRE(std::system(command.c_str()) == 0);
    server_ = std::make_unique<httplib::SSLServer>(dir_.file("cert.pem").c_str(),
                                                   dir_.file("key.pem").c_str());
    REQUIRE(server_->is_valid());
    server_->Post("/v3/dir/trash", [](const httplib::Request&, httplib::Response& res) {
      res.set_content(R"({"status":"success","code":"over_tls"})", "application/json");
    });
    port_ = server_->bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_->listen_after_bind(); });
    REQUIRE(eventually([&] { return server_->is_running(); }));
  }
  ~TlsUpstream() {
    server_->stop();
    thread_.join();
  }
  std::string url() const { return "https://127.0.0.1:" + std::to_string(port_); }

 private:
  TempDir dir_;  ///< the key and certificate
  std::unique_ptr<httplib::SSLServer> server_;
  std::thread thread_;
  int port_ = 0;
};

}  // namespace drivemock::testing
