// Recording from an https upstream: its certificate is checked against the
// system's trust store unless told otherwise.

#include "e2e/server_fixture.h"
#include "temp_dir.h"
#include "tls_upstream.h"

using namespace drivemock::testing;

namespace {

// Each case records into a directory of its own: under ctest -j the two run
// at once, and a capture log one of them holds refuses the other's start.
drivemock::ServerOptions recording(const std::string& url, drivemock::record::TlsVerify verify,
                                   const TempDir& dir) {
  drivemock::ServerOptions options;
  options.record_from = url;
  options.record_to = dir.file("tls-recording.yaml");
  options.upstream.verify = verify;
  return options;
}

}  // namespace

TEST_CASE("an https upstream with an untrusted certificate is refused with a clear 502") {
  TlsUpstream upstream;
  TempDir dir;
  RunningServer mock(recording(upstream.url(), drivemock::record::TlsVerify::on, dir));
  auto res = mock.trash("t");
  REQUIRE(res);
  CHECK(res->status == 502);
  CHECK(res->body.find("certificate") != std::string::npos);
  CHECK(res->body.find("--insecure-upstream") != std::string::npos);
  mock.admin_json("POST", "/__admin/recordings/stop");
}

TEST_CASE("with verification off, an https upstream is proxied and recorded") {
  TlsUpstream upstream;
  TempDir dir;
  RunningServer mock(recording(upstream.url(), drivemock::record::TlsVerify::off, dir));
  auto res = mock.trash("t");
  REQUIRE(res);
  CHECK(res->status == 200);
  CHECK(res->body == R"({"status":"success","code":"over_tls"})");
  auto stopped = mock.admin_json("POST", "/__admin/recordings/stop");
  CHECK(std::string(stopped["scenario"].GetString()).find("over_tls") != std::string::npos);
}
