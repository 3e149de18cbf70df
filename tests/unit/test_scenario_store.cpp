#include <catch2/catch.hpp>

#include "scenario/loader.h"
#include "scenario/scenario_store.h"

using namespace drivemock;
using namespace drivemock::scenario;

namespace {

struct Store {
  Engine engine{empty_catalog()};
  ScenarioStore store{{}, {"name: base\ndirectories: {u: {trash: {http: 500}}}"}, engine};
  Store() { REQUIRE_FALSE(has_errors(store.load())); }

  int trash_status(const std::string& uuid) {
    rapidjson::Document body;
    body.Parse("{}");
    return engine.decide(*contract::find_by_name("trash"), uuid, body).answer->status;
  }
  Diagnostics push(const std::string& yaml) { return store.push(yaml).diagnostics; }
};

/// A push that cannot load: its operation takes the path of trash.
const char* const kClashingOperation =
    "name: other\noperations: {t2: {path: /v3/dir/trash, fields: {uuid: string}}}";

std::vector<std::string> names(const ScenarioStore& store) {
  std::vector<std::string> out;
  for (const auto& s : store.list()) out.push_back(s.name);
  return out;
}

}  // namespace

TEST_CASE("a pushed set adds to the loaded ones") {
  Store s;
  REQUIRE_FALSE(has_errors(s.push("name: extra\ndirectories: {v: {trash: {http: 202}}}")));
  CHECK(names(s.store) == std::vector<std::string>{"base", "extra"});
  CHECK(s.trash_status("v") == 202);
  CHECK(s.trash_status("u") == 500);
}

TEST_CASE("a pushed set replaces the set of the same name") {
  Store s;
  REQUIRE_FALSE(has_errors(s.push("name: base\ndirectories: {u: {trash: {http: 201}}}")));
  CHECK(names(s.store) == std::vector<std::string>{"base"});
  CHECK(s.trash_status("u") == 201);
}

TEST_CASE("a push with errors or conflicts changes nothing") {
  Store s;
  auto bad = s.push("directories: {u: {trash: {fault: nope}}}");
  CHECK(has_errors(bad));
  CHECK(bad[0].file == "pushed");
  auto conflict = s.push(kClashingOperation);
  CHECK(has_errors(conflict));
  CHECK(conflict[0].message == "path /v3/dir/trash is used by two operations (trash, built-in)");
  CHECK(names(s.store) == std::vector<std::string>{"base"});
  CHECK(s.trash_status("u") == 500);
}

TEST_CASE("a push shadows what a loaded set scripts for the same uuid and operation") {
  Store s;
  auto pushed = s.push("name: override\ndirectories: {u: {trash: {http: 202}}}");
  REQUIRE_FALSE(has_errors(pushed));
  REQUIRE(pushed.size() == 1);
  CHECK(pushed[0].severity == Severity::warning);
  CHECK(pushed[0].message ==
        "directory 'u' operation trash: pushed set 'override' shadows set 'base' (inline) while "
        "it is in force; deleting 'override' or a reset (POST /__admin/reset; in a session, the "
        "session's) brings that back");
  CHECK(s.trash_status("u") == 202);
  auto listed = s.store.list();
  REQUIRE(listed.size() == 2);
  REQUIRE(listed[1].shadows.size() == 1);
  CHECK(listed[1].shadows[0].set == "base");
  CHECK(listed[1].shadows[0].uuid == "u");
  REQUIRE(listed[0].shadowed_by.size() == 1);
  CHECK(listed[0].shadowed_by[0].set == "override");
  REQUIRE(*s.store.remove("override"));
  CHECK(s.trash_status("u") == 500);  // the baseline is back
}

TEST_CASE("the newest push wins, and a reset brings the baseline back") {
  Store s;
  REQUIRE_FALSE(has_errors(s.push("name: one\ndirectories: {u: {trash: {http: 201}}}")));
  auto second = s.push("name: two\ndirectories: {u: {trash: {http: 203}}}");
  REQUIRE(second.size() == 1);  // only what this push shadows: set one's script
  CHECK(second[0].message.find("shadows set 'one' (pushed)") != std::string::npos);
  CHECK(s.trash_status("u") == 203);
  REQUIRE(*s.store.remove("two"));
  CHECK(s.trash_status("u") == 201);
  s.store.drop_pushed();
  CHECK(s.trash_status("u") == 500);
}

