#include <catch2/catch.hpp>

#include "scenario/catalog.h"
#include "scenario/loader.h"

using namespace drivemock;
using namespace drivemock::scenario;

namespace {

ScenarioSet set_from(const std::string& file, const std::string& yaml) {
  auto set = parse_scenario(yaml, file, file);
  REQUIRE(set);
  return *set;
}

}  // namespace

TEST_CASE("sets scripting different operations of one uuid merge") {
  auto built = build_catalog({set_from("a.yaml", "directories: {u: {color: {http: 200}}}"),
                              set_from("b.yaml", "directories: {u: {trash: {http: 200}}}")});
  auto catalog = built.value.value_or(nullptr);
  REQUIRE(catalog);
  CHECK(catalog->find("u")->operations.size() == 2);
  CHECK(catalog->find("u")->find("trash")->set->name == "b.yaml");
}

TEST_CASE(
    "the same uuid and operation in two files is an error naming both places and the ways out") {
  auto built = build_catalog({set_from("a.yaml", "directories: {u: {trash: {http: 200}}}"),
                              set_from("b.yaml", "directories: {u: {trash: {http: 500}}}")});
  const Diagnostics& d = built.diagnostics;
  auto catalog = built.value.value_or(nullptr);
  CHECK_FALSE(catalog);
  REQUIRE(d.size() == 1);
  CHECK(d[0].file == "b.yaml");
  CHECK(d[0].line == 1);
  CHECK(d[0].column == 26);
  CHECK(d[0].message.starts_with(
      "directory 'u' operation trash is scripted in both a.yaml:1:26 and b.yaml:1:26; expected "
      "one script of it in all the files served: remove it from one of them, or, to answer "
      "otherwise for one test, push a set in that test's session"));
}

TEST_CASE("two sets with one name are an error") {
  auto built = build_catalog({set_from("a.yaml", "name: x"), set_from("b.yaml", "name: x")});
  const Diagnostics& d = built.diagnostics;
  auto catalog = built.value.value_or(nullptr);
  CHECK_FALSE(catalog);
  CHECK(d.at(0).message.find("'x' is used by both a.yaml and b.yaml") != std::string::npos);
}

TEST_CASE("defaults replace built-in answers, and reject in any set rejects unknown uuids") {
  auto built = build_catalog({set_from("a.yaml", "defaults: {trash: {http: 202}}"),
                              set_from("b.yaml", "unknown_uuids: reject")});
  auto catalog = built.value.value_or(nullptr);
  REQUIRE(catalog);
  CHECK(catalog->defaults.at("trash").rules->at(0).answers.at(0).status == 202);
  CHECK(catalog->defaults.at("trash").set->name == "a.yaml");
  CHECK_FALSE(catalog->defaults.count("color"));
  CHECK(catalog->builtin.at("color").status == 200);
  CHECK(catalog->unknown_uuids == UnknownUuids::reject);
}

TEST_CASE("a catalog suggests the scripted uuid an unknown one was probably meant to be") {
  auto built = build_catalog({set_from("a.yaml",
                                       "directories: {6f1c7e0a-0000-4000-8000-000000000001: "
                                       "{trash: {http: 200}}, d9: {color: {http: 200}}}")});
  auto catalog = built.value.value_or(nullptr);
  REQUIRE(catalog);
  CHECK(catalog->did_you_mean("6F1C7E0A-0000-4000-8000-000000000001") ==
        "6f1c7e0a-0000-4000-8000-000000000001");
  CHECK(catalog->did_you_mean("6f1c7e0a-0000-4000-8000-00000000001") ==
        "6f1c7e0a-0000-4000-8000-000000000001");
  CHECK(catalog->did_you_mean("D9") == "d9");
  CHECK_FALSE(catalog->did_you_mean("0b5d9c3e-1111-4222-8333-444455556666"));
  CHECK_FALSE(catalog->did_you_mean(""));  // a request without a uuid
  CHECK_FALSE(empty_catalog()->did_you_mean("d9"));
}
