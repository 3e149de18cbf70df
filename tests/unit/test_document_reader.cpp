#include <catch2/catch.hpp>

#include "document/reader.h"

using namespace drivemock;
using document::Node;

namespace {

const document::Keys kKeys = {"http", "body", "raw"};
const std::string kFile = "a.yaml";

std::optional<document::Tree> read(std::string_view text, Diagnostics& diagnostics) {
  return document::read_tree(text, kFile, diagnostics);
}

}  // namespace

TEST_CASE("fields reads the known keys of a mapping and reports each other key where it is") {
  Diagnostics diagnostics;
  auto tree = read("http: 503\nbodi: {}\nbody: {a: 1}\nextra: 2\n", diagnostics);
  REQUIRE(tree);
  document::Reader in(kFile, diagnostics);
  auto fields = in.fields(tree->root(), kKeys, "an answer");
  CHECK(fields["http"].text() == "503");
  CHECK(fields["body"].is_map());
  CHECK_FALSE(fields["raw"]);
  REQUIRE(diagnostics.size() == 2);
  CHECK(format_diagnostic(diagnostics[0]) ==
        "a.yaml:2:1: error: unknown key 'bodi' in an answer; expected one of: http, body, raw");
  CHECK(format_diagnostic(diagnostics[1]).starts_with("a.yaml:4:1: error: unknown key 'extra'"));
}

TEST_CASE("a scalar, a number in range and a boolean are read or refused with what was expected") {
  Diagnostics diagnostics;
  auto tree = read("a: 503\nb: 1e9\nc: yes\nd: [1]\ne: true\nf: null\n", diagnostics);
  REQUIRE(tree);
  Node root = tree->root();
  document::Reader in(kFile, diagnostics);
  CHECK(in.integer(root.member("a"), "an HTTP status", 100, 599) == 503);
  CHECK(in.number(root.member("b"), "a weight", 0, 1e9) == 1e9);
  CHECK(in.boolean(root.member("e"), "cycle") == true);
  CHECK_FALSE(in.integer(root.member("b"), "an HTTP status", 100, 599));
  CHECK_FALSE(in.boolean(root.member("c"), "cycle"));
  CHECK_FALSE(in.scalar(root.member("d"), "a state name"));
  CHECK_FALSE(in.scalar(root.member("f"), "a state name"));
  std::vector<std::string> said;
  for (const auto& d : diagnostics) said.push_back(format_diagnostic(d));
  CHECK(said == std::vector<std::string>{
                    "a.yaml:2:4: error: expected an HTTP status from 100 to 599, found '1e9'",
                    "a.yaml:3:4: error: expected cycle (true or false), found 'yes'",
                    "a.yaml:4:4: error: expected a state name, found a list",
                    "a.yaml:6:4: error: expected a state name, found nothing"});
  CHECK(in.error_count() == 4);
}

TEST_CASE("an alias is a positioned error") {
  Diagnostics diagnostics;
  CHECK_FALSE(read("a: &x [1]\nb:\n  - *x\n", diagnostics));
  REQUIRE(diagnostics.size() == 1);
  CHECK(format_diagnostic(diagnostics[0]) ==
        "a.yaml:3:5: error: aliases (*name) are not supported in scenario files; write the value "
        "out where it is used");
  diagnostics.clear();
  // The alias of a merge key is one too; an anchor alone is harmless.
  CHECK_FALSE(read("a: &x {k: 1}\nb: {<<: *x}\n", diagnostics));
  diagnostics.clear();
  CHECK(read("a: &x {k: 1}\n", diagnostics));
  CHECK(diagnostics.empty());
}

TEST_CASE("nesting is read to 64 levels and refused past them, where the 65th opens") {
  // Under a root mapping, the first level.
  auto nested = [](int levels) {
    return "a: " + std::string(static_cast<size_t>(levels - 1), '[') +
           std::string(static_cast<size_t>(levels - 1), ']');
  };
  Diagnostics diagnostics;
  CHECK(read(nested(64), diagnostics));
  CHECK(diagnostics.empty());
  CHECK_FALSE(read(nested(65), diagnostics));
  REQUIRE(diagnostics.size() == 1);
  CHECK(
      format_diagnostic(diagnostics[0])
          .starts_with("a.yaml:1:67: error: mappings and lists are nested deeper than 64 levels"));
  // Block nesting counts alike.
  std::string block;
  for (int i = 0; i < 70; ++i) block += std::string(static_cast<size_t>(i) * 2, ' ') + "k:\n";
  diagnostics.clear();
  CHECK_FALSE(read(block, diagnostics));
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].line == 65);
}

TEST_CASE("a document of more values than its size allows is refused where the tree outgrew it") {
  // Past a MiB, a tree may hold six times its text: a list of one-digit
  // numbers, two bytes a value, holds twelve (issue 72: some 235 times in
  // yaml-cpp's node tree). JSON and YAML alike; documents of longer values
  // read.
  auto list = [](std::string_view item, size_t n) {
    std::string out = "[";
    for (size_t i = 0; i < n; ++i) out.append(item).append(",");
    return out + "0]";
  };
  for (const std::string& text :
       {list("1", 2000000), "a: " + list("1", 2000000), "a:\n" + std::string(2000000 * 2, ' ')}) {
    Diagnostics diagnostics;
    bool read_it = bool(read(text, diagnostics));
    if (text.starts_with("a:\n")) {
      CHECK(read_it);  // blank space is no value
      continue;
    }
    CHECK_FALSE(read_it);
    REQUIRE(diagnostics.size() == 1);
    INFO(format_diagnostic(diagnostics[0]));
    CHECK(diagnostics[0].line == 1);
    CHECK(diagnostics[0].column > 1000000);
    CHECK(diagnostics[0].message.starts_with("more values than a document of "));
  }
  Diagnostics diagnostics;
  CHECK(read(list("\"a value\"", 400000), diagnostics));
  CHECK(diagnostics.empty());
}

TEST_CASE("a reader lists a document's first thousand problems and counts every error") {
  std::string text;
  for (int i = 0; i < 3000; ++i) text += "k" + std::to_string(i) + ": 1\n";
  Diagnostics diagnostics;
  auto tree = read(text, diagnostics);
  REQUIRE(tree);
  document::Reader in(kFile, diagnostics);
  in.fields(tree->root(), kKeys, "an answer");
  in.error_at(1, 1, "one more");
  CHECK(in.error_count() == 3001);
  REQUIRE(diagnostics.size() == document::kMostListedProblems + 1);
  CHECK(diagnostics[999].line == 1000);
  CHECK(format_diagnostic(diagnostics[1000]) ==
        "a.yaml:1001:1: warning: more problems from here on are not listed: drivemock lists the "
        "first 1000 of a document; fix those and read it again");
  // What another reader found counts too, listed or not.
  Diagnostics other;
  document::Reader second(kFile, other);
  second.adopt(diagnostics, 5000);
  CHECK(second.error_count() == 5000);
  CHECK(other.size() == document::kMostListedProblems + 1);
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
