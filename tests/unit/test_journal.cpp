#include <atomic>
#include <catch2/catch.hpp>
#include <future>
#include <latch>
#include <optional>
#include <thread>

#include "eventually.h"
#include "journal/entry_json.h"
#include "journal/journal.h"
#include "journal/request_log.h"
#include "model/redaction.h"
#include "util/json.h"

using namespace drivemock;
using namespace drivemock::journal;
using drivemock::testing::eventually;

TEST_CASE("ids rise by one from 1") {
  Journal j(10);
  CHECK(j.record({}) == 1);
  CHECK(j.record({}) == 2);
  CHECK(j.entries().back()->id == 2);
}

TEST_CASE("past the limit the oldest entries go and are counted as dropped") {
  Journal j(3);
  for (int i = 0; i < 5; ++i) j.record({});
  auto entries = j.entries();
  REQUIRE(entries.size() == 3);
  CHECK(entries.front()->id == 3);
  CHECK(j.dropped() == 2);
  j.clear();
  CHECK(j.entries().empty());
  CHECK(j.dropped() == 0);
  CHECK(j.record({}) == 6);
}

TEST_CASE("past its bytes the oldest entries go, counted as dropped, and the newest stays") {
  Journal j(1000, 1 << 20);
  auto big = [](size_t bytes) {
    Entry e;
    e.response.body = std::make_shared<const std::string>(bytes, 'x');
    return e;
  };
  for (int i = 0; i < 10; ++i) j.record(big(300 << 10));  // 10 × 300 KiB into 1 MiB
  CHECK(j.size() == 3);
  CHECK(j.dropped() == 7);
  CHECK(j.bytes() <= size_t{1} << 20);
  CHECK(j.bytes() == 3 * entry_bytes(*j.entries().front()));
  CHECK(j.entries().back()->id == 10);
  // One entry over the whole bound is still kept: the newest is never lost.
  j.record(big(2 << 20));
  CHECK(j.size() == 1);
  CHECK(j.entries().back()->id == 11);
  j.clear();
  CHECK(j.bytes() == 0);
}

TEST_CASE("secret headers are redacted when a request is recorded") {
  RequestView view;
  view.headers = {{"Authorization", "Bearer k"},
                  {"cookie", "a=b"},
                  {"X-Api-Key", "k"},
                  {"Content-Type", "application/json"}};
  std::vector<std::string> values;
  RecordedRequest(view).for_each_header(
      [&](std::string_view, std::string_view value) { values.emplace_back(value); });
  CHECK(values == std::vector<std::string>{"***", "***", "***", "application/json"});
  CHECK(is_secret_header("x-client-api-key"));
  CHECK_FALSE(is_secret_header("Accept"));
}

TEST_CASE("header names and values keep any byte, NUL included (found by fuzzing)") {
  RequestView view;
  view.headers = {{"X-A", std::string("a\0b", 3)}, {std::string("\0", 1), ""}, {"", "v"}};
  std::vector<std::pair<std::string, std::string>> seen;
  RecordedRequest(view).for_each_header(
      [&](std::string_view name, std::string_view value) { seen.emplace_back(name, value); });
  CHECK(seen == std::vector<std::pair<std::string, std::string>>{
                    {"X-A", std::string("a\0b", 3)}, {std::string("\0", 1), ""}, {"", "v"}});
}

