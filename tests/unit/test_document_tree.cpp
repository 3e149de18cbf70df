// A contract document read into a tree (document/tree.h): JSON and YAML
// alike, every value where it is, and what a hostile document cannot do.
#include <catch2/catch.hpp>

#include "document/tree.h"
#include "document/tree_json.h"

using namespace drivemock;
using document::Kind;
using document::Node;

namespace {

struct TreeRead {
  std::optional<document::Tree> tree;
  Diagnostics diagnostics;
};

TreeRead read_doc(const std::string& text) {
  TreeRead out;
  out.tree = document::read_tree(text, "doc", out.diagnostics);
  return out;
}

std::string doc_error(const std::string& text) {
  auto r = read_doc(text);
  CHECK(!r.tree);
  REQUIRE(r.diagnostics.size() == 1);
  return format_diagnostic(r.diagnostics[0]);
}

std::string where_in(Node node) {
  return std::to_string(node.line()) + ":" + std::to_string(node.column());
}

const std::string kTreeJson = R"({
  "openapi": "3.0.3",
  "paths": {"/dir/trash": {"post": {"operationId": "trash",
      "x-n": [1, 2.5, -3, 1e400, true, null, "a\"b\n"]}}},
  "info": {"title": "t"}
})";

const std::string kTreeYaml = R"(openapi: 3.0.3
paths:
  /dir/trash:
    post:
      operationId: trash
      x-n: [1, 2.5, -3, 1e400, true, null, "a\"b\n"]
info: {title: t}
)";

}  // namespace

TEST_CASE("a document reads to the same tree from JSON and from YAML") {
  for (const std::string& text : {kTreeJson, kTreeYaml}) {
    auto r = read_doc(text);
    REQUIRE(r.tree);
    Node root = r.tree->root();
    REQUIRE(root.is_map());
    CHECK(root.size() == 3);
    CHECK(root.member("openapi").text() == "3.0.3");
    CHECK(root.member("openapi").is_string());
    CHECK(root.member("paths").is_map());
    Node post = root.member("paths").member("/dir/trash").member("post");
    CHECK(post.member("operationId").text() == "trash");
    CHECK(!post.member("absent"));
    CHECK(!post.member("operationId").member("x"));  // a scalar has no members
    Node n = post.member("x-n");
    REQUIRE(n.is_sequence());
    REQUIRE(n.size() == 7);
    CHECK(n[0].kind() == Kind::number);
    CHECK(n[1].kind() == Kind::number);
    CHECK(n[3].kind() == Kind::string);  // no double holds it: its text, as yaml-cpp typed it
    CHECK(n[4].kind() == Kind::boolean);
    CHECK(n[5].is_null());
    CHECK(n[6].text() == "a\"b\n");
    CHECK(!n[7]);
    CHECK(document::to_json(n) == R"([1,2.5,-3,"1e400",true,null,"a\"b\n"])");
  }
}

TEST_CASE("every value of a tree says where it starts") {
  SECTION("JSON, counted through escapes and blank lines") {
    auto r = read_doc("{\"a\": \"x\\ny\",\r\n\n   \"list\": [ {\"k\":\n 12}]}");
    REQUIRE(r.tree);
    Node root = r.tree->root();
    CHECK(where_in(root) == "1:1");
    CHECK(where_in(root.member("a")) == "1:7");
    CHECK(where_in(root.key(1)) == "3:4");
    CHECK(where_in(root.member("list")) == "3:12");
    CHECK(where_in(root.member("list")[0]) == "3:14");
    CHECK(where_in(root.member("list")[0].member("k")) == "4:2");
  }
  SECTION("YAML") {
    auto r = read_doc(kTreeYaml);
    REQUIRE(r.tree);
    Node post = r.tree->root().member("paths").member("/dir/trash").member("post");
    CHECK(where_in(post) == "5:7");
    CHECK(where_in(post.member("x-n")[1]) == "6:16");
  }
}

TEST_CASE("YAML's plain scalars are typed, quoted ones and keys are not") {
  auto r = read_doc("a: true\nb: 'true'\nc: 010\nd: ~\ne:\n010: key\n1.5: x\nf: 0x1F\ng: .5\n");
  REQUIRE(r.tree);
  Node root = r.tree->root();
  CHECK(root.member("a").kind() == Kind::boolean);
  CHECK(root.member("b").kind() == Kind::string);
  CHECK(root.member("c").kind() == Kind::number);
  CHECK(root.member("c").text() == "010");             // as written...
  CHECK(document::to_json(root.member("c")) == "10");  // ...and as JSON writes it
  CHECK(root.member("d").is_null());
  CHECK(root.member("e").is_null());
  CHECK(root.member("010").text() == "key");  // a key is its text
  CHECK(root.member("1.5").text() == "x");
  CHECK(root.member("f").kind() == Kind::string);
  CHECK(document::to_json(root.member("g")) == "0.5");
}

