// A recording reuses its connections to the upstream (record/client_pool):
// a connection per call held the recorder to a quarter of its backend's
// pace. The backend here is a bare cpp-httplib server that notes the port
// each call came from, so the test sees the connections themselves.
#include <mutex>
#include <set>
#include <thread>

#include "e2e/server_fixture.h"
#include "eventually.h"
#include "temp_dir.h"

using namespace drivemock::testing;

namespace {

/// A backend answering every trash with a success, noting each call's client port.
struct PortNotingBackend {
  httplib::Server server;
  std::thread thread;
  int port = 0;
  std::mutex mutex;
  std::set<int> ports;
  int calls = 0;

  explicit PortNotingBackend(size_t keep_alive_max_count) {
    server.set_keep_alive_max_count(keep_alive_max_count);
    server.Post("/v3/dir/trash", [this](const httplib::Request& req, httplib::Response& res) {
      {
        std::lock_guard lock(mutex);
        ports.insert(req.remote_port);
        ++calls;
      }
      res.set_content(R"({"status":"success","message":"Moved.","code":"dir_trashed"})",
                      "application/json");
    });
    port = server.bind_to_any_port("127.0.0.1");
    thread = std::thread([this] { server.listen_after_bind(); });
    REQUIRE(eventually([this] { return server.is_running(); }));
  }
  ~PortNotingBackend() {
    server.stop();
    thread.join();
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port); }
};

drivemock::ServerOptions recording_through(const std::string& url, const TempDir& dir) {
  drivemock::ServerOptions options;
  options.record_from = url;
  options.record_to = (dir.path / "connections.yaml").string();
  return options;
}

/// Records 20 trash calls, one after another, through a backend that keeps
/// a connection for `keep_alive_max_count` calls; the connections they took.
size_t connections_for_twenty_calls(size_t keep_alive_max_count) {
  TempDir dir;
  PortNotingBackend backend(keep_alive_max_count);
  RunningServer recorder(recording_through(backend.url(), dir));
  for (int i = 0; i < 20; ++i) REQUIRE(recorder.trash("d" + std::to_string(i))->status == 200);
  std::lock_guard lock(backend.mutex);
  CHECK(backend.calls == 20);
  return backend.ports.size();
}

}  // namespace

TEST_CASE("a recording's calls one after another go over one kept-alive upstream connection") {
  CHECK(connections_for_twenty_calls(1000) == 1);
}

TEST_CASE("an upstream that closes each connection after its answer fails no recorded call") {
  // "Connection: close" on every answer: each call on a connection of its own.
  CHECK(connections_for_twenty_calls(1) == 20);
}

TEST_CASE("a kept-alive upstream connection the upstream has closed is not sent on") {
  TempDir dir;
  auto backend = std::make_unique<PortNotingBackend>(1000);
  const int port = backend->port;
  RunningServer recorder(recording_through(backend->url(), dir));
  REQUIRE(recorder.trash("before")->status == 200);
  // The backend goes away with the recorder's connection open, and comes
  // back on the same port: the next call must reach it, not fail on the
  // dead connection.
  backend.reset();
  httplib::Server again;
  again.Post("/v3/dir/trash", [](const httplib::Request&, httplib::Response& res) {
    res.set_content(R"({"status":"success","message":"Moved.","code":"dir_trashed"})",
                    "application/json");
  });
  REQUIRE(again.bind_to_port("127.0.0.1", port));
  std::thread serving([&] { again.listen_after_bind(); });
  REQUIRE(eventually([&] { return again.is_running(); }));
  CHECK(recorder.trash("after")->status == 200);
  again.stop();
  serving.join();
}