TEST_CASE("a push may give defaults that a loaded set gives, two files may not") {
  Engine engine{empty_catalog()};
  ScenarioStore store{{}, {"name: base\ndefaults: {trash: {http: 500}}"}, engine};
  REQUIRE_FALSE(has_errors(store.load()));
  auto pushed = store.push("name: p\ndefaults: {trash: {http: 202}}");
  REQUIRE(pushed);
  REQUIRE(pushed.diagnostics.size() == 1);
  CHECK(pushed.diagnostics[0].message.starts_with("defaults for trash: pushed set 'p' shadows"));
  ScenarioStore two_files{
      {},
      {"name: a\ndefaults: {trash: {http: 500}}", "name: b\ndefaults: {trash: {http: 202}}"},
      engine};
  auto loaded = two_files.load();
  REQUIRE(has_errors(loaded));
  CHECK(loaded[0].message.starts_with(
      "defaults for trash are scripted in both inline:2:19 and inline:2:19; expected one script"));
}

TEST_CASE("removing a set by name, and dropping pushed sets") {
  Store s;
  s.push("name: extra\ndirectories: {v: {trash: {http: 202}}}");
  CHECK(*s.store.remove("base"));
  CHECK_FALSE(*s.store.remove("nothing"));
  CHECK(names(s.store) == std::vector<std::string>{"extra"});
  CHECK(s.trash_status("u") == 200);
  s.store.drop_pushed();
  CHECK(names(s.store) == std::vector<std::string>{"base"});
}

TEST_CASE("a replaced script starts over from its first answer") {
  Store s;
  s.push("name: seq\ndirectories: {w: {trash: {respond: [{http: 500}, {http: 201}]}}}");
  CHECK(s.trash_status("w") == 500);
  CHECK(s.trash_status("w") == 201);
  s.push("name: seq\ndirectories: {w: {trash: {respond: [{http: 502}, {http: 201}]}}}");
  CHECK(s.trash_status("w") == 502);
}

TEST_CASE("a dry run finds what the push would, and changes nothing") {
  Store s;
  auto ok = s.store.push("name: extra\ndirectories: {v: {trash: {http: 202}}}", Apply::dry_run);
  REQUIRE(ok);
  CHECK(*ok == "extra");
  // Conflicts are found by building the catalog, not by parsing: a dry run
  // that stopped at the parse would pass this one.
  auto conflict = s.store.push(kClashingOperation, Apply::dry_run);
  CHECK_FALSE(conflict);
  CHECK(has_errors(conflict.diagnostics));
  CHECK(names(s.store) == std::vector<std::string>{"base"});
  CHECK(s.trash_status("v") == 200);
}

TEST_CASE("a set keeps its text for the editor, unless it is over the big-document size") {
  Store s;
  const std::string small = "name: extra\ndirectories: {v: {trash: {http: 202}}}\n";
  REQUIRE_FALSE(has_errors(s.push(small)));
  std::string big = "name: big\ndirectories:\n";
  for (int i = 0; big.size() <= kBigDocumentBytes; ++i) {
    big += "  big-" + std::to_string(i) + ": {trash: {http: 202}}\n";
  }
  REQUIRE_FALSE(has_errors(s.push(big)));
  auto sets = s.store.list();
  REQUIRE(sets.size() == 3);
  REQUIRE(sets[0].text);
  CHECK(*sets[0].text == "name: base\ndirectories: {u: {trash: {http: 500}}}");
  REQUIRE(sets[1].text);
  CHECK(*sets[1].text == small);
  CHECK(sets[1].text_bytes == small.size());
  CHECK_FALSE(sets[2].text);
  CHECK(sets[2].text_bytes == big.size());
}
