// OpenAPI in: a scenario file's `operations: FILE` (interchange/openapi_operations.h).
#include <catch2/catch.hpp>
#include <fstream>

#include "contract/field_checks.h"
#include "interchange/openapi_writer.h"
#include "paths.h"
#include "scenario/loader.h"
#include "temp_dir.h"
#include "test_size.h"

using namespace drivemock;
using namespace drivemock::scenario;
using namespace drivemock::interchange;
using drivemock::testing::read_text_file;
using drivemock::testing::TempDir;

namespace {

void write(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

/// Loads scenario.yaml (`operations: api.yaml` and `rest`) beside api.yaml.
Checked<std::vector<ScenarioSet>> load_with(const TempDir& dir, const std::string& api,
                                            const std::string& rest = "directories: {}\n") {
  write(dir.file("api.yaml"), api);
  write(dir.file("scenario.yaml"), "operations: api.yaml\n" + rest);
  return load_scenario_paths({dir.file("scenario.yaml")});
}

std::vector<std::string> messages(const Diagnostics& diagnostics) {
  std::vector<std::string> out;
  for (const auto& d : diagnostics) out.push_back(format_diagnostic(d));
  return out;
}

const contract::Operation* find(const ScenarioSet& set, const std::string& name) {
  for (const auto& op : set.operations) {
    if (op.name == name) return &op;
  }
  return nullptr;
}

/// tests/contracts/drive-api.yaml: shared with the JS test of the same feature.
std::string drive_api() {
  return read_text_file(drivemock::testing::contracts_dir() + "/drive-api.yaml");
}

}  // namespace

TEST_CASE(
    "a scenario file's operations: names an OpenAPI document whose POST operations it serves") {
  TempDir dir;
  auto loaded = load_with(dir, drive_api(), R"(directories:
  f1:
    fileRename: {body: {status: false, code: locked}}
defaults:
  userInfo: {body: {status: true, data: {plan: free}}}
)");
  INFO(Catch::Detail::stringify(messages(loaded.diagnostics)));
  REQUIRE(loaded->size() == 1);
  const ScenarioSet& set = loaded->front();
  const auto* rename = find(set, "fileRename");
  REQUIRE(rename);
  CHECK(rename->path == "/v3/file/rename");  // the server URL's path, then the document's
  CHECK(rename->key == "uuid");              // the single required string field named uuid
  CHECK(rename->source == dir.file("api.yaml"));
  REQUIRE(rename->fields.size() == 3);
  CHECK(rename->fields[2].type == contract::FieldType::number);  // integer
  CHECK(rename->fields[2].presence == contract::Presence::optional);
  REQUIRE(rename->builtin_answer);
  CHECK(rename->builtin_answer->body_text() == R"({"status":true,"code":"renamed"})");
  const auto* info = find(set, "userInfo");
  REQUIRE(info);
  CHECK(info->key.empty());                // x-drivemock-key: null, calls name no entity
  CHECK(info->builtin_code == "success");  // no example: the dialect's success
  // What drivemock does not serve or check is said, where it is.
  auto said = messages(loaded.diagnostics);
  std::string api = dir.file("api.yaml");
  CHECK(std::count_if(said.begin(), said.end(), [&](const std::string& m) {
          return m.starts_with(api +
                               ":43:15: warning: POST /v3/file/rename: field 'name': enum, "
                               "maxLength not checked");
        }) == 1);
  CHECK(std::find(said.begin(), said.end(),
                  api + ":31:5: warning: GET /v3/user/info: drivemock serves POST operations "
                        "only; not served") != said.end());
  CHECK(std::find_if(said.begin(), said.end(), [&](const std::string& m) {
          return m.starts_with(api + ":35:7: warning: POST /v3/dir/list: no operationId");
        }) != said.end());
  CHECK(std::find_if(said.begin(), said.end(), [&](const std::string& m) {
          return m.starts_with(api +
                               ":11:19: warning: /v3/file/rename: parameters (query, "
                               "header, path, cookie) are not checked");
        }) != said.end());
  CHECK(!has_errors(loaded.diagnostics));
}

TEST_CASE(
    "the document of drivemock contract --openapi reads back as the operations it describes") {
  TempDir dir;
  contract::OperationSet ops = *contract::builtin_set();
  contract::Operation lock;
  lock.name = "lock";
  lock.path = "/v3/user/lock";
  lock.fields = {{"uuid", contract::FieldType::string, contract::Presence::required},
                 {"type", contract::FieldType::string, contract::Presence::required},
                 {"ttl", contract::FieldType::number, contract::Presence::optional}};
  lock.builtin_answer = json_reply(200, R"({"status":true,"data":{"acquired":true}})");
  ops.list.push_back(lock);
  std::vector<interchange::AnswerExample> none;
  auto loaded = load_with(dir, interchange::openapi_document({ops, none, Envelope(), "1"},
                                                             interchange::DocumentFormat::yaml));
  REQUIRE(loaded->size() == 1);
  INFO(Catch::Detail::stringify(messages(loaded.diagnostics)));
  CHECK(loaded.diagnostics.empty());  // the built-in two, as they are: nothing to say
  const auto& read = loaded->front().operations;
  REQUIRE(read.size() == 1);
  CHECK(read[0].name == "lock");
  CHECK(read[0].path == lock.path);
  CHECK(read[0].key == "uuid");
  CHECK(read[0].fields == lock.fields);
  CHECK(read[0].builtin_answer->body_text() == lock.builtin_answer->body_text());
}

TEST_CASE(
    "refs that leave the document or go round, and an alias bomb, are positioned, not followed") {
  TempDir dir;
  SECTION("a $ref cycle") {
    auto loaded = load_with(dir, R"(openapi: 3.0.3
paths:
  /v3/a:
    post:
      operationId: a
      requestBody: {$ref: "#/components/requestBodies/A"}
components:
  requestBodies:
    A: {$ref: "#/components/requestBodies/B"}
    B: {$ref: "#/components/requestBodies/A"}
)");
    auto said = messages(loaded.diagnostics);
    INFO(Catch::Detail::stringify(said));
    REQUIRE(said.size() == 1);
    CHECK(said[0].find("api.yaml:10:15: warning: POST /v3/a requestBody: $ref "
                       "'#/components/requestBodies/A' leads round in a cycle") !=
          std::string::npos);
    CHECK(loaded->front().operations.empty());
  }
  SECTION("an external $ref") {
    auto loaded = load_with(dir, R"(openapi: 3.1.0
paths:
  /v3/a:
    post:
      operationId: a
      requestBody: {$ref: "https://evil.example/body.yaml"}
)");
    auto said = messages(loaded.diagnostics);
    INFO(Catch::Detail::stringify(said));
    REQUIRE(said.size() == 1);
    CHECK(said[0].find("api.yaml:6:27: warning: POST /v3/a requestBody: $ref "
                       "'https://evil.example/body.yaml' is outside this document") !=
          std::string::npos);
  }
  SECTION("a billion laughs") {
    std::string bomb = "openapi: 3.1.0\na: &a [x, x, x, x, x, x, x, x, x, x]\n";
    for (char c = 'b'; c <= 'j'; ++c) {
      bomb += std::string(1, c) + ": &" + c + " [*" + char(c - 1) + ", *" + char(c - 1) + ", *" +
              char(c - 1) + ", *" + char(c - 1) + "]\n";
    }
    auto loaded = load_with(dir, bomb + "paths: {}\n");
    REQUIRE(has_errors(loaded.diagnostics));
    CHECK(format_diagnostic(loaded.diagnostics[0]).starts_with(dir.file("api.yaml") + ":3:"));
  }
  SECTION("a pushed or inline set may not name a file at all") {
    write(dir.file("api.yaml"), drive_api());
    auto pushed = parse_scenario("operations: " + dir.file("api.yaml") + "\ndirectories: {}\n",
                                 "pushed", "p");
    REQUIRE(has_errors(pushed.diagnostics));
    CHECK(pushed.diagnostics[0].message.find("only a scenario file may do") != std::string::npos);
  }
  SECTION("a file that is not an OpenAPI document") {
    auto loaded = load_with(dir, "name: not-openapi\n");
    REQUIRE(has_errors(loaded.diagnostics));
    CHECK(format_diagnostic(loaded.diagnostics[0]) ==
          dir.file("api.yaml") +
              ":1:1: error: expected an OpenAPI 3.x document (openapi: 3.0.3 or 3.1.0 at its top)");
  }
}

TEST_CASE(
    "a field drivemock cannot check is any JSON value, with a warning, and its operation is "
    "served") {
  TempDir dir;
  // `tags` is a oneOf whose branch goes round in a $ref cycle: never followed.
  auto loaded = load_with(dir, R"(openapi: 3.1.0
paths:
  /v3/file/tag:
    post:
      operationId: fileTag
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [uuid]
              properties:
                uuid: {type: string}
                tags:
                  oneOf: [{type: string}, {$ref: "#/components/schemas/Loop"}]
                note: {anyOf: [{type: string}, {type: number}]}
                flag: {not: {type: string}}
                size: {type: [integer, "null"]}
                free: {}
components:
  schemas:
    Loop: {oneOf: [{$ref: "#/components/schemas/Loop"}]}
)",
                          R"(directories:
  f1:
    fileTag: {body: {status: true, code: tagged}}
)");
  auto said = messages(loaded.diagnostics);
  INFO(Catch::Detail::stringify(said));
  CHECK(!has_errors(loaded.diagnostics));
  REQUIRE(loaded->size() == 1);
  const auto* tag = find(loaded->front(), "fileTag");
  REQUIRE(tag);
  REQUIRE(tag->fields.size() == 6);
  CHECK(tag->key == "uuid");
  for (size_t i = 1; i < 6; ++i) CHECK(tag->fields[i].type == contract::FieldType::any);
  std::string api = dir.file("api.yaml");
  for (const std::string& expected :
       {api + ":14:17: warning: POST /v3/file/tag: field 'tags' is typed with oneOf: drivemock "
              "accepts any JSON value for it",
        api + ":16:17: warning: POST /v3/file/tag: field 'note' is typed with anyOf: drivemock "
              "accepts any JSON value for it",
        api + ":17:17: warning: POST /v3/file/tag: field 'flag' is typed with not: drivemock "
              "accepts any JSON value for it",
        api + ":18:17: warning: POST /v3/file/tag: field 'size' has a list of types: drivemock "
              "accepts any JSON value for it",
        api + ":19:17: warning: POST /v3/file/tag: field 'free' has no type: drivemock accepts "
              "any JSON value for it"}) {
    CHECK(std::find(said.begin(), said.end(), expected) != said.end());
  }
  // Any value passes the contract's check of such a field; its listed type stays checked.
  rapidjson::Document body;
  auto check = [&](const char* json) {
    body.Parse(json);
    return contract::check_fields(tag->fields, body, "request body",
                                  contract::UnknownFields::report);
  };
  CHECK(check(R"({"uuid":"f1","tags":[{"deep":[1,2]}],"note":null,"flag":7})").empty());
  CHECK(!check(R"({"uuid":7})").empty());
}

TEST_CASE("10,000 operations of one document are read") {
  TempDir dir;
  std::string api = "openapi: 3.1.0\npaths:\n";
  const int count = test::sized(10000);
  for (int i = 0; i < count; ++i) {
    api += "  /v3/op/" + std::to_string(i) + ":\n    post:\n      operationId: op" +
           std::to_string(i) +
           "\n      requestBody: {content: {application/json: {schema: {type: object, required: "
           "[uuid], properties: {uuid: {type: string}}}}}}\n";
  }
  auto loaded = load_with(dir, api);
  CHECK(loaded.diagnostics.empty());
  REQUIRE(loaded->size() == 1);
  CHECK(loaded->front().operations.size() == static_cast<size_t>(count));
}
