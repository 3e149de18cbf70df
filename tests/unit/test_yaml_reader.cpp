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

TEST_CASE("an alias is a positioned error, before any tree is built") {
  Diagnostics diagnostics;
  CHECK_FALSE(load_yaml("a: &x [1]\nb:\n  - *x\n", "a.yaml", diagnostics));
  REQUIRE(diagnostics.size() == 1);
  CHECK(format_diagnostic(diagnostics[0]) ==
        "a.yaml:3:5: error: aliases (*name) are not supported in scenario files; write the value "
        "out where it is used");
  diagnostics.clear();
  // The alias of a merge key is one too; an anchor alone is harmless.
  CHECK_FALSE(load_yaml("a: &x {k: 1}\nb: {<<: *x}\n", "a.yaml", diagnostics));
  diagnostics.clear();
  CHECK(load_yaml("a: &x {k: 1}\n", "a.yaml", diagnostics));
  CHECK(diagnostics.empty());
}

TEST_CASE("nesting is read to 64 levels and refused past them, where the 65th opens") {
  auto nested = [](int levels) {
    return std::string(static_cast<size_t>(levels), '[') +
           std::string(static_cast<size_t>(levels), ']');
  };
  Diagnostics diagnostics;
  CHECK(load_yaml(nested(64), "a.yaml", diagnostics));
  CHECK(diagnostics.empty());
  CHECK_FALSE(load_yaml(nested(65), "a.yaml", diagnostics));
  REQUIRE(diagnostics.size() == 1);
  CHECK(
      format_diagnostic(diagnostics[0])
          .starts_with("a.yaml:1:65: error: mappings and lists are nested deeper than 64 levels"));
  // Block nesting counts alike.
  std::string block;
  for (int i = 0; i < 70; ++i) block += std::string(static_cast<size_t>(i) * 2, ' ') + "k:\n";
  diagnostics.clear();
  CHECK_FALSE(load_yaml(block, "a.yaml", diagnostics));
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].line == 65);
}

TEST_CASE("a diagnostic's message is bounded, keeping its start and end on characters") {
  CHECK(bounded_message("short") == "short");
  std::string accented;
  for (int i = 0; i < 1000; ++i) accented += "é";  // two bytes each
  std::string bounded = bounded_message("key '" + accented + "'; expected one of: a, b");
  CHECK(bounded.size() <= kMaxDiagnosticBytes + 8);
  CHECK(bounded.starts_with("key 'éé"));
  CHECK(bounded.ends_with("éé'; expected one of: a, b"));
  CHECK(bounded.find(" … ") != std::string::npos);
  // Whole characters only: every é survives as its two bytes.
  std::string without = bounded;
  without.replace(without.find(" … "), std::string(" … ").size(), "");
  CHECK((without.size() - std::string("key '").size() -
         std::string("'; expected one of: a, b").size()) %
            2 ==
        0);
}
