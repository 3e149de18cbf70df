#include <catch2/catch.hpp>

#include "document/tree.h"
#include "document/yaml_slices.h"
#include "scenario/slice_trees.h"

using namespace drivemock;
using scenario::read_slice;
using scenario::rest_holds_key;

namespace {

/// The slice's tree, or nothing.
std::optional<document::Tree> load_slice(const YamlSlice& slice) {
  return read_slice(slice, "big.yaml").tree;
}

document::Tree tree_of(const std::string& text) {
  Diagnostics diagnostics;
  auto tree = document::read_tree(text, "big.yaml", diagnostics);
  REQUIRE(tree);
  return std::move(*tree);
}

const char* kBlock =
    "name: big\n"               // line 0
    "directories:\n"            // 1
    "  a:\n"                    // 2
    "    trash: {http: 500}\n"  // 3
    "  # about b\n"             // 4
    "  \"b\":\n"                // 5
    "    color:\n"              // 6
    "      body: |\n"           // 7
    "        two\n"             // 8
    "        lines\n"           // 9
    "unknown_uuids: reject\n";  // 10

}  // namespace

TEST_CASE("a block mapping is cut into its entries, each a document read alike") {
  auto sliced = slice_yaml(kBlock, "directories");
  REQUIRE(sliced);
  REQUIRE(sliced->entries.size() == 2);
  CHECK(sliced->entries[0].key == "a");
  CHECK(sliced->entries[0].first_line == 2);
  CHECK(sliced->entries[0].text == "  a:\n    trash: {http: 500}\n  # about b\n");
  CHECK(sliced->entries[1].key == "b");
  CHECK(sliced->entries[1].first_line == 5);

  auto b = load_slice(sliced->entries[1]);
  REQUIRE(b);
  CHECK(b->root().key(0).text() == "b");
  auto value = b->root()[0];
  CHECK(value.member("color").member("body").text() == "two\nlines\n");
  CHECK(value.key(0).line() == 7);  // color, counted in the whole text
}

TEST_CASE("what is left of a sliced text keeps every other key where it was") {
  auto sliced = slice_yaml(kBlock, "directories");
  REQUIRE(sliced);
  auto rest = tree_of(sliced->rest);
  CHECK(rest.root().member("name").text() == "big");
  CHECK(rest.root().member("directories").is_null());
  CHECK(rest.root().member("unknown_uuids").line() == 11);
}

TEST_CASE("texts that may tie entries together are not sliced") {
  auto not_sliced = [](const std::string& text) { return !slice_yaml(text, "directories"); };
  CHECK(not_sliced("directories: {a: {trash: {http: 500}}}"));  // flow style
  CHECK(not_sliced("directories:\n  a: &x {trash: {http: 500}}\n  b: *x\n"));
  CHECK(not_sliced("directories:\n  a: !custom {trash: {http: 500}}\n"));
  CHECK(not_sliced("name: x\n"));
  CHECK(not_sliced("directories:\n  a: [\n"));  // invalid: the whole parse says where
  CHECK(
      not_sliced("\xEF\xBB\xBF"
                 "directories:\n  a: {}\n"));
  CHECK(not_sliced("directories:\n  ? a\n  : {trash: {http: 500}}\n"));
  // Too deep: the whole parse refuses it with its position (document/yaml_shape.h).
  CHECK(
      not_sliced("directories:\n  a: {x: " + std::string(70, '[') + std::string(70, ']') + "}\n"));
}

TEST_CASE("Windows line ends slice as Unix ones do") {
  auto sliced = slice_yaml("directories:\r\n  a:\r\n    trash: {}\r\n  b:\r\n    color: {}\r\n",
                           "directories");
  REQUIRE(sliced);
  REQUIRE(sliced->entries.size() == 2);
  CHECK(sliced->entries[1].first_line == 3);
  auto b = load_slice(sliced->entries[1]);
  REQUIRE(b);
  CHECK(b->root()[0].member("color").is_map());
}

TEST_CASE("a slice that does not read as its one entry is refused, one refused says why") {
  auto twice = read_slice({"  a:\n    x: 1\n    x: 2\n", 4, "a"}, "big.yaml");
  CHECK_FALSE(twice.tree);
  REQUIRE(twice.error);
  CHECK(format_diagnostic(*twice.error)
            .starts_with("big.yaml:7:5: error: the key 'x' is given twice in this mapping (first "
                         "at line 6, column 5)"));
  CHECK_FALSE(load_slice({"  a: {}\n  b: {}\n", 0, "a"}));
  CHECK_FALSE(load_slice({"  b: {}\n", 0, "a"}));
  CHECK_FALSE(load_slice({"  a: [\n", 0, "a"}));
  CHECK(load_slice({"  a: {}\n", 0, "a"}));
}

