// What a dialect adds to the contract (scenario/dialect_sets.h): the service
// dialect's lock, as the lowest layer of every catalog in that dialect.
#include <catch2/catch.hpp>

#include "contract/operations_reader.h"
#include "scenario/dialect_sets.h"
#include "scenario/loader.h"
#include "scenario/scenario_store.h"
#include "scenario/service_dialect_document.h"

using namespace drivemock;
using namespace drivemock::scenario;

TEST_CASE("the service dialect's built-in set reads without a diagnostic") {
  auto set = parse_scenario(kServiceDialectDocument, "service_dialect.yaml", "service-dialect",
                            {Dialect::service, contract::builtin_set().get()});
  REQUIRE(set);
  CHECK(set.diagnostics.empty());
  REQUIRE(dialect_sets(Dialect::service).size() == 1);
  CHECK(dialect_sets(Dialect::service)[0]->layer == Layer::dialect);
  CHECK(dialect_sets(Dialect::document).empty());
}

TEST_CASE("the service dialect's operations are the contract's and the lock") {
  CHECK(dialect_operations(Dialect::service).names() == "color, trash, lock");
  CHECK(dialect_operations(Dialect::document).names() == "color, trash");
  auto catalog = build_catalog(std::vector<ScenarioSet>{}, Envelope(Dialect::service));
  REQUIRE(catalog);
  const auto* lock = (*catalog)->operations->by_name("lock");
  REQUIRE(lock);
  CHECK(lock->source == kServiceDialectSource);
  CHECK(from_dialect(*lock));
  CHECK((*catalog)->protocol.count("lock") == 1);
  CHECK((*catalog)->defaults.count("lock") == 0);
}

TEST_CASE("a file of the service dialect scripts the lock without defining it") {
  auto set =
      parse_scenario("directories: {l1: {lock: {http: 503}}}", "f.yaml", "f", {Dialect::service});
  REQUIRE(set);
  CHECK(set.diagnostics.empty());
  auto document = parse_scenario("directories: {l1: {lock: {http: 503}}}", "f.yaml", "f");
  CHECK_FALSE(document);
}

namespace {

/// The lock's answer to a call of `type`, in the engine's catalog.
std::string lock_answer(Engine& engine, const std::string& type) {
  rapidjson::Document body;
  std::string text = R"({"uuid":"l","resource":"drive-write","type":")" + type + "\"}";
  body.Parse(text.c_str());
  // The operation lives in the catalog: hold the one it is taken from.
  auto catalog = engine.catalog();
  auto decision = engine.decide(*catalog->operations->by_name("lock"), "l", body);
  return std::to_string(decision.answer->status) + " " +
         std::string(decision.answer->body ? *decision.answer->body : "");
}

/// The catalog of one file of the service dialect.
std::shared_ptr<const Catalog> service_catalog(const std::string& yaml) {
  auto file = parse_scenario(yaml, "f.yaml", "f", {Dialect::service});
  REQUIRE(file);
  auto catalog =
      build_catalog(std::vector<ScenarioSet>{std::move(*file)}, Envelope(Dialect::service));
  REQUIRE(catalog);
  return *catalog;
}

}  // namespace

TEST_CASE("a push over the dialect's lock takes acquiring over, without a shadow warning") {
  Engine engine{empty_catalog(Envelope(Dialect::service))};
  ScenarioStore store{{}, {}, engine, Envelope(Dialect::service)};
  REQUIRE_FALSE(has_errors(store.load()));
  auto pushed = store.push("name: busy\ndefaults: {lock: {http: 503}}");
  REQUIRE(pushed);
  CHECK(pushed.diagnostics.empty());
  CHECK(lock_answer(engine, "acquire").starts_with("503"));
  store.drop_pushed();
  CHECK_THAT(lock_answer(engine, "acquire"), Catch::Contains("lock_acquired"));
}

