// Operations a scenario file adds to the contract (`operations:`): read with
// positions, merged into the catalog, routed, scripted, answered, recorded.
#include <catch2/catch.hpp>

#include "contract/classify.h"
#include "record/recording_yaml.h"
#include "request_views.h"
#include "scenario/catalog.h"
#include "scenario/engine.h"
#include "scenario/loader.h"
#include "scenario/scenario_store.h"

using namespace drivemock;
using namespace drivemock::scenario;

namespace {

const char* kLock = R"(name: locks
operations:
  lock:
    path: /v3/user/lock
    fields: {uuid: string, type: string, resource: string}
    answer: {body: {status: true, message: Lock acquired., code: lock_acquired, data: {acquired: true}}}
directories:
  held:
    lock:
      - when: {type: acquire}
        respond: [{body: {status: true, data: {acquired: false}}}, {body: {status: true, data: {acquired: true}}}]
      - when: {type: release}
        respond: {body: {status: true, message: Released.}}
)";

std::vector<std::string> errors_of(const std::string& yaml) {
  std::vector<std::string> out;
  for (const auto& d : parse_scenario(yaml, "s.yaml", "s").diagnostics) {
    if (d.severity == Severity::error) out.push_back(format_diagnostic(d));
  }
  return out;
}

RequestView post(const std::string& path, std::string body) {
  return testing::json_post_to(path, std::move(body));
}

/// The body of what the engine answers to a request routed with its catalog.
std::string answer(Engine& engine, const std::string& path, const std::string& body) {
  auto catalog = engine.catalog();
  auto c = contract::classify(post(path, body), *catalog->operations, contract::Strictness::lenient,
                              Envelope(Dialect::service));
  REQUIRE_FALSE(c.early);
  return std::string(engine.answer(c, catalog).body_text());
}

std::shared_ptr<const Catalog> catalog_of(const std::vector<std::string>& yamls) {
  std::vector<ScenarioSet> sets;
  for (size_t i = 0; i < yamls.size(); ++i) {
    auto set = parse_scenario(yamls[i], "f" + std::to_string(i) + ".yaml", "f" + std::to_string(i));
    REQUIRE(set);
    sets.push_back(std::move(*set));
  }
  auto built = build_catalog(sets, Envelope(Dialect::service));
  REQUIRE(built);
  return *built;
}

}  // namespace

TEST_CASE("an added operation loads with its fields, answer and scripts") {
  auto set = parse_scenario(kLock, "locks.yaml", "locks", {Dialect::service});
  REQUIRE(set);
  CHECK(set.diagnostics.empty());
  REQUIRE(set->operations.size() == 1);
  const contract::Operation& lock = set->operations[0];
  CHECK(lock.path == "/v3/user/lock");
  CHECK(lock.source == "locks.yaml");
  CHECK(lock.line == 3);
  REQUIRE(lock.builtin_answer);
  CHECK(lock.builtin_answer->body_text().find("\"acquired\":true") != std::string::npos);
  CHECK(set->directories.at("held").operations.at("lock").size() == 2);
}

TEST_CASE("a bad added operation is an error at its position") {
  CHECK(errors_of("operations:\n  x: {path: /v2/x, fields: {uuid: string}}\n") ==
        std::vector<std::string>{"s.yaml:2:13: error: path '/v2/x' is not under /v3/"});
  CHECK(errors_of("operations:\n  color: {path: /v3/c, fields: {uuid: string}}\n") ==
        std::vector<std::string>{"s.yaml:2:3: error: operation 'color' is already defined "
                                 "(built-in); expected a new name"});
  CHECK(errors_of("operations:\n  t2: {path: /v3/dir/trash, fields: {uuid: string}}\n") ==
        std::vector<std::string>{
            "s.yaml:2:14: error: path /v3/dir/trash is used by two operations (trash, built-in)"});
  CHECK(errors_of("operations:\n  a: {path: /v3/a, fields: {uuid: string}}\n"
                  "  a: {path: /v3/b, fields: {uuid: string}}\n") ==
        std::vector<std::string>{"s.yaml:3:3: error: the key 'a' is given twice in this mapping "
                                 "(first at line 2, column 3); expected each key once: a reader "
                                 "keeps one of the two"});
  CHECK(errors_of("operations:\n  a: {path: /v3/a, fields: {uuid: strin}}\n") ==
        std::vector<std::string>{"s.yaml:2:35: error: unknown type 'strin'; expected string, "
                                 "boolean, number, object or array"});
  CHECK(errors_of("operations:\n  a: {path: /v3/a, fields: {id: number}, key: id}\n") ==
        std::vector<std::string>{"s.yaml:2:47: error: key names 'id', not a string field of a"});
  CHECK(errors_of("operations:\n  a: {path: /v3/a, fields: {uuid: string}, answer: {http: 9}}\n") ==
        std::vector<std::string>{"s.yaml:2:59: error: expected an HTTP status from 100 to 599, "
                                 "found '9'"});
}

