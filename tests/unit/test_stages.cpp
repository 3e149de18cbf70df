// The decide stage (Engine::answer) and the journal entry built from what the stages found.
#include <catch2/catch.hpp>

#include "contract/classify.h"
#include "model/entry.h"
#include "scenario/catalog.h"
#include "scenario/engine.h"
#include "scenario/loader.h"

using namespace drivemock;

namespace {

scenario::Engine engine_for(const std::string& yaml) {
  auto set = scenario::parse_scenario(yaml, "s.yaml", "s");
  REQUIRE(set);
  auto catalog = scenario::build_catalog({*set});
  REQUIRE(catalog);
  return scenario::Engine(*catalog);
}

contract::Classified classified_trash(const std::string& uuid) {
  RequestView r;
  r.method = "POST";
  r.path = r.url = "/v3/dir/trash";
  r.headers = {{"Content-Type", "application/json"}, {"Authorization", "Bearer secret"}};
  r.body = R"({"uuid":")" + uuid + R"("})";
  r.client_ip = "10.0.0.1";
  return contract::classify(r, *contract::builtin_set(), contract::Strictness::lenient, Envelope());
}

class PinnedClock final : public Clock {
 public:
  Wall wall() const override { return Wall(std::chrono::seconds(1000)); }
  Steady steady() const override { return Steady(std::chrono::milliseconds(2500)); }
};

}  // namespace

TEST_CASE("the engine answers a scripted uuid from its rule and says which rule matched") {
  auto engine = engine_for("directories: {u: {trash: {http: 201, body: {status: gone}}}}");
  auto request = classified_trash("u");
  Reply reply = engine.answer(request, engine.catalog());
  CHECK(reply.status == 201);
  CHECK(reply.body_text() == R"({"status":"gone"})");
  REQUIRE(request.seen.matched);
  CHECK(request.seen.matched->scenario == "s");
  CHECK(request.seen.matched->rule == 1);
  CHECK(request.seen.named);
}

TEST_CASE("the engine answers an unscripted uuid with the built-in answer and no match") {
  auto engine = engine_for("directories: {u: {trash: {http: 201}}}");
  auto request = classified_trash("other");
  Reply reply = engine.answer(request, engine.catalog());
  CHECK(reply.status == 200);
  CHECK(reply.body_text().find("\"status\":\"success\"") != std::string::npos);
  CHECK_FALSE(request.seen.matched);
  CHECK_FALSE(request.seen.named);
}

TEST_CASE("the engine shares the answer's body with the catalog instead of copying it") {
  auto engine = engine_for("directories: {u: {trash: {body: {status: ok}}}}");
  auto first = classified_trash("u");
  auto second = classified_trash("u");
  Reply a = engine.answer(first, engine.catalog());
  Reply b = engine.answer(second, engine.catalog());
  CHECK(a.body.get() == b.body.get());
}

TEST_CASE("the journal entry keeps the request redacted, its classification and the reply") {
  auto request = classified_trash("u");
  request.seen.matched = Matched{"s", 2};
  RequestView view;
  view.method = "POST";
  view.url = "/v3/dir/trash?x=1";
  view.headers = {{"Authorization", "Bearer secret"}, {"Accept", "*/*"}};
  view.body = R"({"uuid":"u"})";
  Reply reply = json_reply(201, R"({"status":"ok"})");
  PinnedClock clock;
  Entry e = make_entry({view, request.uuid(), request.seen, reply},
                       clock.steady() - std::chrono::milliseconds(7), clock);
  CHECK(e.request.method() == "POST");
  CHECK(e.request.path() == "/v3/dir/trash");
  CHECK(e.uuid() == "u");
  CHECK(e.seen().operation == "trash");
  CHECK(e.seen().matched->rule == 2);
  std::vector<std::string> values;
  e.request.for_each_header([&](std::string_view, std::string_view v) { values.emplace_back(v); });
  CHECK(values == std::vector<std::string>{"***", "*/*"});
  CHECK(e.response.status == 201);
  CHECK(e.response.body.get() == reply.body.get());
  CHECK_FALSE(e.response.proxied);
  CHECK(e.logged == clock.wall());
  CHECK(e.total_micros == 7000);
}

TEST_CASE(
    "the journal entry of a fault keeps no body, and an upstream's answer is marked proxied") {
  auto request = classified_trash("u");
  PinnedClock clock;
  Reply fault = json_reply(200, "{}");
  fault.fault = Fault::reset;
  RequestView view;
  Entry faulted = make_entry({view, request.uuid(), request.seen, fault}, clock.steady(), clock);
  CHECK(faulted.response.fault == Fault::reset);
  CHECK_FALSE(faulted.response.body);
  Reply upstream_answer = json_reply(200, "{}");
  Entry proxied =
      make_entry({view, request.uuid(), request.seen, upstream_answer, Origin::upstream},
                 clock.steady(), clock);
  CHECK(proxied.response.proxied);
}