TEST_CASE("a lock scripted without naming type leaves release and refresh to the protocol") {
  // The docs' "lock busy once" in a file's defaults: it replaced the
  // dialect's defaults whole, and the SDK's release got lock_acquired.
  Engine engine{service_catalog(R"(
defaults:
  lock:
    respond:
      - {body: {status: true, message: Lock busy., code: lock_busy, data: {acquired: false}}}
      - {body: {status: true, message: Lock acquired., code: lock_acquired, data: {acquired: true}}}
)")};
  CHECK_THAT(lock_answer(engine, "acquire"), Catch::Contains("lock_busy"));
  CHECK_THAT(lock_answer(engine, "release"), Catch::Contains("lock_released"));
  CHECK_THAT(lock_answer(engine, "refresh"), Catch::Contains("lock_refreshed"));
  CHECK_THAT(lock_answer(engine, "acquire"), Catch::Contains("lock_acquired"));
}

TEST_CASE("a rule that names type answers the protocol's calls it names") {
  Engine engine{service_catalog(R"(
defaults:
  lock:
    - when: {type: release}
      respond: {http: 500}
    - respond: {http: 503}
)")};
  CHECK(lock_answer(engine, "release").starts_with("500"));
  CHECK_THAT(lock_answer(engine, "refresh"), Catch::Contains("lock_refreshed"));
  CHECK(lock_answer(engine, "acquire").starts_with("503"));
}

TEST_CASE("a file that defines the lock again keeps the dialect's protocol unless it gives one") {
  // As a recording does: its definition replaces the dialect's, its answers
  // for acquire and release name `type`, and a refresh it never saw still
  // gets the service's answer.
  const std::string lock = R"(operations:
  lock:
    path: /v3/user/lock
    fields: {uuid: string, type: string, resource: string}
    answer: {http: 503}
)";
  Engine kept{service_catalog(lock)};
  CHECK(lock_answer(kept, "acquire").starts_with("503"));
  CHECK_THAT(lock_answer(kept, "refresh"), Catch::Contains("lock_refreshed"));
  Engine own{
      service_catalog(lock + "    protocol: [{when: {type: refresh}, respond: {http: 410}}]\n")};
  CHECK(lock_answer(own, "refresh").starts_with("410"));
  CHECK(lock_answer(own, "release").starts_with("503"));
}

TEST_CASE("a protocol rule must name its calls by a field") {
  auto set = parse_scenario(R"(operations:
  ping:
    path: /v3/ping
    fields: {uuid: string, type: string}
    protocol:
      - respond: {http: 204}
)",
                            "p.yaml", "p");
  CHECK_FALSE(set);
  REQUIRE(set.diagnostics.size() == 1);
  CHECK(set.diagnostics[0].line == 6);
  CHECK_THAT(set.diagnostics[0].message, Catch::Contains("protocol rule names the calls"));
  auto builtin = contract::read_operations(
      "operations: {x: {path: /v3/x, fields: {uuid: string}, answer: {message: m, code: c}, "
      "protocol: []}}",
      "contract.yaml");
  REQUIRE(builtin.diagnostics.size() == 1);
  CHECK_THAT(builtin.diagnostics[0].message, Catch::Contains("unknown key 'protocol'"));
}

TEST_CASE(
    "a limit of every operation warns in the service dialect: it can refuse the lock's release") {
  auto every =
      parse_scenario("limits:\n  - {calls: 2, per_ms: 1000}\n", "l.yaml", "l", {Dialect::service});
  REQUIRE(every);
  REQUIRE(every.diagnostics.size() == 1);
  CHECK(format_diagnostic(every.diagnostics[0])
            .starts_with("l.yaml:2:5: warning: limit 1 counts the calls of every operation and "
                         "uuid, the SDK's lock calls among them"));
  auto one = parse_scenario("limits:\n  - {calls: 2, per_ms: 1000, operation: trash}\n", "l.yaml",
                            "l", {Dialect::service});
  CHECK(one.diagnostics.empty());
  auto named = parse_scenario("limits:\n  - {calls: 2, per_ms: 1000, uuid: d1}\n", "l.yaml", "l",
                              {Dialect::service});
  CHECK(named.diagnostics.empty());
  auto document = parse_scenario("limits:\n  - {calls: 2, per_ms: 1000}\n", "l.yaml", "l");
  CHECK(document.diagnostics.empty());
}