TEST_CASE("scripts of an added operation are checked against its own fields") {
  CHECK(
      errors_of(std::string(kLock) +
                "  other:\n    lock: {when: {kind: acquire}, respond: {}}\n") ==
      std::vector<std::string>{"s.yaml:15:19: error: unknown key 'kind' in when of lock; expected "
                               "state or a body field of lock: uuid, type, resource"});
  CHECK(errors_of("directories: {u: {lock: {http: 200}}}") ==
        std::vector<std::string>{"s.yaml:1:19: error: unknown key 'lock' in directory 'u'; "
                                 "expected state or an operation: color, trash"});
}

TEST_CASE("a built-in answer that does not fit the dialect warns, as scenario bodies do") {
  auto set = parse_scenario(
      "operations:\n  a: {path: /v3/a, fields: {uuid: string}, answer: {body: {status: ok}}}\n",
      "s.yaml", "s", {Dialect::service});
  REQUIRE(set);
  REQUIRE(set.diagnostics.size() == 1);
  CHECK(set.diagnostics[0].severity == Severity::warning);
  CHECK(set.diagnostics[0].message.find("reads any status but false as a success") !=
        std::string::npos);
}

TEST_CASE("an added operation is routed, scripted per key, and answers by default otherwise") {
  Engine engine(catalog_of({kLock}));
  const std::string acquire = R"({"uuid":"held","type":"acquire","resource":"drive-write"})";
  CHECK(answer(engine, "/v3/user/lock", acquire).find("\"acquired\":false") != std::string::npos);
  CHECK(answer(engine, "/v3/user/lock", acquire).find("\"acquired\":true") != std::string::npos);
  CHECK(answer(engine, "/v3/user/lock", R"({"uuid":"held","type":"release","resource":"r"})") ==
        R"({"status":true,"message":"Released."})");
  CHECK(answer(engine, "/v3/user/lock", R"({"uuid":"fresh","type":"acquire","resource":"r"})")
            .find("lock_acquired") != std::string::npos);
  CHECK(engine.directory("held")->calls.at("lock") == 3);
  CHECK(engine.directory("held")->calls.at("trash") == 0);
}

TEST_CASE("unknown_uuids reject keeps to the directory operations: an added key is answered") {
  Engine engine(catalog_of({std::string(kLock) + "unknown_uuids: reject\n"}));
  CHECK(answer(engine, "/v3/user/lock", R"({"uuid":"fresh","type":"acquire","resource":"r"})")
            .find("lock_acquired") != std::string::npos);
  CHECK(answer(engine, "/v3/dir/trash", R"({"uuid":"fresh"})").find("folder_not_found") !=
        std::string::npos);
}

