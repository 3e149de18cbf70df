// The pact of journaled calls (interchange/pact_writer.h): what goes in, what is
// left out and said, and the journal file's lines read as the journal's.
#include <catch2/catch.hpp>

#include "interchange/pact_writer.h"
#include "journal/entry_json.h"
#include "util/json.h"

using namespace drivemock;
using namespace drivemock::interchange;
using drivemock::journal::entry_to_json;

namespace {

PactCall call(uint64_t id, std::string body, std::string answer) {
  PactCall c;
  c.id = id;
  c.method = "POST";
  c.path = "/v3/dir/trash";
  c.content_type = "application/json";
  c.body = std::move(body);
  c.operation = "trash";
  c.uuid = "u1";
  c.status = 200;
  c.response_body = std::move(answer);
  return c;
}

rapidjson::Document parsed(const Pact& pact) {
  auto doc = json::parse_untrusted(pact.json);
  REQUIRE(doc);
  return std::move(*doc);
}

const std::string kOk = R"({"status":"success","code":"dir_trashed"})";
const std::string kAgain = R"({"status":"error","code":"dir_already_trashed"})";

}  // namespace

TEST_CASE("a pact is Pact v4 JSON naming its parties, one interaction per distinct call") {
  auto pact = write_pact({call(2, R"({"uuid":"u1"})", kOk), call(1, R"({"uuid":"u1"})", kOk)},
                         {"archiver", "drive"});
  auto doc = parsed(pact);
  CHECK(std::string(doc["consumer"]["name"].GetString()) == "archiver");
  CHECK(std::string(doc["provider"]["name"].GetString()) == "drive");
  CHECK(std::string(doc["metadata"]["pactSpecification"]["version"].GetString()) == "4.0");
  REQUIRE(doc["interactions"].Size() == 1);
  const auto& i = doc["interactions"][0];
  CHECK(std::string(i["type"].GetString()) == "Synchronous/HTTP");
  CHECK(std::string(i["request"]["path"].GetString()) == "/v3/dir/trash");
  CHECK(std::string(i["request"]["body"]["content"]["uuid"].GetString()) == "u1");
  CHECK(std::string(i["request"]["headers"]["Content-Type"][0].GetString()) == "application/json");
  CHECK(i["response"]["status"].GetInt() == 200);
  CHECK(std::string(i["response"]["body"]["content"]["code"].GetString()) == "dir_trashed");
  CHECK(std::string(i["description"].GetString()) == "trash u1: 200 dir_trashed");
  CHECK(!i.HasMember("providerStates"));  // answered in no state (the call built here has none)
  CHECK(pact.warnings.empty());
}

TEST_CASE("a scripted uuid's state becomes the interaction's provider state") {
  auto first = call(1, R"({"uuid":"u1"})", kOk);
  first.state = "active";
  first.named = true;
  auto second = call(2, R"({"uuid":"u1"})", kAgain);
  second.state = "trashed";
  second.named = true;
  auto doc = parsed(write_pact({first, second}, {"c", "p"}));
  REQUIRE(doc["interactions"].Size() == 2);
  const auto& state = doc["interactions"][1]["providerStates"][0];
  CHECK(std::string(state["name"].GetString()) == kStateInAState);
  CHECK(std::string(state["params"]["uuid"].GetString()) == "u1");
  CHECK(std::string(state["params"]["directoryState"].GetString()) == "trashed");
  CHECK(std::string(doc["interactions"][1]["description"].GetString()) ==
        "trash u1 in state trashed: 200 dir_already_trashed");
}

TEST_CASE("a uuid no scenario scripts is a directory the provider must make, existing or trashed") {
  auto exists = call(1, R"({"uuid":"u1"})", kOk);
  exists.state = "active";
  auto trashed = call(2, R"({"uuid":"u1"})", kAgain);
  trashed.state = "trashed";
  auto doc = parsed(write_pact({exists, trashed}, {"c", "p"}));
  REQUIRE(doc["interactions"].Size() == 2);
  for (unsigned i = 0; i < 2; ++i) {
    const auto& state = doc["interactions"][i]["providerStates"][0];
    CHECK(std::string(state["name"].GetString()) == (i == 0 ? kStateExists : kStateTrashed));
    CHECK(std::string(state["params"]["uuid"].GetString()) == "u1");
    CHECK(!state["params"].HasMember("directoryState"));
  }
  // A uuid the client made up (the lock): nothing to set up, the call makes it.
  auto lock = call(3, R"({"uuid":"9b1d4c2e-0000-4000-8000-000000000001"})", kOk);
  lock.state = "active";
  lock.client_made = true;
  auto locked = parsed(write_pact({lock}, {"c", "p"}));
  CHECK(!locked["interactions"][0].HasMember("providerStates"));
}

TEST_CASE("a pact carries no secret: only Content-Type of the request, no redacted answer header") {
  auto c = call(1, R"({"uuid":"u1"})", kOk);
  c.response_headers = {{"Set-Cookie", "***"}, {"X-Trace", "t1"}, {"Date", "today"}};
  auto pact = write_pact({c}, {"c", "p"});
  CHECK(pact.json.find("***") == std::string::npos);
  CHECK(pact.json.find("Set-Cookie") == std::string::npos);
  CHECK(pact.json.find("Date") == std::string::npos);  // the provider's own, never equal
  CHECK(pact.json.find("X-Trace") != std::string::npos);
}