TEST_CASE("an entry serialises to the shape of the spec, secrets redacted") {
  Entry e;
  e.id = 17;
  e.logged = std::chrono::system_clock::time_point(std::chrono::milliseconds(1795338878390));
  e.request = RecordedRequest(RequestView{"POST",
                                          "/v3/dir/color",
                                          "/v3/dir/color",
                                          {{"Accept", "application/json"}, {"Cookie", "c=1"}},
                                          R"({"uuid":"u"})",
                                          "127.0.0.1",
                                          {}},
                              "u");
  e.classification().operation = "color";
  e.classification().matched = Matched{"trash-flow", 1};
  e.classification().scripted =
      std::make_shared<Scripting>(Scripting{RandomDraw{2, 143}, {}, {}, {}});
  Reply answer = json_reply(200, "{}");
  answer.add_header("Retry-After", "1");
  answer.add_header("Set-Cookie", "session=s3cret");
  RequestView none;
  e.response = make_entry({none, std::nullopt, {}, answer}, {}, system_clock()).response;
  e.classification().violations = {{"field_missing", "Field 'color' is missing"}};
  e.total_micros = 85;
  e.classification().state = "active";
  CHECK(
      entry_to_json(e) ==
      R"({"id":17,"loggedDate":"2026-11-22T09:14:38.390Z","session":null,"request":{"method":"POST",)"
      R"("url":"/v3/dir/color","headers":{"Accept":"application/json","Cookie":"***"},)"
      R"("body":"{\"uuid\":\"u\"}",)"
      R"("clientIp":"127.0.0.1"},"operation":"color","uuid":"u","named":false,"clientMade":false,"matched":{"scenario":"trash-flow",)"
      R"("rule":1,"answer":0,"answers":0,"file":"","line":0},"state":"active",)"
      R"("random":{"pick":2,"delayMs":143},"limited":null,)"
      R"("nearMisses":[],)"
      R"("didYouMean":null,"response":{"status":200,"body":"{}","fault":null,"proxied":false,)"
      R"("succeeded":true,)"
      R"("headers":{"Retry-After":"1","Set-Cookie":"***"}},)"
      R"("violations":[{"rule":"field_missing","message":"Field 'color' is missing"}],)"
      R"("timing":{"totalMicros":85}})");
  // Nothing drawn: null; a delay drawn without a pick: the pick null.
  e.classification().scripted.reset();
  CHECK(entry_to_json(e).find(R"("line":0},"state":"active","random":null,"limited":null,)") !=
        std::string::npos);
  e.classification().scripted =
      std::make_shared<Scripting>(Scripting{RandomDraw{std::nullopt, 7}, {}, {}, {}});
  CHECK(entry_to_json(e).find(R"("random":{"pick":null,"delayMs":7})") != std::string::npos);
  e.classification().scripted = std::make_shared<Scripting>(
      Scripting{{}, {}, {{2, "state is active, rule wants trashed"}}, {}});
  CHECK(entry_to_json(e).find(
            R"("nearMisses":[{"rule":2,"reason":"state is active, rule wants trashed"}])") !=
        std::string::npos);
  e.classification().scripted =
      std::make_shared<Scripting>(Scripting{{}, LimitHit{"scenarios/x.yaml", 2}, {}, {}});
  CHECK(entry_to_json(e).find(R"("limited":{"file":"scenarios/x.yaml","index":2})") !=
        std::string::npos);
  e.classification().scripted = std::make_shared<Scripting>(Scripting{{}, {}, {}, "6F1C7E0A-0000"});
  CHECK(entry_to_json(e).find(R"("nearMisses":[],"didYouMean":"6F1C7E0A-0000","response")") !=
        std::string::npos);
}

namespace {

std::unique_ptr<FilterMatcher> all_entries() {
  return std::make_unique<FilterMatcher>(FilterMatcher::create({}).value());
}

std::unique_ptr<FilterMatcher> uuid_is(const std::string& uuid) {
  RequestFilter f;
  f.uuid = uuid;
  return std::make_unique<FilterMatcher>(FilterMatcher::create(f).value());
}

Entry for_uuid(const std::string& uuid) {
  Entry e;
  e.request = RecordedRequest(RequestView{}, uuid);
  return e;
}

}  // namespace

TEST_CASE("entries are found by id until dropped") {
  Journal j(2);
  j.record({});
  j.record({});
  j.record({});
  CHECK(j.entry(1) == nullptr);
  REQUIRE(j.entry(3));
  CHECK(j.entry(3)->id == 3);
  CHECK(j.entry(99) == nullptr);
}

TEST_CASE("count and find apply the filter, oldest first") {
  Journal j(10);
  j.record(for_uuid("a"));
  j.record(for_uuid("b"));
  j.record(for_uuid("a"));
  CHECK(j.count(*uuid_is("a")) == 2);
  auto found = j.find(*uuid_is("a"));
  REQUIRE(found.size() == 2);
  CHECK(found[0]->id == 1);
  CHECK(found[1]->id == 3);
}

