#include <catch2/catch.hpp>

#include "contract/operations.h"
#include "scenario/answer_template.h"

using namespace drivemock;
using namespace drivemock::scenario;

namespace {

const contract::Operation& color() {
  return *contract::find_by_name("color");
}

struct Call {
  rapidjson::Document body;
  TemplateContext context;
  explicit Call(const char* json) {
    body.Parse(json);
    context = {"d1", "color", "active", 3, "2026-11-24T07:00:00.000Z", &body};
  }
};

}  // namespace

TEST_CASE("a template fills in the call's uuid, operation, state, calls, time and body fields") {
  Call call(R"({"uuid":"d1","color":"red"})");
  std::vector<std::string> missing;
  CHECK(render_text("{{uuid}} {{ operation }} {{state}} #{{calls}} at {{now}}: {{body.color}}",
                    call.context,
                    missing) == "d1 color active #3 at 2026-11-24T07:00:00.000Z: red");
  CHECK(missing.empty());
  CHECK(render_text("no placeholders, {single} braces", call.context, missing) ==
        "no placeholders, {single} braces");
}

TEST_CASE("a JSON body's string values are filled in and escaped, other values kept") {
  Call call(R"({"uuid":"d1","color":"a\"b"})");
  std::vector<std::string> missing;
  CHECK(render_json(R"({"m":"{{body.color}}","n":3,"l":["{{calls}}"],"o":{"u":"{{uuid}}"}})",
                    call.context, missing) == R"({"m":"a\"b","n":3,"l":["3"],"o":{"u":"d1"}})");
}

TEST_CASE("a body field the request lacks renders empty and is reported once") {
  Call call(R"({"uuid":"d1"})");
  std::vector<std::string> missing;
  CHECK(render_text("[{{body.color}}|{{body.color}}]", call.context, missing) == "[|]");
  CHECK(missing == std::vector<std::string>{"the template names body field 'color', which the "
                                            "request does not have; it rendered empty"});
}

TEST_CASE("what a template names is checked against what can be known at load") {
  CHECK(template_problems("{{uuid}} {{body.color}} {{ now }}", color()).empty());
  CHECK(template_problems("{{uid}}", color()) ==
        std::vector<std::string>{
            "unknown template name 'uid'; expected uuid, operation, state, calls, now or "
            "body.FIELD"});
  CHECK(template_problems("{{body.colour}}", color()) ==
        std::vector<std::string>{"template names body field 'colour', which color requests do "
                                 "not have; fields: uuid, color"});
  CHECK(template_problems("{{uuid", color()) ==
        std::vector<std::string>{"a template's {{ is not closed with }}"});
}