TEST_CASE("what a pact cannot hold is left out with a warning naming the request") {
  auto reset = call(1, R"({"uuid":"u1"})", "");
  reset.fault = "reset";
  auto first = call(2, R"({"uuid":"u1"})", R"({"status":"error","code":"internal_error"})");
  first.status = 503;
  auto later = call(3, R"({"uuid":"u1"})", kOk);  // a sequence's next answer
  PactCall unknown = call(4, "{}", "{}");
  unknown.operation.clear();
  auto pact = write_pact({reset, first, later, unknown}, {"c", "p"}, 7);
  auto doc = parsed(pact);
  REQUIRE(doc["interactions"].Size() == 1);
  CHECK(doc["interactions"][0]["response"]["status"].GetInt() == 503);
  REQUIRE(pact.warnings.size() == 4);
  CHECK(pact.warnings[0].find("request 1 (trash u1)") == 0);
  CHECK(pact.warnings[0].find("fault 'reset'") != std::string::npos);
  CHECK(pact.warnings[1].find("request 3 (trash u1) got another answer than request 2") == 0);
  CHECK(pact.warnings[2].find("1 request(s) to paths with no operation") == 0);
  CHECK(pact.warnings[3].find("7 older request(s) were dropped") == 0);
  CHECK(doc["metadata"]["drivemock"]["warnings"].Size() == 4);
}

TEST_CASE("a body that is not JSON goes in as text in its content type") {
  auto c = call(1, "uuid=u1", R"(oops)");
  c.content_type = "text/plain";
  auto doc = parsed(write_pact({c}, {"c", "p"}));
  const auto& i = doc["interactions"][0];
  CHECK(std::string(i["request"]["body"]["content"].GetString()) == "uuid=u1");
  CHECK(std::string(i["request"]["body"]["contentType"].GetString()) == "text/plain");
  CHECK(std::string(i["response"]["body"]["content"].GetString()) == "oops");
}

TEST_CASE("a journal file's line gives the call the running journal's entry gives") {
  RequestView view;
  view.method = "POST";
  view.url = "/v3/dir/trash?x=1";
  view.path = "/v3/dir/trash";
  view.headers = {{"content-type", "application/json"}, {"Authorization", "Bearer s3cret"}};
  view.body = R"({"uuid":"u1"})";
  view.client_ip = "127.0.0.1";
  Entry e;
  e.id = 9;
  e.request = RecordedRequest(view, "u1");
  e.classification().operation = "trash";
  e.classification().named = true;
  e.classification().state = "trashed";
  e.classification().session = std::make_shared<SessionTag>(SessionTag{"s-1", "test"});
  e.response.status = 200;
  e.response.body = std::make_shared<const std::string>(kAgain);
  auto line = json::parse_untrusted(entry_to_json(e));
  REQUIRE(line);
  auto from_file = pact_call(*line);
  REQUIRE(from_file);
  auto from_entry = pact_call(e);
  CHECK(from_file->path == "/v3/dir/trash");
  for (const auto* c : {&*from_file, &from_entry}) {
    CHECK(c->id == 9);
    CHECK(c->content_type == "application/json");
    CHECK(c->state == "trashed");
    CHECK(c->session == "s-1");
    CHECK(c->uuid == std::optional<std::string>("u1"));
    CHECK(c->response_body == kAgain);
  }
  CHECK(write_pact({*from_file}, {"c", "p"}).json == write_pact({from_entry}, {"c", "p"}).json);
  CHECK(!pact_call(*json::parse_untrusted(R"({"id":1})")));
}

TEST_CASE(
    "a client-made uuid is a fixed example with a rule, and the calls' order does not change the "
    "pact") {
  auto lock = [](uint64_t id, const std::string& uuid) {
    PactCall c = call(id, R"({"uuid":")" + uuid + R"(","type":"acquire"})",
                      R"({"status":true,"code":"lock_acquired"})");
    c.path = "/v3/user/lock";
    c.operation = "lock";
    c.uuid = uuid;
    c.client_made = true;
    return c;
  };
  auto first =
      write_pact({lock(1, "6f1c0a5e-1111-4000-8000-000000000001"), call(2, R"({"uuid":"u1"})", kOk),
                  lock(3, "0b7d2c9a-2222-4000-8000-000000000002")},
                 {"web", "drive"});
  auto doc = parsed(first);
  REQUIRE(doc["interactions"].Size() == 2);
  const auto& locked = doc["interactions"][0];
  CHECK(std::string(locked["description"].GetString()) == "lock: 200 lock_acquired");
  CHECK(std::string(locked["request"]["body"]["content"]["uuid"].GetString()) ==
        std::string(kClientMadeUuid));
  CHECK(std::string(locked["request"]["matchingRules"]["body"]["$.uuid"]["matchers"][0]["match"]
                        .GetString()) == "regex");
  CHECK(first.json.find("6f1c0a5e") == std::string::npos);
  // The same calls, made in another order and with other uuids drawn: the same bytes.
  auto again = write_pact(
      {call(1, R"({"uuid":"u1"})", kOk), lock(2, "99999999-3333-4000-8000-000000000003")},
      {"web", "drive"});
  CHECK(again.json == first.json);
}