// The wait tests release a waiter only once it is blocked (waiters() == 1).
// The waiter's own time-out is an hour; the test gives it 10 s and then
// releases it, so a journal that never wakes its waiters fails every time
// instead of passing when the time-out ends the wait with the count reached.
namespace {

constexpr auto kForever = std::chrono::hours(1);

/// The waiter's result if it returned within `bound`; else none, and the
/// waiter is released so that the test can end.
std::optional<size_t> result_within(std::future<size_t>& waiter, Journal& j,
                                    std::chrono::seconds bound = std::chrono::seconds(10)) {
  if (waiter.wait_for(bound) == std::future_status::ready) return waiter.get();
  j.release_waiters();
  waiter.get();
  return std::nullopt;
}

}  // namespace

TEST_CASE("wait_for is released by a request recorded on another thread") {
  Journal j(10);
  auto waiter =
      std::async(std::launch::async, [&] { return j.wait_for(*uuid_is("x"), 2, kForever); });
  REQUIRE(eventually([&] { return j.waiters() == 1; }));
  j.record(for_uuid("x"));
  j.record(for_uuid("y"));
  j.record(for_uuid("x"));
  CHECK(result_within(waiter, j) == 2u);
  CHECK(j.waiters() == 0);
}

TEST_CASE("wait_for returns the count reached when the time is up") {
  Journal j(10);
  j.record(for_uuid("x"));
  CHECK(j.wait_for(*uuid_is("x"), 3, std::chrono::milliseconds(20)) == 1);
  CHECK(j.waiters() == 0);
}

TEST_CASE("releasing waiters ends every wait at once") {
  Journal j(10);
  auto first =
      std::async(std::launch::async, [&] { return j.wait_for(*all_entries(), 1, kForever); });
  auto second =
      std::async(std::launch::async, [&] { return j.wait_for(*uuid_is("z"), 1, kForever); });
  REQUIRE(eventually([&] { return j.waiters() == 2; }));
  j.release_waiters();
  bool woken = first.wait_for(std::chrono::seconds(10)) == std::future_status::ready &&
               second.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  if (!woken) j.record({});  // a change wakes them, so that the test ends
  CHECK(woken);
  CHECK(first.get() == 0);
  CHECK(second.get() == 0);
  // Released for good: later waits return at once.
  CHECK(j.wait_for(*all_entries(), 1, std::chrono::hours(1)) == 0);
}

TEST_CASE("parallel records get distinct ids in the order they are kept") {
  // Started together and many, so that a journal without its lock loses or
  // repeats ids on every run.
  constexpr int kThreads = 8;
  constexpr int kRecords = 20000;
  Journal j(kThreads * kRecords);
  std::latch start(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      start.arrive_and_wait();
      for (int i = 0; i < kRecords; ++i) j.record({});
    });
  }
  for (auto& t : threads) t.join();
  auto entries = j.entries();
  REQUIRE(entries.size() == kThreads * kRecords);
  bool in_order = true;
  for (size_t i = 0; i < entries.size(); ++i) in_order = in_order && entries[i]->id == i + 1;
  CHECK(in_order);
}

TEST_CASE("an entry is found as soon as its record returns, whoever is keeping") {
  // Recording threads hand their entries to whichever of them is moving
  // entries in; a reader moves the rest in itself, and waits out an id taken
  // but not yet published, so that a client that got its answer finds its
  // entry. Many threads at once, so that both happen on every run.
  constexpr int kThreads = 8;
  constexpr int kRecords = 5000;
  Journal j(kThreads * kRecords);
  std::latch start(kThreads);
  std::atomic<int> missing{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      start.arrive_and_wait();
      for (int i = 0; i < kRecords; ++i) {
        uint64_t id = j.record({});
        if (!j.entry(id) || j.last_id() < id) ++missing;
      }
    });
  }
  for (auto& t : threads) t.join();
  CHECK(missing == 0);
  CHECK(j.size() == kThreads * kRecords);
}

TEST_CASE("recording goes on while a reader holds the journal's lock") {
  // With one lock for every request, a thread descheduled while it held it
  // made all the others wait (the p99 at 50 connections). Now at most the
  // one thread moving entries in waits for a reader; the others record on.
  Journal j(1000);
  j.record({});
  std::atomic<int> recorded{0};
  std::vector<std::thread> threads;
  bool went_on = false;
  j.visit([&](const EntryPtr&) {
    for (int t = 0; t < 2; ++t) {
      threads.emplace_back([&] {
        for (int i = 0; i < 100; ++i) {
          j.record({});
          ++recorded;
        }
      });
    }
    went_on = eventually([&] { return recorded >= 100; });
  });
  for (auto& t : threads) t.join();
  CHECK(went_on);
  auto entries = j.entries();
  REQUIRE(entries.size() == 201);
  bool in_order = true;
  for (size_t i = 0; i < entries.size(); ++i) in_order = in_order && entries[i]->id == i + 1;
  CHECK(in_order);
}

