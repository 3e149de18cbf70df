// WireMock's scenario races (#456) are what the per-uuid lock prevents:
// parallel calls on one uuid must each get their own sequence position.
#include <atomic>
#include <latch>
#include <set>
#include <thread>

#include "e2e/server_fixture.h"
#include "eventually.h"
#include "log_capture.h"

using namespace drivemock::testing;

namespace {

/// Runs `calls(thread, client)` on `threads` threads, each with its own
/// kept-alive client, all started together on a latch; returns once all end.
template <class Calls>
void together(const RunningServer& mock, int threads, Calls calls) {
  std::latch start(threads);
  std::vector<std::thread> running;
  for (int t = 0; t < threads; ++t) {
    running.emplace_back([&, t] {
      auto client = mock.client();
      client.set_keep_alive(true);
      start.arrive_and_wait();
      calls(t, client);
    });
  }
  for (auto& t : running) t.join();
}

}  // namespace

TEST_CASE("parallel calls on one uuid see distinct consecutive sequence positions") {
  constexpr int kThreads = 8;
  constexpr int kCalls = 250;
  std::string answers;
  for (int i = 0; i < kThreads * kCalls; ++i) {
    answers += "{body: {code: c" + std::to_string(i) + "}},";
  }
  RunningServer mock("directories: {u: {trash: {respond: [" + answers + "]}}}");
  std::vector<std::vector<std::string>> seen(kThreads);
  together(mock, kThreads, [&](int t, httplib::Client& client) {
    for (int i = 0; i < kCalls; ++i) {
      auto res = client.Post("/v3/dir/trash", R"({"uuid":"u"})", "application/json");
      seen[t].push_back(res ? res->body : "failed");
    }
  });
  std::set<std::string> distinct;
  for (const auto& s : seen) distinct.insert(s.begin(), s.end());
  CHECK(distinct.size() == kThreads * kCalls);
  CHECK(distinct.count("failed") == 0);
  CHECK(mock.server().journal().entries().size() == kThreads * kCalls);
  CHECK(mock.server().engine().directory("u")->calls.at("trash") == kThreads * kCalls);
}

TEST_CASE("16 threads x 500 requests are all journaled with distinct rising ids") {
  constexpr int kThreads = 16;
  constexpr int kCalls = 500;
  RunningServer mock;
  std::atomic<int> failures{0};
  together(mock, kThreads, [&](int t, httplib::Client& client) {
    std::string body = R"({"uuid":"thread-)" + std::to_string(t) + R"("})";
    for (int i = 0; i < kCalls; ++i) {
      auto res = client.Post("/v3/dir/trash", body, "application/json");
      if (!res || res->status != 200) ++failures;
    }
  });
  CHECK(failures == 0);
  auto entries = mock.server().journal().entries();
  REQUIRE(entries.size() == kThreads * kCalls);
  for (size_t i = 0; i < entries.size(); ++i) CHECK(entries[i]->id == i + 1);
  drivemock::RequestFilter one_thread;
  one_thread.uuid = "thread-7";
  CHECK(mock.server().count(one_thread).value() == kCalls);
  CHECK(mock.admin_json("POST", "/__admin/requests/count", "{}")["count"].GetUint64() ==
        kThreads * kCalls);
}

TEST_CASE("with threads 2, a third connection waits for a worker and is served when one closes") {
  drivemock::ServerOptions options;
  options.threads = 2;
  RunningServer mock(options);
  int port = mock.server().port();
  const std::string trash = raw_post("/v3/dir/trash", R"({"uuid":"t"})");
  // Two kept-alive connections hold both workers.
  auto first = std::make_unique<RawConnection>(port);
  RawConnection second(port);
  for (RawConnection* held : {first.get(), &second}) {
    REQUIRE(held->send(trash));
    REQUIRE(is_status(held->read_answer(), 200));
  }
  RawConnection third(port);
  REQUIRE(third.send(trash));
  REQUIRE(eventually([&] { return mock.server().connections_queued() == 1; }));
  CHECK_FALSE(third.answered());
  CHECK(mock.server().journal().size() == 2);
  first.reset();  // closing one frees its worker for the third
  CHECK(is_status(third.read_answer(), 200));
  CHECK(mock.server().connections_queued() == 0);
  CHECK(mock.server().journal().size() == 3);
}