namespace {

/// A text in the layouts recordings and hand-written sets use: flow and block
/// values, block scalars, quoted keys, comments, a list at its key's column.
std::string varied_text(int entries) {
  std::string text = "# generated\nname: varied\ndefaults: {trash: {http: 200}}\ndirectories:\n";
  for (int i = 0; i < entries; ++i) {
    std::string n = std::to_string(i);
    switch (i % 4) {
      case 0:
        text += "  u" + n + ": {trash: {http: 500}, color: {body: {message: \"a: b\"}}}\n";
        break;
      case 1:
        text += "  \"q" + n + "\":\n    color:\n      body: |\n        two\n\n        lines\n";
        break;
      case 2:
        text += "  # about s" + n + "\n  's" + n + "':\n    trash:\n    - {http: 500}\n";
        break;
      default: text += "  p" + n + "   :\n    trash: {http: 404}   # a comment\n\n"; break;
    }
  }
  return text + "unknown_uuids: reject\n";
}

}  // namespace

TEST_CASE("the lines find the entries yaml-cpp's events find, and leave the same rest") {
  for (const std::string& text : {std::string(kBlock), varied_text(1), varied_text(400)}) {
    auto by_lines = slice_yaml_by_lines(text, "directories");
    auto by_events = slice_yaml_by_events(text, "directories");
    REQUIRE(by_lines);
    REQUIRE(by_events);
    CHECK(by_lines->rest == by_events->rest);
    REQUIRE(by_lines->entries.size() == by_events->entries.size());
    for (size_t i = 0; i < by_lines->entries.size(); ++i) {
      INFO(i);
      CHECK(by_lines->entries[i].text == by_events->entries[i].text);
      CHECK(by_lines->entries[i].first_line == by_events->entries[i].first_line);
      CHECK(by_lines->entries[i].key == by_events->entries[i].key);
      CHECK(load_slice(by_lines->entries[i]));
    }
    CHECK(rest_holds_key(tree_of(by_lines->rest).root(), *by_lines, "directories"));
  }
}

TEST_CASE("the lines decline what they cannot vouch for, which the events then judge") {
  auto declined = [](const std::string& text) { return !slice_yaml_by_lines(text, "directories"); };
  const std::string head = "directories:\n  a: {trash: {http: 500}}\n";
  // Anything that may be an alias, anchor or tag in the mapping.
  CHECK(declined(head + "  b: *x\n"));
  CHECK(declined(head + "  b: &x {}\n"));
  CHECK(declined(head + "  b: !custom {}\n"));
  CHECK(declined(head + "  b:\n    trash: [*x]\n"));
  CHECK(declined(head + "  b: {trash: {http: 500, x: !t 1}}\n"));
  // Layouts whose lines do not say where entries end.
  CHECK(declined("directories:\n\ta: {}\n"));
  CHECK(declined("directories:\r\n  a: {}\r\n"));
  CHECK(declined("name: \"two\nlines\"\ndirectories:\n  a: {}\n"));  // the key could be quoted text
  CHECK(declined("name: [a,\n  b]\ndirectories:\n  a: {}\n"));
  CHECK(declined(head + "  b: {message: can't}\n"));  // a quote left open, as far as lines tell
  CHECK(declined(head + "  ? b\n  : {}\n"));
  CHECK(declined("directories:\n  a:\n    x: 1\n y: 2\n"));  // ends at no root key
  // Nesting that might pass kMaxYamlDepth: the events count it exactly.
  CHECK(declined(head + "  b: {x: " + std::string(70, '[') + std::string(70, ']') + "}\n"));
  std::string dashes;
  for (int i = 0; i < 70; ++i) dashes += "- ";
  CHECK(declined(head + "  b:\n    " + dashes + "x\n"));
  // What slice_yaml refused before still is: the events decline it too.
  CHECK_FALSE(slice_yaml(head + "  b: *x\n", "directories"));
}

TEST_CASE("a rest that does not hold the key where the lines found it is not trusted") {
  // Named twice at the root: the lines slice the first mapping, whose rest
  // then holds the key twice; the loader reads such a text whole.
  std::string text = "directories:\n  a: {}\ndirectories:\n  b: {}\n";
  auto sliced = slice_yaml_by_lines(text, "directories");
  REQUIRE(sliced);
  Diagnostics diagnostics;
  CHECK_FALSE(document::read_tree(sliced->rest, "big.yaml", diagnostics));  // a key given twice
  auto good = slice_yaml_by_lines("name: x\ndirectories:\n  a: {}\n", "directories");
  REQUIRE(good);
  CHECK(rest_holds_key(tree_of(good->rest).root(), *good, "directories"));
  CHECK_FALSE(rest_holds_key(tree_of("name: x\n\ndirectories:\n").root(), *good, "directories"));
  CHECK_FALSE(rest_holds_key(tree_of("name: x\ndirectories: 1\n").root(), *good, "directories"));
}
