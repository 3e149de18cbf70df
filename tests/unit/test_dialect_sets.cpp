// What a dialect adds to the contract (scenario/dialect_sets.h): the service
// dialect's lock, as the lowest layer of every catalog in that dialect.
#include <catch2/catch.hpp>

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
  CHECK((*catalog)->defaults.count("lock") == 1);
}

TEST_CASE("a file of the service dialect scripts the lock without defining it") {
  auto set =
      parse_scenario("directories: {l1: {lock: {http: 503}}}", "f.yaml", "f", {Dialect::service});
  REQUIRE(set);
  CHECK(set.diagnostics.empty());
  auto document = parse_scenario("directories: {l1: {lock: {http: 503}}}", "f.yaml", "f");
  CHECK_FALSE(document);
}

TEST_CASE("a push over the dialect's lock answers takes over without a shadow warning") {
  Engine engine{empty_catalog(Envelope(Dialect::service))};
  ScenarioStore store{{}, {}, engine, Envelope(Dialect::service)};
  REQUIRE_FALSE(has_errors(store.load()));
  auto pushed = store.push("name: busy\ndefaults: {lock: {http: 503}}");
  REQUIRE(pushed);
  CHECK(pushed.diagnostics.empty());
  rapidjson::Document body;
  body.Parse(R"({"uuid":"l","type":"release","resource":"r"})");
  // The operation lives in the catalog: hold the one it is taken from.
  auto pushed_catalog = engine.catalog();
  CHECK(engine.decide(*pushed_catalog->operations->by_name("lock"), "l", body).answer->status ==
        503);
  store.drop_pushed();
  auto baseline = engine.catalog();
  CHECK(engine.decide(*baseline->operations->by_name("lock"), "l", body)
            .answer->body->find("released") != std::string::npos);
}
