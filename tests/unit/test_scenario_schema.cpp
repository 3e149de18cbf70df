// The scenario format's JSON Schema (clients/js/scenario.schema.json, built
// in as `drivemock schema` prints it) against the grammar the loader
// enforces: every key the loader takes is in the schema and no other, and
// the schema's closed values and bounds are the loader's. A key added to
// either side alone fails here.
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "contract/operations_reader.h"
#include "model/reply.h"
#include "scenario/document_parser.h"
#include "scenario/loader.h"
#include "scenario/scenario_schema.h"

using namespace drivemock;
using namespace drivemock::scenario;

namespace {

rapidjson::Document parsed_schema() {
  rapidjson::Document schema;
  schema.Parse(kScenarioSchema.data(), kScenarioSchema.size());
  REQUIRE_FALSE(schema.HasParseError());
  return schema;
}

std::set<std::string> properties_of(const rapidjson::Value& definition) {
  std::set<std::string> out;
  for (const auto& p : definition["properties"].GetObject()) out.insert(p.name.GetString());
  return out;
}

std::set<std::string> grammar(const document::Keys& keys) {
  return {keys.begin(), keys.end()};
}

std::set<std::string> enum_of(const rapidjson::Value& property) {
  std::set<std::string> out;
  for (const auto& v : property["enum"].GetArray()) out.insert(v.GetString());
  return out;
}

double maximum_of(const rapidjson::Value& property) {
  return property["maximum"].GetDouble();
}

}  // namespace

TEST_CASE("every key the scenario loader takes is in the schema, and no other") {
  auto schema = parsed_schema();
  const auto& defs = schema["$defs"];
  CHECK(properties_of(schema) == grammar(kSetKeys));
  CHECK(properties_of(defs["rule"]) == grammar(kRuleKeys));
  CHECK(properties_of(defs["answer"]) == grammar(kAnswerKeys));
  CHECK(properties_of(defs["weightedAnswer"]) == grammar(kWeightedAnswerKeys));
  CHECK(properties_of(defs["oneOf"]) == grammar(kOneOfKeys));
  CHECK(properties_of(defs["dribble"]) == grammar(kDribbleKeys));
  CHECK(properties_of(defs["randomDelay"]) == grammar(kRandomDelayKeys));
  CHECK(properties_of(defs["lognormal"]) == grammar(kLognormalKeys));
  CHECK(properties_of(defs["limit"]) == grammar(kLimitKeys));
  CHECK(properties_of(defs["operationDefinition"]) == grammar(contract::kScenarioDefinitionKeys));
  CHECK(properties_of(defs["onSuccess"]) == grammar(contract::kOnSuccessKeys));
  // Closed, as the loader is: an unknown key is an editor's mark too.
  for (const char* name : {"rule", "answer", "weightedAnswer", "oneOf", "dribble", "randomDelay",
                           "lognormal", "limit", "operationDefinition", "onSuccess"}) {
    INFO(name);
    CHECK(defs[name]["additionalProperties"].IsFalse());
  }
  CHECK(schema["additionalProperties"].IsFalse());
}

TEST_CASE("the schema's closed values and bounds are the loader's") {
  auto schema = parsed_schema();
  const auto& defs = schema["$defs"];
  const auto& answer = defs["answer"]["properties"];
  for (const auto& fault : enum_of(answer["fault"])) {
    INFO(fault);
    CHECK(fault_from_name(fault));
  }
  CHECK(enum_of(answer["fault"]).size() == 4);  // every Fault but none
  CHECK(answer["http"]["minimum"].GetInt() == 100);
  CHECK(maximum_of(answer["http"]) == 599);
  CHECK(maximum_of(answer["delay_ms"]["anyOf"][0]) == kMaxDelayMs);
  CHECK(maximum_of(defs["dribble"]["properties"]["chunks"]) == kMaxDribbleChunks);
  CHECK(maximum_of(defs["lognormal"]["properties"]["sigma"]) == kMaxSigma);
  CHECK(maximum_of(defs["weightedAnswer"]["properties"]["weight"]) == kMaxWeight);
  CHECK(maximum_of(defs["limit"]["properties"]["calls"]) == kMaxLimitCalls);
  CHECK(maximum_of(defs["limit"]["properties"]["per_ms"]) == kMaxLimitWindowMs);
  // Each closed value loads, and one beside them does not.
  for (const auto& policy : enum_of(schema["properties"]["unknown_uuids"])) {
    CHECK(parse_scenario("unknown_uuids: " + policy + "\n", "s.yaml", "s").value);
  }
  CHECK_FALSE(parse_scenario("unknown_uuids: maybe\n", "s.yaml", "s").value);
  for (const auto& per : enum_of(defs["limit"]["properties"]["per"])) {
    CHECK(
        parse_scenario("limits: [{calls: 1, per_ms: 1, per: " + per + "}]\n", "s.yaml", "s").value);
  }
}

TEST_CASE("every example the schema gives of an answer and a rule loads") {
  auto schema = parsed_schema();
  const auto& defs = schema["$defs"];
  for (const char* name : {"answer", "rule"}) {
    for (const auto& example : defs[name]["examples"].GetArray()) {
      rapidjson::StringBuffer text;
      rapidjson::Writer<rapidjson::StringBuffer> w(text);
      example.Accept(w);
      INFO(text.GetString());
      CHECK(parse_scenario(
                "{\"directories\": {\"u\": {\"trash\": " + std::string(text.GetString()) + "}}}",
                "s.json", "s")
                .value);
    }
  }
}
