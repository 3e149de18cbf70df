// What keeps big scenario sets small and their loads fast: one copy of each
// answer body per load, a catalog that points into its sets instead of
// copying them, and files parsed in parallel with diagnostics in file order.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "document/reader.h"
#include "scenario/catalog.h"
#include "scenario/loader.h"
#include "temp_dir.h"

using namespace drivemock;
using namespace drivemock::scenario;

TEST_CASE("identical answer bodies of one load are stored once") {
  auto set = parse_scenario(R"(directories:
  a: {trash: {body: {status: success, code: dir_trashed}}, color: {raw: 'same text'}}
  b: {trash: {body: {status: success, code: dir_trashed}}, color: {raw: 'same text'}}
  c: {trash: {body: {status: success, code: other}}}
)",
                            "s.yaml", "s");
  REQUIRE(set);
  auto body = [&](const char* uuid, const char* op) {
    return set->directories.at(uuid).operations.at(op).at(0).answers.at(0).body.get();
  };
  CHECK(body("a", "trash") == body("b", "trash"));
  CHECK(body("a", "color") == body("b", "color"));
  CHECK(body("a", "trash") != body("c", "trash"));
  CHECK(*body("c", "trash") == R"({"status":"success","code":"other"})");
}

TEST_CASE("identical header lists of one load are stored once") {
  auto set = parse_scenario(R"(directories:
  a: {trash: {raw: x, headers: {Content-Type: text/html, X-A: '1'}}}
  b: {trash: {raw: y, headers: {Content-Type: text/html, X-A: '1'}}}
  c: {trash: {raw: x, headers: {Content-Type: text/html, X-A: '2'}}}
  d: {trash: {raw: x, headers: {X-A: '1', Content-Type: text/html}}}
)",
                            "s.yaml", "s");
  REQUIRE(set);
  auto headers = [&](const char* uuid) {
    return set->directories.at(uuid).operations.at("trash").at(0).answers.at(0).headers.get();
  };
  CHECK(headers("a") == headers("b"));
  CHECK(headers("a") != headers("c"));
  CHECK(headers("a") != headers("d"));  // another order is another list
  CHECK(headers("c")->at(1).value == "2");
}

TEST_CASE("a body that does not fit the envelope warns at each place it is used") {
  auto set = parse_scenario(R"(directories:
  a: {trash: {body: {status: true}}}
  b: {trash: {body: {status: true}}}
)",
                            "s.yaml", "s");
  REQUIRE(set);
  REQUIRE(set.diagnostics.size() == 2);
  CHECK(set.diagnostics[0].line == 2);
  CHECK(set.diagnostics[1].line == 3);
}

TEST_CASE("the catalog points into the sets it is built from, which it keeps alive") {
  auto parsed = parse_scenario(
      "directories: {u: {trash: {http: 503}}}\ndefaults: {color: {http: 202}}", "s.yaml", "s");
  REQUIRE(parsed);
  auto set = std::make_shared<const ScenarioSet>(std::move(*parsed));
  auto catalog = *build_catalog(std::vector<SharedSet>{set});
  CHECK(catalog->find("u")->find("trash")->rules ==
        &set->directories.at("u").operations.at("trash"));
  CHECK(catalog->defaults.at("color").rules == &set->defaults.at("color"));
  std::weak_ptr<const ScenarioSet> weak = set;
  set.reset();
  CHECK_FALSE(weak.expired());
  CHECK(catalog->find("u")->find("trash")->rules->at(0).answers.at(0).status == 503);
}

TEST_CASE("the files of a directory load in parallel, their diagnostics in file order") {
  testing::TempDir dir;
  for (int i = 0; i < 12; ++i) {
    char name[16];
    std::snprintf(name, sizeof name, "f%02d.yaml", i);
    // Each file's error is on a different line, so that order shows.
    std::ofstream(dir.path / name)
        << std::string(static_cast<size_t>(i), '\n') << "directories: {u" << i << ": {trsh: {}}}\n";
  }
  std::ofstream(dir.path / "g-good.yaml") << "directories: {good: {trash: {http: 200}}}\n";
  auto loaded = load_scenario_paths({dir.path.string()});
  REQUIRE(loaded.diagnostics.size() == 12);
  for (int i = 0; i < 12; ++i) {
    CHECK(loaded.diagnostics[static_cast<size_t>(i)].line == i + 1);
  }
  REQUIRE(loaded->size() == 1);
  CHECK(loaded->front().name == "g-good");
}

TEST_CASE("a file's directories read by every core come out as one read gives them") {
  // Over the sizes at which a file alone is read in parts: 1 MiB whatever
  // the load, kSpreadDocumentBytes at start-up. A warning in every entry,
  // in the order of the file; a uuid given twice, an error at the repeat.
  const int entries = GENERATE(12000, 1500);
  std::string text = "directories:\n";
  for (int i = 0; i < entries; ++i) {
    std::string uuid = "u" + std::to_string(i);
    text += "  " + uuid + ":\n    trash: {body: {status: " + std::to_string(i) +
            ", message: a message long enough to make the file big, code: x}}\n";
  }
  REQUIRE(text.size() > kSpreadDocumentBytes);
  REQUIRE((entries < 10000) == (text.size() < kBigDocumentBytes));
  auto set = parse_scenario(text, "big.yaml", "big");
  REQUIRE(set);
  CHECK(set->directories.size() == static_cast<size_t>(entries));
  CHECK(set->directories.at("u0").operations.at("trash").at(0).answers.at(0).body_text().find(
            "\"status\":0") != std::string_view::npos);
  // The first kMostListedProblems, then one warning that the list stops.
  const size_t listed = document::kMostListedProblems;
  REQUIRE(set.diagnostics.size() == listed + 1);
  bool in_order = true;
  for (size_t i = 0; i < listed; ++i) {
    in_order = in_order && set.diagnostics[i].line == 3 + 2 * static_cast<int>(i);
  }
  CHECK(in_order);
  CHECK(set.diagnostics[listed].line == 3 + 2 * static_cast<int>(listed));
  CHECK(set.diagnostics[listed].message.starts_with("more problems from here on are not listed"));
  // The last entry names u0 again: refused at its line, whichever core read it.
  text += "  u0:\n    trash: {http: 500}\n";
  auto repeated = parse_scenario(text, "big.yaml", "big");
  CHECK_FALSE(repeated);
  bool said = false;
  for (const auto& d : repeated.diagnostics) {
    said = said || (d.severity == Severity::error && d.line == 2 + 2 * entries &&
                    d.message.starts_with("the key 'u0' is given twice in this mapping (first "
                                          "at line 2, column 3)"));
  }
  CHECK(said);
}