TEST_CASE("flow-style YAML that looks like JSON is read as YAML") {
  auto r = read_doc("{openapi: 3.0.3, paths: {}}");
  REQUIRE(r.tree);
  CHECK(r.tree->root().member("openapi").text() == "3.0.3");
}

TEST_CASE("a hostile document is refused where it goes wrong, never followed") {
  SECTION("JSON nested past the bound, however deep, without recursing") {
    std::string deep(100000, '[');
    CHECK(doc_error(deep) ==
          "doc:1:65: error: mappings and lists are nested deeper than 64 levels here; expected "
          "at most 64");
    std::string ok = std::string(64, '[') + std::string(64, ']');
    CHECK(read_doc(ok).tree);
  }
  SECTION("YAML nested past the bound") {
    std::string deep;
    for (int i = 0; i < 70; ++i) deep += std::string(static_cast<size_t>(i) * 2, ' ') + "a:\n";
    CHECK(doc_error(deep).starts_with("doc:65:"));
  }
  SECTION("aliases") {
    CHECK(doc_error("a: &x [1]\nb: *x\n") ==
          "doc:2:4: error: aliases (*name) are not supported in scenario files; write the value "
          "out where it is used");
  }
  SECTION("a key that is a mapping") {
    CHECK(doc_error("? {a: 1}\n: 2\n").find("a key that is a mapping; expected a scalar key") !=
          std::string::npos);
  }
  SECTION("a NUL byte") {
    CHECK(doc_error(std::string("{\"a\": 1,\n \"b\": \0}", 17)) ==
          "doc:2:7: error: a NUL byte; expected text");
  }
  SECTION("JSON that reads as neither, said as JSON") {
    CHECK(doc_error("{\"a\": 1,\n \"b\" 2}") ==
          "doc:2:6: error: invalid JSON: Missing a colon after a name of object member.");
  }
  SECTION("flow YAML past the bound, refused before yaml-cpp holds its tokens") {
    CHECK(doc_error("a: " + std::string(5000000, '[')) ==
          "doc:1:68: error: mappings and lists are nested deeper than 64 levels here; expected "
          "at most 64");
  }
  SECTION("JSON cut short is not read again as YAML: the JSON error says where") {
    CHECK(doc_error("{\"a\": {\"b\": [1, 2]}") ==
          "doc:1:20: error: invalid JSON: Missing a comma or '}' after an object member.");
    // Over 1 MiB, JSON that is not JSON is not read as YAML's flow style.
    std::string big = "{a: \"" + std::string(2 << 20, 'x') + "\"}";
    CHECK(doc_error(big) == "doc:1:2: error: invalid JSON: Missing a name for object member.");
    CHECK(read_doc(big.substr(0, 1000) + "\"}").tree);
  }
  SECTION("a key given twice, in JSON and in YAML, at the repeat") {
    CHECK(doc_error("{\"a\": 1,\n \"b\": {\"x\": 1, \"x\": 2}}") ==
          "doc:2:16: error: the key 'x' is given twice in this mapping (first at line 2, column "
          "8); expected each key once: a reader keeps one of the two");
    CHECK(doc_error("a: 1\nb: 2\na: 3\n") ==
          "doc:3:1: error: the key 'a' is given twice in this mapping (first at line 1, column "
          "1); expected each key once: a reader keeps one of the two");
    CHECK(read_doc("{\"a\": {\"x\": 1}, \"b\": {\"x\": 2}}").tree);  // other maps' keys
  }
  SECTION("bytes that are not UTF-8") {
    CHECK(doc_error("{\"a\": \"\xff\"}") ==
          "doc:1:8: error: invalid JSON: Invalid encoding in string.");
  }
  SECTION("huge numbers and long texts are kept as text") {
    std::string big = "[" + std::string(5000, '9') + "]";
    auto r = read_doc(big);
    REQUIRE(r.tree);
    CHECK(r.tree->root()[0].text().size() == 5000);
  }
}

TEST_CASE("an empty document has no root") {
  auto r = read_doc("");
  REQUIRE(r.tree);
  CHECK(!r.tree->root());
}