TEST_CASE("the listener sees every recorded entry with its id") {
  Journal j(10);
  std::vector<uint64_t> seen;
  j.set_listener([&](const Entry& e) { seen.push_back(e.id); });
  j.record({});
  j.record({});
  CHECK(seen == std::vector<uint64_t>{1, 2});
}

TEST_CASE("request log lines name method, path, uuid, rule, status and micros") {
  Entry e;
  e.id = 4;
  RequestView view;
  view.method = "POST";
  view.url = view.path = "/v3/dir/trash";
  e.request = RecordedRequest(view, "u1");
  e.classification().matched = Matched{"flow", 2};
  e.response.status = 503;
  e.total_micros = 85;
  CHECK(request_line(e, LogFormat::text) ==
        "drivemock: POST /v3/dir/trash uuid=u1 matched=flow#2 status=503 85us");
  CHECK(request_line(e, LogFormat::json) ==
        R"({"type":"request","id":4,"method":"POST","path":"/v3/dir/trash","uuid":"u1",)"
        R"("matched":"flow#2","status":"503","micros":85,"violations":0})");
  e.classification().matched.reset();
  e.response.fault = Fault::reset;
  CHECK(request_line(e, LogFormat::text).find("matched=none status=fault:reset") !=
        std::string::npos);
  CHECK(admin_line("reset", LogFormat::json) == R"({"type":"admin","change":"reset"})");
}

TEST_CASE("request log lines name the outcome as the journal entry does") {
  // The journal's `matched: null` is "none" in the text line and null in
  // the JSON one, never a word of the log's own; the envelope's code says
  // which answer it was, where the status does not (the service's 200 errors).
  Entry e;
  RequestView view;
  view.method = "POST";
  view.url = view.path = "/v3/dir/trash";
  e.request = RecordedRequest(view, "ghost");
  e.response.status = 200;
  e.response.body = std::make_shared<const std::string>(
      R"({"status":false,"message":"Folder not found.","code":"folder_not_found"})");
  CHECK(request_line(e, LogFormat::text) ==
        "drivemock: POST /v3/dir/trash uuid=ghost matched=none status=200 answer=folder_not_found "
        "0us");
  CHECK(request_line(e, LogFormat::json)
            .find(R"("matched":null,"status":"200",)"
                  R"("answer":"folder_not_found")") != std::string::npos);
  e.response.status = 404;
  e.response.body = std::make_shared<const std::string>(R"({"status":"error","code":"not_found"})");
  e.response.proxied = true;
  CHECK(request_line(e, LogFormat::text)
            .find("matched=none status=404 answer=not_found "
                  "proxied=true") != std::string::npos);
  e.response.body = std::make_shared<const std::string>("not json {");
  CHECK(request_line(e, LogFormat::text).find("answer=") == std::string::npos);
}

TEST_CASE("the answer's code is read from the top level of its JSON object only") {
  using drivemock::json::top_level_string;
  CHECK(top_level_string(R"({"status":false,"code":"folder_not_found"})", "code") ==
        "folder_not_found");
  CHECK(top_level_string(R"({"data":{"code":"inner"},"list":[{"code":"x"}],"code":"outer"})",
                         "code") == "outer");
  CHECK_FALSE(top_level_string(R"({"data":{"code":"inner"}})", "code"));
  CHECK_FALSE(top_level_string(R"({"code":42})", "code"));
  CHECK_FALSE(top_level_string(R"(["code","x"])", "code"));
  CHECK_FALSE(top_level_string(R"("code")", "code"));
  CHECK_FALSE(top_level_string("not json", "code"));
  CHECK_FALSE(top_level_string("", "code"));
  // Deep nesting is refused before it costs a deep recursion.
  CHECK_FALSE(top_level_string("{\"a\":" + std::string(100000, '[') + "}", "code"));
  CHECK(top_level_string(std::string(R"({"code":"a\u0000b"})"), "code") == std::string("a\0b", 3));
}
