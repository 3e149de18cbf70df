// The OpenAPI document of the operations in force (interchange/openapi_writer.h).
#include <yaml-cpp/yaml.h>

#include <catch2/catch.hpp>

#include "interchange/openapi_writer.h"
#include "util/json.h"

using namespace drivemock;
using namespace drivemock::contract;
using namespace drivemock::interchange;

namespace {

rapidjson::Document openapi_json(const OpenApiInput& input) {
  auto doc = json::parse_untrusted(openapi_document(input, DocumentFormat::json));
  REQUIRE(doc);
  return std::move(*doc);
}

OperationSet with_keyless() {
  OperationSet set = *builtin_set();
  Operation info;
  info.name = "user-info";
  info.path = "/v3/user/info";
  info.fields = {{"verbose", FieldType::boolean, Presence::optional}};
  info.key.clear();
  info.source = "extra.yaml";
  set.list.push_back(info);
  return set;
}

}  // namespace

TEST_CASE("each operation is a POST path whose body schema is what the contract checks") {
  std::vector<AnswerExample> none;
  auto ops = with_keyless();
  auto doc = openapi_json({ops, none, Envelope(), "1.2.3"});
  CHECK(std::string(doc["openapi"].GetString()) == "3.1.0");
  CHECK(std::string(doc["info"]["version"].GetString()) == "1.2.3");
  const auto& color = doc["paths"]["/v3/dir/color"]["post"];
  CHECK(std::string(color["operationId"].GetString()) == "color");
  CHECK(std::string(color[kKeyExtension.data()].GetString()) == "uuid");
  const auto& schema = doc["components"]["schemas"]["colorRequest"];
  CHECK(schema["additionalProperties"].IsFalse());
  CHECK(schema["required"].Size() == 2);
  CHECK(std::string(schema["properties"]["color"]["type"].GetString()) == "string");
  const auto& info = doc["paths"]["/v3/user/info"]["post"];
  CHECK(info[kKeyExtension.data()].IsNull());  // names no entity
  const auto& info_schema = doc["components"]["schemas"]["user-infoRequest"];
  CHECK(!info_schema.HasMember("required"));
  CHECK(std::string(info_schema["properties"]["verbose"]["type"].GetString()) == "boolean");
}

TEST_CASE("the envelope and the examples follow the dialect") {
  std::vector<AnswerExample> none;
  auto doc = openapi_json({*builtin_set(), none, Envelope(Dialect::service), "1"});
  CHECK(std::string(
            doc["components"]["schemas"]["Envelope"]["properties"]["status"]["type"].GetString()) ==
        "boolean");
  const auto& ok = doc["paths"]["/v3/dir/trash"]["post"]["responses"]["200"]["content"]
                      ["application/json"]["examples"]["built-in"]["value"];
  CHECK(ok["status"].IsTrue());
  CHECK(std::string(ok["code"].GetString()) == "dir_trashed");
}

TEST_CASE("scenario answers are examples under their status, distinct and bounded") {
  std::vector<AnswerExample> examples;
  for (int i = 0; i < 100; ++i) {
    examples.push_back({"trash", "set.u" + std::to_string(i) + ".rule-1", 200,
                        R"({"status":"success","code":"c)" + std::to_string(i % 30) + "\"}"});
  }
  examples.push_back({"trash", "set.u.rule-2", 503, R"({"status":"error"})"});
  examples.push_back({"trash", "set.u.rule-3", 200, "not json"});
  auto doc = openapi_json({*builtin_set(), examples, Envelope(), "1"});
  const auto& responses = doc["paths"]["/v3/dir/trash"]["post"]["responses"];
  // The built-in answer and the first kMaxExamplesPerStatus - 1 distinct scripted ones.
  CHECK(responses["200"]["content"]["application/json"]["examples"].MemberCount() ==
        kMaxExamplesPerStatus);
  CHECK(responses["503"]["content"]["application/json"]["examples"].HasMember("set.u.rule-2"));
  CHECK(responses["400"].IsObject());
}