TEST_CASE("what an added operation's success does is data: on_success state and store") {
  Engine engine(catalog_of({R"(operations:
  rename:
    path: /v3/dir/rename
    fields: {uuid: string, name: string}
    on_success: {state: renamed, store: name}
)"}));
  CHECK(answer(engine, "/v3/dir/rename", R"({"uuid":"d","name":"n1"})") ==
        R"({"status":true,"message":"Success.","code":"success"})");
  auto d = engine.directory("d");
  CHECK(d->state == "renamed");
  CHECK(d->attributes.at("name") == "n1");
}

TEST_CASE("an operation with another key scripts entities by that field") {
  Engine engine(catalog_of({R"(operations:
  file_trash: {path: /v3/file/trash, fields: {id: string}, key: id}
directories:
  f1: {file_trash: {http: 200, body: {status: false, code: file_not_found}}}
)"}));
  CHECK(answer(engine, "/v3/file/trash", R"({"id":"f1"})").find("file_not_found") !=
        std::string::npos);
}

TEST_CASE("one operation in two files: the same definition merges, another one is an error") {
  const char* a = "operations:\n  a: {path: /v3/a, fields: {uuid: string}}\n";
  const char* same =
      "name: b\noperations:\n  a: {path: /v3/a, fields: {uuid: string}, answer: "
      "{http: 201}}\n";
  auto merged = catalog_of({a, same});
  CHECK(merged->operations->names() == "color, trash, lock, a");  // lock: the service dialect's
  CHECK(merged->builtin.at("a").status == 201);
  std::vector<ScenarioSet> sets;
  sets.push_back(*parse_scenario(a, "a.yaml", "a"));
  sets.push_back(*parse_scenario("operations:\n  a: {path: /v3/other, fields: {uuid: string}}\n",
                                 "b.yaml", "b"));
  auto clash = build_catalog(sets);
  CHECK_FALSE(clash);
  REQUIRE(clash.diagnostics.size() == 1);
  CHECK(format_diagnostic(clash.diagnostics[0]) ==
        "b.yaml:2:3: error: operation 'a' (/v3/other) clashes with a (/v3/a) defined at "
        "a.yaml:2:3; expected a name and a path of its own, or the same definition with the "
        "same answer or none");
  // A recording repeats a definition answer and all: the same answer merges, another does not.
  const char* answered =
      "name: c\noperations:\n  a: {path: /v3/a, fields: {uuid: string}, answer: "
      "{http: 202}}\n";
  std::string again = std::string(same).replace(6, 1, "again");  // name: again
  CHECK(catalog_of({same, again})->builtin.at("a").status == 201);
  sets.clear();
  sets.push_back(*parse_scenario(same, "b.yaml", "b"));
  sets.push_back(*parse_scenario(answered, "c.yaml", "c"));
  CHECK_FALSE(build_catalog(sets));
}

TEST_CASE("a file may script an operation another file of the same load adds") {
  auto loaded = load_scenario_paths({});  // nothing: the two-pass reading is per load
  CHECK(loaded->empty());
  Engine engine(empty_catalog());
  ScenarioStore store({}, {}, engine);
  REQUIRE_FALSE(has_errors(store
                               .push("name: ops\noperations:\n  a: {path: /v3/a, fields: {uuid: "
                                     "string}}\n")
                               .diagnostics));
  REQUIRE_FALSE(
      has_errors(store.push("name: use\ndirectories: {u: {a: {http: 202}}}").diagnostics));
  auto removed = store.remove("ops");
  CHECK_FALSE(removed);
  REQUIRE_FALSE(removed.diagnostics.empty());
  CHECK(removed.diagnostics[0].message ==
        "directory 'u' scripts operation 'a', which no set in force defines; expected one of: "
        "color, trash");
  CHECK(store.list().size() == 2);
  CHECK(*store.remove("use"));
  CHECK(*store.remove("ops"));
}

TEST_CASE("a recording of an added operation defines it, and replays on its own") {
  auto lock = parse_scenario(kLock, "locks.yaml", "locks")->operations[0];
  record::Recording recording{"https://upstream", {}, {}, {}};
  recording.captures.push_back({"lock",
                                "k1",
                                {{"type", "\"acquire\"", contract::FieldType::string}},
                                200,
                                R"({"status":true,"data":{"acquired":true}})",
                                ""});
  recording.operations.push_back(lock);
  std::string yaml = record::recording_yaml(recording, "rec");
  auto replay = parse_scenario(yaml, "rec.yaml", "rec");
  INFO(yaml);
  REQUIRE(replay);
  REQUIRE(replay->operations.size() == 1);
  CHECK(contract::same_request(replay->operations[0], lock));
  // With the file that first defined it, the two definitions merge.
  auto both = catalog_of({kLock, yaml});
  Engine engine(both);
  CHECK(answer(engine, "/v3/user/lock", R"({"uuid":"k1","type":"acquire","resource":"r"})") ==
        R"({"status":true,"data":{"acquired":true}})");
}

TEST_CASE("defaults may hold rules: conditions on the body, and a sequence per uuid") {
  Engine engine(catalog_of({std::string(kLock) + R"(defaults:
  lock:
    - when: {type: release}
      respond: {body: {status: true, data: {released: true}}}
    - respond: [{body: {status: true, data: {acquired: false}}}, {body: {status: true, data: {acquired: true}}}]
)"}));
  auto call = [&](const std::string& uuid, const std::string& type) {
    return answer(engine, "/v3/user/lock",
                  R"({"uuid":")" + uuid + R"(","type":")" + type + R"(","resource":"r"})");
  };
  CHECK(call("k1", "acquire").find("\"acquired\":false") != std::string::npos);
  CHECK(call("k1", "acquire").find("\"acquired\":true") != std::string::npos);
  CHECK(call("k2", "acquire").find("\"acquired\":false") != std::string::npos);  // its own sequence
  CHECK(call("k1", "release").find("\"released\":true") != std::string::npos);
  // A uuid with its own script for the operation is served by it first.
  CHECK(call("held", "release") == R"({"status":true,"message":"Released."})");
}

TEST_CASE("several added operations in one file each keep their own definition and answer") {
  auto set = parse_scenario(R"(operations:
  a: {path: /v3/a, fields: {uuid: string}, answer: {http: 201}}
  b: {path: /v3/b, fields: {uuid: string, n: number}, answer: {http: 202}}
  c: {path: /v3/c, fields: {uuid: string}}
)",
                            "s.yaml", "s");
  REQUIRE(set);
  REQUIRE(set->operations.size() == 3);
  CHECK(set->operations[0].builtin_answer->status == 201);
  CHECK(set->operations[0].fields.size() == 1);
  CHECK(set->operations[1].builtin_answer->status == 202);
  CHECK(set->operations[1].fields.size() == 2);
  CHECK_FALSE(set->operations[2].builtin_answer);
}

TEST_CASE("an operation with key: null names no entity: one sequence for all its calls") {
  const std::string kInfo = R"(name: info
operations:
  info:
    path: /v3/user/info
    fields: {id: number}
    required: []
    key: null
defaults:
  info:
    respond: [{body: {status: true, n: 1}}, {body: {status: true, n: 2}}]
)";
  Engine engine(catalog_of({kInfo}));
  auto catalog = engine.catalog();
  const auto* info = catalog->operations->by_name("info");
  REQUIRE(info);
  CHECK_FALSE(contract::has_key(*info));
  // Whatever the body says, the calls take the next answer of one sequence.
  CHECK(answer(engine, "/v3/user/info", R"({"id":1})") == R"({"status":true,"n":1})");
  CHECK(answer(engine, "/v3/user/info", "{}") == R"({"status":true,"n":2})");
  auto c = contract::classify(post("/v3/user/info", "{}"), *catalog->operations,
                              contract::Strictness::lenient, Envelope(Dialect::service));
  CHECK_FALSE(c.early);
  CHECK_FALSE(c.uuid());                      // journaled without a uuid
  CHECK(engine.uuids("", 10).first.empty());  // its slot is no directory
  // A directory cannot script it: there is no key to name one by.
  CHECK(errors_of(kInfo + "directories:\n  d1:\n    info: {http: 500}\n") ==
        std::vector<std::string>{
            "s.yaml:13:5: error: operation 'info' names no entity (key: null), so no directory "
            "can script it; expected it under defaults:"});
}
