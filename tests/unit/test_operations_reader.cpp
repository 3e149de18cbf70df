// The contract as data: the built-in document, and what reading a
// definition says when it is wrong.
#include <catch2/catch.hpp>

#include "contract/operations_document.h"
#include "contract/operations_reader.h"

using namespace drivemock;
using namespace drivemock::contract;

namespace {

std::vector<std::string> errors_of(const std::string& yaml) {
  std::vector<std::string> out;
  for (const auto& d : read_operations(yaml, "ops.yaml").diagnostics) {
    out.push_back(format_diagnostic(d));
  }
  return out;
}

}  // namespace

TEST_CASE("the built-in contract document defines color and trash as the API document does") {
  auto read = read_operations(kOperationsDocument, "built-in");
  REQUIRE(read.diagnostics.empty());
  REQUIRE(read->size() == 2);
  const Operation& color = (*read)[0];
  CHECK(color.name == "color");
  CHECK(color.path == "/v3/dir/color");
  REQUIRE(color.fields.size() == 2);
  CHECK(color.fields[1].name == "color");
  CHECK(color.fields[1].type == FieldType::string);
  CHECK(color.fields[1].presence == Presence::required);
  CHECK(color.builtin_code == "dir_color_changed");
  CHECK(color.stored_field == "color");
  CHECK_FALSE(color.state_on_success);
  const Operation& trash = (*read)[1];
  CHECK(trash.path == "/v3/dir/trash");
  CHECK(trash.builtin_message == "Directory moved to trash.");
  CHECK(trash.state_on_success == "trashed");
  CHECK(operations().size() == 2);
}

TEST_CASE("required makes the fields it does not name optional") {
  auto read = read_operations(R"(operations:
  lock:
    path: /v3/user/lock
    fields: {uuid: string, type: string, resource: string}
    required: [uuid, type]
    answer: {message: Lock acquired., code: lock_acquired}
)",
                              "ops.yaml");
  REQUIRE(read.diagnostics.empty());
  const auto& fields = (*read)[0].fields;
  CHECK(fields[1].presence == Presence::required);
  CHECK(fields[2].presence == Presence::optional);
}

TEST_CASE("a bad operation definition is an error with its position, and is left out") {
  auto read = read_operations(R"(operations:
  a:
    path: /v2/x
    fields: {uuid: string, n: integer}
    answer: {message: M, code: c}
  b:
    path: /v3/b
    fields: {id: string}
    required: [idd]
    answer: {message: M}
    on_success: {store: nothing}
    colour: red
)",
                              "ops.yaml");
  CHECK(read->empty());
  std::vector<std::string> errors;
  for (const auto& d : read.diagnostics) errors.push_back(format_diagnostic(d));
  CHECK(errors ==
        std::vector<std::string>{
            "ops.yaml:3:11: error: path '/v2/x' is not under /v3/",
            "ops.yaml:4:31: error: unknown type 'integer'; expected string, boolean, number, "
            "object or array",
            "ops.yaml:12:5: error: unknown key 'colour' in operation b; expected one of: path, "
            "fields, required, key, answer, on_success",
            "ops.yaml:9:16: error: required names 'idd', not a field of b",
            "ops.yaml:8:13: error: the fields of b need uuid: string, the entity's key (or name "
            "another string field with key:, or say key: null for none)",
            "ops.yaml:7:5: error: expected answer code (string), found nothing",  // missing: at its
                                                                                  // definition
            "ops.yaml:11:25: error: store names 'nothing', not a field of b",
        });
}

TEST_CASE("two operations on one path is an error") {
  CHECK(errors_of(R"(operations:
  a: {path: /v3/x, fields: {uuid: string}, answer: {message: M, code: c}}
  b: {path: /v3/x, fields: {uuid: string}, answer: {message: M, code: c}}
)") == std::vector<std::string>{"ops.yaml:3:13: error: path /v3/x is used by two operations"});
}
