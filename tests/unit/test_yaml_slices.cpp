#include <catch2/catch.hpp>

#include "util/yaml_slices.h"

using namespace drivemock;

namespace {

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
  CHECK(b->first.Scalar() == "b");
  CHECK(b->second["color"]["body"].Scalar() == "two\nlines\n");
  CHECK(b->second.begin()->first.Mark().line + sliced->entries[1].first_line == 6);  // color
}

TEST_CASE("what is left of a sliced text keeps every other key where it was") {
  auto sliced = slice_yaml(kBlock, "directories");
  REQUIRE(sliced);
  auto rest = YAML::Load(sliced->rest);
  CHECK(rest["name"].Scalar() == "big");
  CHECK(rest["directories"].IsNull());
  CHECK(rest["unknown_uuids"].Mark().line == 10);
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
  // Too deep: the whole parse refuses it with its position (util/yaml_shape.h).
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
  CHECK(b->second["color"].IsMap());
}

TEST_CASE("a slice that does not read as its one entry is refused") {
  CHECK_FALSE(load_slice({"  a: {}\n  b: {}\n", 0, "a"}));
  CHECK_FALSE(load_slice({"  b: {}\n", 0, "a"}));
  CHECK_FALSE(load_slice({"  a: [\n", 0, "a"}));
  CHECK(load_slice({"  a: {}\n", 0, "a"}));
}
