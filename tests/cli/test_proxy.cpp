// The HTTPS proxy (--proxy-port) with clients that honour a proxy setting,
// unchanged: curl (--proxy, --cacert) and Python's requests (HTTPS_PROXY,
// REQUESTS_CA_BUNDLE) call the gateway's own https URL and get drivemock's
// answers; a CONNECT to a host drivemock may not pose as is refused (403)
// and journaled.
#include <httplib.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "cli/binary.h"
#include "cli/process.h"
#include "temp_dir.h"

using namespace drivemock::testing;

namespace {

/// drivemock with plain HTTP (for the admin API) and the proxy.
struct ProxiedDrivemock {
  explicit ProxiedDrivemock(const TempDir& dir)
      : process({kBinary, "--port", "0", "--proxy-port", "0", "--tls-dir", dir.file("tls"),
                 "--dialect", "service", "--quiet"},
                dir.path.string()) {
    admin_port = port_of(process.read_line());
    std::string line = process.read_line();
    REQUIRE(line.starts_with("drivemock proxy on http://127.0.0.1:"));
    std::istringstream words(line);  // drivemock proxy on URL (HTTPS_PROXY)
    words >> proxy >> proxy >> proxy >> proxy;
    ca = dir.file("tls/ca.pem");
  }
  ~ProxiedDrivemock() {
    process.signal(SIGTERM);
    process.wait_exit();
  }
  std::string journal() const {
    httplib::Client admin("127.0.0.1", admin_port);
    auto res = admin.Get("/__admin/requests");
    REQUIRE(res);
    return res->body;
  }
  Process process;
  int admin_port = 0;
  std::string proxy;
  std::string ca;
};

}  // namespace

TEST_CASE("curl through the proxy reaches drivemock at the gateway's https URL") {
  TempDir dir;
  ProxiedDrivemock mock(dir);
  std::string out = dir.file("curl.txt");
  std::string curl = "curl -s --proxy " + mock.proxy + " --cacert " + mock.ca +
                     " -H 'Content-Type: application/json' -d '{\"uuid\":\"via-curl\"}' "
                     "https://gateway.filen.io/v3/dir/trash > " +
                     out;
  REQUIRE(std::system(curl.c_str()) == 0);
  CHECK(read_text_file(out) ==
        R"({"status":true,"message":"Directory moved to trash.","code":"dir_trashed"})");
  CHECK(mock.journal().find(R"("uuid":"via-curl")") != std::string::npos);
}

TEST_CASE("Python requests with HTTPS_PROXY and REQUESTS_CA_BUNDLE reaches drivemock") {
  TempDir dir;
  ProxiedDrivemock mock(dir);
  std::string out = dir.file("python.txt");
  std::string python =
      "HTTPS_PROXY=" + mock.proxy + " REQUESTS_CA_BUNDLE=" + mock.ca +
      " /usr/bin/python3 -c 'import requests; r = requests.post("
      "\"https://gateway.filen.net/v3/dir/color\", json={\"uuid\": \"via-python\", \"color\": "
      "\"red\"}); print(r.status_code, r.json()[\"code\"])' > " +
      out + " 2>&1";
  CHECK(std::system(python.c_str()) == 0);
  CHECK(read_text_file(out) == "200 dir_color_changed\n");
  CHECK(mock.journal().find(R"("uuid":"via-python")") != std::string::npos);
}

TEST_CASE("a CONNECT to a host drivemock may not pose as is refused with 403 and journaled") {
  TempDir dir;
  ProxiedDrivemock mock(dir);
  std::string out = dir.file("refused.txt");
  std::string curl = "curl -sv --proxy " + mock.proxy + " https://bank.example/ > " + out + " 2>&1";
  CHECK(std::system(curl.c_str()) != 0);
  CHECK(read_text_file(out).find("CONNECT tunnel failed, response 403") != std::string::npos);
  std::string journal = mock.journal();
  CHECK(journal.find(R"("method":"CONNECT","url":"bank.example:443")") != std::string::npos);
  CHECK(journal.find(R"("rule":"proxy_refused")") != std::string::npos);
}
