// A session's catalog lies over the baseline's (issue 75): built from the
// session's own sets alone, it must answer every lookup as a catalog built
// whole from the baseline's sets and the session's would.
#include <catch2/catch.hpp>

#include "scenario/catalog.h"
#include "scenario/loader.h"

using namespace drivemock;
using namespace drivemock::scenario;

namespace {

SharedSet file_set(const std::string& file, const std::string& yaml) {
  auto set = parse_scenario(yaml, file, file);
  INFO((set.diagnostics.empty() ? "" : set.diagnostics.front().message));
  REQUIRE(set);
  return std::make_shared<const ScenarioSet>(std::move(*set));
}

SharedSet pushed_set(const std::string& name, const std::string& yaml,
                     const contract::OperationSet* known = nullptr) {
  auto set = parse_scenario(yaml, "pushed", name, {Dialect::document, known});
  INFO((set.diagnostics.empty() ? "" : set.diagnostics.front().message));
  REQUIRE(set);
  set->source = "pushed";
  set->layer = Layer::pushed;
  return std::make_shared<const ScenarioSet>(std::move(*set));
}

std::shared_ptr<const Catalog> built(Checked<std::shared_ptr<const Catalog>> catalog) {
  INFO((catalog.diagnostics.empty() ? "" : catalog.diagnostics.front().message));
  REQUIRE(catalog);
  return *catalog;
}

/// Whether two entries script the same operations with the same rules (the
/// same sets' rules, not copies), and start in the same state.
bool same_entry(const DirectoryEntry* a, const DirectoryEntry* b) {
  if (!a || !b) return a == b;
  if (a->state() != b->state() || a->operations.size() != b->operations.size()) return false;
  for (const auto& [op, scripted] : a->operations) {
    const ScriptedOperation* other = b->find(op);
    if (!other || other->set != scripted.set || other->rules != scripted.rules) return false;
  }
  return true;
}

const std::string kBase =
    "name: base\n"
    "defaults: {color: {http: 503}}\n"
    "directories:\n"
    "  aaaa-1111: {trash: {http: 500}, color: {http: 201}}\n"
    "  bbbb-2222: {state: locked, trash: {http: 423}}\n"
    "  cccc-3333: {trash: [{when: {state: gone}, respond: {http: 404}}]}\n";
const std::string kOwn =
    "name: mine\n"
    "directories:\n"
    "  aaaa-1111: {trash: {http: 204}}\n"
    "  bbbb-2222: {state: gone}\n"
    "  dddd-4444: {color: {http: 202}}\n";

}  // namespace

TEST_CASE("an overlay answers every lookup as a catalog built whole from both layers") {
  auto base_set = file_set("base.yaml", kBase);
  auto own_set = pushed_set("mine", kOwn);
  auto base = built(build_catalog(std::vector<SharedSet>{base_set}));
  auto whole = built(build_catalog(std::vector<SharedSet>{base_set, own_set}));
  auto over = built(build_catalog_over(base, {own_set}));

  CHECK(over->base == base);
  // It indexes only the uuids its own set scripts.
  CHECK(over->directories.size() == 3);
  for (const char* uuid : {"aaaa-1111", "bbbb-2222", "cccc-3333", "dddd-4444", "eeee-5555"}) {
    INFO(uuid);
    CHECK(same_entry(over->find(uuid), whole->find(uuid)));
  }
  // Per operation: its trash of aaaa-1111 hides the baseline's, whose color stays.
  CHECK(over->find("aaaa-1111")->find("trash")->set == own_set.get());
  CHECK(over->find("aaaa-1111")->find("color")->set == base_set.get());
  CHECK(over->find("bbbb-2222")->state() == "gone");
  CHECK(over->find("dddd-4444")->find("color")->set == own_set.get());

  // The shadows, the defaults, the states scripted and the listing agree.
  REQUIRE(over->all_shadows().size() == whole->all_shadows().size());
  CHECK(over->all_shadows().front()->uuid == "aaaa-1111");
  CHECK(over->defaults.at("color").set == whole->defaults.at("color").set);
  CHECK(over->scripted_in("gone") == whole->scripted_in("gone"));
  std::vector<std::string_view> listed;
  over->for_each_directory(
      [&](std::string_view uuid, const DirectoryEntry&) { listed.push_back(uuid); });
  std::sort(listed.begin(), listed.end());
  CHECK(listed ==
        std::vector<std::string_view>{"aaaa-1111", "bbbb-2222", "cccc-3333", "dddd-4444"});
  // The baseline's catalog is as it was: a session's sets never reach it.
  CHECK(base->find("dddd-4444") == nullptr);
  CHECK(base->find("aaaa-1111")->find("trash")->set == base_set.get());
}

TEST_CASE("an overlay's did-you-mean takes the closer uuid of either layer") {
  auto base = built(build_catalog(std::vector<SharedSet>{
      file_set("base.yaml", "directories: {6f1c7e0a-0000-4000-8000-000000000001: {trash: {}}}")}));
  auto over = built(build_catalog_over(
      base, {pushed_set("mine", "directories: {6f1c7e0a-0000-4000-8000-000000000077: {}}")}));
  // One edit from the baseline's, two from the session's.
  CHECK(over->did_you_mean("6f1c7e0a-0000-4000-8000-000000000078") ==
        "6f1c7e0a-0000-4000-8000-000000000077");
  CHECK(over->did_you_mean("6f1c7e0a-0000-4000-8000-000000000011") ==
        "6f1c7e0a-0000-4000-8000-000000000001");
  CHECK_FALSE(over->did_you_mean("ffffffff-ffff-ffff-ffff-ffffffffffff"));
}

TEST_CASE(
    "an overlay adds its operations and limits to the base's, and refuses what a whole "
    "build refuses") {
  auto base = built(build_catalog(std::vector<SharedSet>{
      file_set("base.yaml", "limits: [{calls: 5, per_ms: 1000}]\ndirectories: {u: {trash: {}}}")}));
  auto over = built(build_catalog_over(
      base, {pushed_set("mine",
                        "operations: {lock: {path: /v3/dir/lock, fields: {uuid: string}}}\n"
                        "limits: [{calls: 1, per_ms: 1000}]\n"
                        "directories: {u: {lock: {http: 423}}}\n")}));
  CHECK(over->operations->by_name("lock"));
  CHECK(over->operations->by_name("trash"));
  CHECK_FALSE(base->operations->by_name("lock"));
  CHECK(over->builtin.count("lock") == 1);
  CHECK(over->limits.size() == 2);
  CHECK(over->find("u")->operations.size() == 2);

  // An operation no layer defines is an error, as in a whole build: here
  // one the overlay above added, scripted over the base alone.
  auto refused = build_catalog_over(
      base, {pushed_set("bad", "directories: {u: {lock: {http: 200}}}", over->operations.get())});
  CHECK_FALSE(refused);
  REQUIRE_FALSE(refused.diagnostics.empty());
  CHECK(refused.diagnostics.front().message.find("'lock', which no set in force defines") !=
        std::string::npos);
}
