// The contract checks on the cases of tests/contracts/request-cases.json:
// the same file the OpenAPI test reads (tests/contracts/openapi.test.mjs),
// so "what drivemock calls a violation" and "what the document's schemas
// reject" are compared on one list.
#include <algorithm>
#include <catch2/catch.hpp>

#include "contract/classify.h"
#include "paths.h"
#include "util/file_text.h"
#include "util/json.h"

using namespace drivemock;
using namespace drivemock::contract;

namespace {

RequestView request_of(const rapidjson::Value& c) {
  RequestView r;
  r.method = c.HasMember("method") ? c["method"].GetString() : "POST";
  r.path = r.url = c["path"].GetString();
  std::vector<std::pair<std::string, const rapidjson::Value*>> given;
  if (c.HasMember("headers")) {
    for (const auto& h : c["headers"].GetObject()) given.emplace_back(h.name.GetString(), &h.value);
  }
  for (std::string name : {"Content-Type", "Accept"}) {
    auto it =
        std::find_if(given.begin(), given.end(), [&](const auto& g) { return g.first == name; });
    if (it == given.end()) {
      r.headers.push_back({name, "application/json"});
    } else if (it->second->IsString()) {
      r.headers.push_back({name, it->second->GetString()});
    }
  }
  r.body.assign(c["body"].GetString(), c["body"].GetStringLength());
  return r;
}

}  // namespace

TEST_CASE("each shared contract case journals exactly its violations") {
  auto text = read_file_text(drivemock::testing::contracts_dir() + "/request-cases.json");
  REQUIRE(text);
  rapidjson::Document doc;
  doc.Parse(text->c_str(), text->size());
  REQUIRE(doc.IsObject());
  const auto& cases = doc["cases"];
  REQUIRE(cases.Size() > 15);
  for (const auto& c : cases.GetArray()) {
    INFO(c["name"].GetString());
    auto classified = classify(request_of(c), *builtin_set(), Strictness::lenient, Envelope());
    std::vector<std::string> rules;
    for (const auto& v : classified.seen.violations) rules.push_back(v.rule);
    std::vector<std::string> expected;
    for (const auto& rule : c["violations"].GetArray()) expected.push_back(rule.GetString());
    std::sort(rules.begin(), rules.end());
    std::sort(expected.begin(), expected.end());
    CHECK(rules == expected);
    if (c.HasMember("unknownPath")) {
      REQUIRE(classified.early);
      CHECK(classified.early->status == 404);
    }
  }
}
