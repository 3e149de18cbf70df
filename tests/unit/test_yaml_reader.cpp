#include <catch2/catch.hpp>

#include "util/yaml_reader.h"

using namespace drivemock;

namespace {

const YamlKeys kKeys = {"http", "body", "raw"};
const std::string kFile = "a.yaml";

}  // namespace

TEST_CASE("members reads the known keys of a mapping and reports each other key where it is") {
  Diagnostics diagnostics;
  auto root = load_yaml("http: 503\nbodi: {}\nbody: {a: 1}\nextra: 2\n", "a.yaml", diagnostics);
  REQUIRE(root);
  YamlReader in(kFile, diagnostics);
  auto members = in.members(*root, kKeys, "an answer");
  CHECK(members["http"].Scalar() == "503");
  CHECK(members["body"].IsMap());
  CHECK_FALSE(members["raw"]);
  REQUIRE(diagnostics.size() == 2);
  CHECK(format_diagnostic(diagnostics[0]) ==
        "a.yaml:2:1: error: unknown key 'bodi' in an answer; expected one of: http, body, raw");
  CHECK(format_diagnostic(diagnostics[1]).starts_with("a.yaml:4:1: error: unknown key 'extra'"));
}

TEST_CASE("an absent member stays absent however often one is asked for") {
  Diagnostics diagnostics;
  auto root = load_yaml("{http: 200}", "a.yaml", diagnostics);
  REQUIRE(root);
  auto absent = yaml_member(*root, "raw");
  CHECK_FALSE(absent);
  absent.reset(yaml_member(*root, "http"));
  CHECK(absent.Scalar() == "200");
  CHECK_FALSE(yaml_member(*root, "raw"));
  CHECK_FALSE(YamlReader(kFile, diagnostics).members(*root, kKeys, "x")["body"]);
}