TEST_CASE("the YAML form is the JSON form") {
  std::vector<AnswerExample> examples = {{"color", "s, u, rule 1", 200, R"({"code":"007"})"}};
  OpenApiInput input{*builtin_set(), examples, Envelope(), "1"};
  YAML::Node yaml = YAML::Load(openapi_document(input, DocumentFormat::yaml));
  auto json = openapi_json(input);
  CHECK(yaml["openapi"].as<std::string>() == "3.1.0");
  auto code = yaml["paths"]["/v3/dir/color"]["post"]["responses"]["200"]["content"]
                  ["application/json"]["examples"]["s, u, rule 1"]["value"]["code"];
  CHECK(code.as<std::string>() == "007");
  CHECK(code.Tag() == "!");  // quoted: a YAML reader takes it for a string, not the number 7
  CHECK(yaml["paths"]["/v3/dir/color"]["post"]["responses"]["200"].IsMap());
  CHECK(yaml["components"]["schemas"]["colorRequest"]["additionalProperties"].as<bool>() ==
        json["components"]["schemas"]["colorRequest"]["additionalProperties"].GetBool());
}

TEST_CASE("a raw answer is declared under the media type it is sent as") {
  std::vector<AnswerExample> examples = {
      {"color", "official-client.u2.rule-1.answer-1", 503, "Service Unavailable", "text/plain"},
      {"trash", "errors.u1.rule-1", 200, R"({"status":"success")", "application/json"}};
  auto doc = openapi_json({*builtin_set(), examples, Envelope(), "1"});
  const auto& text = doc["paths"]["/v3/dir/color"]["post"]["responses"]["503"]["content"];
  REQUIRE(text.HasMember("text/plain"));
  CHECK(!text.HasMember("application/json"));
  CHECK(std::string(text["text/plain"]["schema"]["type"].GetString()) == "string");
  CHECK(std::string(text["text/plain"]["examples"]["official-client.u2.rule-1.answer-1"]["value"]
                        .GetString()) == "Service Unavailable");
  // JSON that is none, sent as JSON on purpose: any value, not the envelope.
  const auto& broken = doc["paths"]["/v3/dir/trash"]["post"]["responses"]["200"]["content"]
                          ["application/json"]["schema"];
  CHECK(!broken.HasMember("$ref"));
  CHECK(!broken.HasMember("type"));
}

TEST_CASE("every operation declares the refusals it may get, the dialect's security, no path") {
  std::vector<AnswerExample> none;
  auto ops = with_keyless();
  ops.list.back().source = "/home/someone/work/extra.yaml";
  auto service = openapi_json({ops, none, Envelope(Dialect::service), "1"});
  const rapidjson::Value& paths = service["paths"];  // const: clang reads C++20's != as ambiguous
  for (const auto& path : paths.GetObject()) {
    const auto& responses = path.value["post"]["responses"];
    CHECK(responses.HasMember("400"));
    CHECK(std::string(responses["413"]["content"]["application/json"]["examples"]
                               ["payload_too_large"]["value"]["code"]
                                   .GetString()) == "payload_too_large");
  }
  CHECK(std::string(service["paths"]["/v3/user/info"]["post"]["summary"].GetString()) ==
        "user-info (extra.yaml)");
  // The live service's API key, as a bearer; the API document's dialect: none.
  CHECK(std::string(service["components"]["securitySchemes"]["bearer"]["scheme"].GetString()) ==
        "bearer");
  REQUIRE(service["security"].Size() == 1);
  CHECK(service["security"][0].HasMember("bearer"));
  auto document_dialect = openapi_json({ops, none, Envelope(), "1"});
  CHECK(document_dialect["security"].IsArray());
  CHECK(document_dialect["security"].Empty());
  CHECK(!document_dialect["components"].HasMember("securitySchemes"));
  // An answer's data (a lock's, the service's trash) is part of the envelope.
  CHECK(std::string(
            document_dialect["components"]["schemas"]["Envelope"]["properties"]["data"]["type"]
                .GetString()) == "object");
}
