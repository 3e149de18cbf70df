// Recording from an https upstream: its certificate is checked against the
// system's trust store unless told otherwise.
#include <filesystem>

#include "e2e/server_fixture.h"
#include "tls_upstream.h"

using namespace drivemock::testing;
namespace fs = std::filesystem;

namespace {

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
