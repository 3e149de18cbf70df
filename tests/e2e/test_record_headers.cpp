// A recording keeps the headers of the upstream's answers that a client
// acts on (Retry-After on a 429, the service's own), redacts secrets, leaves
// out the date and the connection's, and replays them; journal entries carry
// their answer's headers, redacted the same way.
#include <filesystem>

#include "e2e/server_fixture.h"
#include "temp_dir.h"

using namespace drivemock::testing;
namespace fs = std::filesystem;

namespace {

/// A service that limits its callers as the real one does, and says when to
/// come back; and sets a cookie, which is a secret.
const char* kLimitingBackend = R"(
directories:
  d1:
    trash:
      respond:
        http: 429
        headers: {Retry-After: '1', X-Service-Trace: abc-123, Set-Cookie: 'session=s3cret'}
        body: {status: false, message: Too many requests., code: too_many_requests}
)";

}  // namespace

TEST_CASE("a recorded 429 replays with its Retry-After, the service's headers kept, secrets not") {
  TempDir dir;
  RunningServer backend(kLimitingBackend);
  drivemock::ServerOptions recording;
  recording.record_from = backend.server().base_url();
  recording.record_to = (dir.path / "limits.yaml").string();
  RunningServer recorder(recording);
  auto proxied = recorder.trash("d1");
  REQUIRE(proxied);
  CHECK(proxied->status == 429);
  CHECK(proxied->get_header_value("Retry-After") == "1");

  // The recorder's journal: the answer's headers, the cookie redacted.
  auto journal = recorder.requests();
  const auto& headers = journal["requests"][0]["response"]["headers"];
  CHECK(std::string(headers["Retry-After"].GetString()) == "1");
  CHECK(std::string(headers["X-Service-Trace"].GetString()) == "abc-123");
  CHECK(std::string(headers["Set-Cookie"].GetString()) == "***");
  recorder.admin_json("POST", "/__admin/recordings/stop");

  std::string yaml = read_text_file(dir.path / "limits.yaml");
  CHECK(yaml.find("Retry-After: \"1\"") != std::string::npos);
  CHECK(yaml.find("s3cret") == std::string::npos);

  drivemock::ServerOptions replay;
  replay.scenario_paths = {(dir.path / "limits.yaml").string()};
  RunningServer replayer(replay);
  auto replayed = replayer.trash("d1");
  REQUIRE(replayed);
  CHECK(replayed->status == 429);
  CHECK(replayed->get_header_value("Retry-After") == "1");
  CHECK(replayed->get_header_value("X-Service-Trace") == "abc-123");
  CHECK(replayed->get_header_value("Set-Cookie") == "***");
  CHECK(replayed->body == proxied->body);
  // The replayer's journal shows the scripted headers as the answer's own.
  auto replay_journal = replayer.requests();
  CHECK(std::string(
            replay_journal["requests"][0]["response"]["headers"]["Retry-After"].GetString()) ==
        "1");
}
