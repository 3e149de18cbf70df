#include <catch2/catch.hpp>

#include "scenario/matching.h"

using namespace drivemock::scenario;

namespace {

rapidjson::Document body(const char* json) {
  rapidjson::Document d;
  d.Parse(json);
  return d;
}

Rule rule_with(std::optional<std::string> state, std::vector<FieldCondition> fields) {
  Rule r;
  r.when = {std::move(state), std::move(fields)};
  r.answers = {drivemock::Reply{}};
  return r;
}

Rule sequence(size_t n, bool cycle) {
  Rule r;
  r.answers.resize(n);
  r.cycle = cycle;
  return r;
}

}  // namespace

TEST_CASE("the first rule whose state and body fields match wins") {
  std::vector<Rule> rules = {rule_with("trashed", {}),
                             rule_with(std::nullopt, {{"color", R"("red")"}}),
                             rule_with(std::nullopt, {})};
  CHECK(select_rule(rules, "trashed", body(R"({"color":"red"})")) == 0u);
  CHECK(select_rule(rules, "active", body(R"({"color":"red"})")) == 1u);
  CHECK(select_rule(rules, "active", body(R"({"color":"blue"})")) == 2u);
}

TEST_CASE("no rule matches when every condition fails") {
  std::vector<Rule> rules = {rule_with("trashed", {{"color", R"("red")"}})};
  CHECK_FALSE(select_rule(rules, "trashed", body(R"({"color":"blue"})")));
  CHECK_FALSE(select_rule(rules, "active", body(R"({"color":"red"})")));
  CHECK_FALSE(select_rule(rules, "trashed", body(R"({})")));
}

TEST_CASE("body fields compare exactly, type included") {
  auto rule = rule_with(std::nullopt, {{"color", R"("5")"}});
  CHECK(condition_holds(rule.when, "active", body(R"({"color":"5"})")));
  CHECK_FALSE(condition_holds(rule.when, "active", body(R"({"color":5})")));
  CHECK_FALSE(condition_holds(rule.when, "active", body(R"({"color":"5 "})")));
}

TEST_CASE("a sequence repeats its last answer") {
  auto r = sequence(3, false);
  CHECK(sequence_index(r, 0) == 0);
  CHECK(sequence_index(r, 2) == 2);
  CHECK(sequence_index(r, 3) == 2);
  CHECK(sequence_index(r, 1000) == 2);
}

TEST_CASE("a cycling sequence starts again after its last answer") {
  auto r = sequence(3, true);
  CHECK(sequence_index(r, 3) == 0);
  CHECK(sequence_index(r, 5) == 2);
  CHECK(sequence_index(r, 1000) == 1);
}

TEST_CASE("a condition that fails says its first failing part, as a person reads it") {
  Condition c;
  c.state = "trashed";
  c.fields = {{"color", R"("red")"}};
  rapidjson::Document blue;
  blue.Parse(R"({"uuid":"u","color":"blue"})");
  CHECK(first_failure(c, "active", blue) == "state is active, rule wants trashed");
  CHECK(first_failure(c, "trashed", blue) == "color is blue, rule wants red");
  rapidjson::Document none;
  none.Parse(R"({"uuid":"u"})");
  CHECK(first_failure(c, "trashed", none) == "color is missing, rule wants red");
  Condition number;
  number.fields = {{"n", "3"}};
  rapidjson::Document four;
  four.Parse(R"({"n":4})");
  CHECK(first_failure(number, "active", four) == "n is 4, rule wants 3");
  rapidjson::Document red;
  red.Parse(R"({"uuid":"u","color":"red"})");
  CHECK_FALSE(first_failure(c, "trashed", red));
}