TEST_CASE(
    "with threads 1 and one waiting, a third connection is closed unserved, counted and warned "
    "of") {
  LogCapture log;
  drivemock::ServerOptions options;
  options.threads = 1;
  RunningServer mock(options);
  int port = mock.server().port();
  const std::string trash = raw_post("/v3/dir/trash", R"({"uuid":"t"})");
  auto held = std::make_unique<RawConnection>(port);  // holds the one worker
  REQUIRE(held->send(trash));
  REQUIRE(is_status(held->read_answer(), 200));
  auto waiting = std::make_unique<RawConnection>(port);
  REQUIRE(waiting->send(trash));
  REQUIRE(eventually([&] { return mock.server().connections_queued() == 1; }));
  RawConnection shed(port);
  shed.send(trash);
  CHECK(shed.read_to_end().empty());  // closed without an answer
  held.reset();
  CHECK(is_status(waiting->read_answer(), 200));
  waiting.reset();  // frees the worker for the admin call
  CHECK(mock.admin_json("GET", "/__admin/health")["connectionsShed"].GetUint64() == 1);
  CHECK(log.eventually_has("1 connection(s) closed unserved so far"));
  CHECK(mock.server().journal().size() == 2);  // the shed one never became a request
}

TEST_CASE("served uuids answer throughout big pushes that add and replace a set beside them") {
  drivemock::ServerOptions options;
  options.scenario_texts = {
      "name: served\ndirectories:\n  kept: {color: {body: {status: success, message: kept, code: "
      "k}}}\n"};
  options.max_body = 8 << 20;
  RunningServer mock(std::move(options));
  // Over 1 MiB: read an entry at a time, on background threads. Long
  // messages make it big with few entries: the work is per entry, and
  // under the arm64 emulator beside a busy machine 11,000 of them took
  // minutes.
  auto big = [](int status) {
    std::string yaml = "name: big\ndirectories:\n";
    const std::string message(300, 'm');
    for (int i = 0; i < 3000; ++i) {
      yaml += "  b" + std::to_string(i) + ":\n    trash: {http: " + std::to_string(status) +
              ", body: {status: success, message: " + message + ", code: x}}\n";
    }
    REQUIRE(yaml.size() > (1 << 20));
    return yaml;
  };

  std::atomic<bool> done{false};
  std::atomic<int> answered{0};
  std::atomic<int> wrong{0};
  std::thread served([&] {
    auto client = mock.client();
    client.set_keep_alive(true);
    while (!done) {
      auto res =
          client.Post("/v3/dir/color", R"({"uuid":"kept","color":"red"})", "application/json");
      bool right = res && res->status == 200 && res->body.find("kept") != std::string::npos;
      if (!right) ++wrong;
      ++answered;
    }
  });
  while (answered == 0) std::this_thread::yield();
  // The pushes yield to requests, and to every other test ctest runs beside
  // this one: the time-out only bounds a broken server.
  auto admin = mock.client();
  admin.set_read_timeout(120, 0);
  auto added = admin.Post("/__admin/scenarios", big(201), "application/yaml");
  auto replaced = admin.Post("/__admin/scenarios", big(503), "application/yaml");
  done = true;
  served.join();

  REQUIRE(added);
  CHECK(added->status == 200);
  REQUIRE(replaced);
  CHECK(replaced->status == 200);
  CHECK(wrong == 0);
  CHECK(answered > 0);
  auto res = mock.trash("b2999");
  REQUIRE(res);
  CHECK(res->status == 503);
}
