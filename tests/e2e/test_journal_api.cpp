// The minimal journal API: every request recorded in the spec's shape.
#include <atomic>
#include <map>
#include <mutex>

#include "drivemock/version.h"
#include "e2e/server_fixture.h"
#include "eventually.h"

using namespace drivemock::testing;

TEST_CASE("every request is journaled, newest first, with the spec's entry shape") {
  RunningServer mock("name: s\ndirectories: {u: {trash: {http: 200}}}");
  auto client = mock.client();
  client.Post("/v3/dir/trash", {{"Authorization", "Bearer secret"}, {"X-Api-Key", "k"}},
              R"({"uuid":"u"})", "application/json");
  mock.color("v", "red");
  auto journal = mock.requests();
  REQUIRE(journal["requests"].Size() == 2);
  CHECK(journal["meta"]["total"].GetUint64() == 2);
  CHECK(journal["meta"]["dropped"].GetUint64() == 0);
  const auto& newest = journal["requests"][0];
  CHECK(newest["id"].GetUint64() == 2);
  CHECK(newest["matched"].IsNull());
  const auto& first = journal["requests"][1];
  CHECK(first["id"].GetUint64() == 1);
  CHECK(std::string(first["operation"].GetString()) == "trash");
  CHECK(std::string(first["uuid"].GetString()) == "u");
  CHECK(std::string(first["matched"]["scenario"].GetString()) == "s");
  CHECK(first["matched"]["rule"].GetInt() == 1);
  CHECK(std::string(first["request"]["method"].GetString()) == "POST");
  CHECK(std::string(first["request"]["url"].GetString()) == "/v3/dir/trash");
  CHECK(std::string(first["request"]["body"].GetString()) == R"({"uuid":"u"})");
  CHECK(std::string(first["request"]["clientIp"].GetString()) == "127.0.0.1");
  CHECK(std::string(first["request"]["headers"]["Authorization"].GetString()) == "***");
  CHECK(std::string(first["request"]["headers"]["X-Api-Key"].GetString()) == "***");
  CHECK_FALSE(first["request"]["headers"].HasMember("REMOTE_ADDR"));
  CHECK(first["response"]["status"].GetInt() == 200);
  CHECK(first["response"]["proxied"].IsFalse());
  CHECK(first["response"]["succeeded"].IsTrue());
  CHECK(first["response"]["fault"].IsNull());
  CHECK(first["violations"].IsArray());
  CHECK(first["timing"]["totalMicros"].IsInt64());
  CHECK(std::string(first["loggedDate"].GetString()).ends_with("Z"));
}

TEST_CASE("an entry says whether its answer succeeded as the clients read it") {
  RunningServer mock(R"(name: s
directories:
  refused: {trash: {body: {status: false, message: Not yours., code: permission_denied}}}
  failing: {trash: {http: 503, body: {status: true}}}
  fine: {trash: {body: {status: true, message: Moved., code: dir_trashed}}}
)");
  for (const char* uuid : {"refused", "failing", "fine"}) mock.trash(uuid);
  auto journal = mock.requests();
  REQUIRE(journal["requests"].Size() == 3);
  std::map<std::string, bool> succeeded;
  for (const auto& e : journal["requests"].GetArray()) {
    succeeded[e["uuid"].GetString()] = e["response"]["succeeded"].GetBool();
  }
  CHECK(succeeded ==
        std::map<std::string, bool>{{"refused", false}, {"failing", false}, {"fine", true}});
}

TEST_CASE("the request list filters by uuid and operation and limits") {
  RunningServer mock;
  mock.trash("a");
  mock.color("a", "red");
  mock.trash("b");
  CHECK(mock.requests("?uuid=a")["requests"].Size() == 2);
  CHECK(mock.requests("?operation=trash")["requests"].Size() == 2);
  CHECK(mock.requests("?limit=1")["requests"][0]["id"].GetUint64() == 3);
  CHECK(mock.requests("?since=2999-01-01T00:00:00Z")["requests"].Size() == 0);
  auto bad = mock.client().Get("/__admin/requests?limit=lots");
  REQUIRE(bad);
  CHECK(bad->status == 400);
}

TEST_CASE("health answers healthy with the version") {
  RunningServer mock;
  auto res = mock.client().Get("/__admin/health");
  REQUIRE(res);
  auto doc = parse_json(res->body);
  CHECK(std::string(doc["status"].GetString()) == "healthy");
  CHECK(std::string(doc["version"].GetString()) == drivemock::kVersion);
  CHECK(doc["uptimeInSeconds"].IsInt64());
}

TEST_CASE("unknown admin calls answer JSON 404") {
  RunningServer mock;
  auto res = mock.client().Get("/__admin/nothing");
  REQUIRE(res);
  CHECK(res->status == 404);
  CHECK(code_of(res) == "not_found");
}

TEST_CASE("a body that is not UTF-8 is journaled and the journal stays valid JSON") {
  RunningServer mock;
  auto res = mock.post("/v3/dir/trash", std::string("{\"uuid\":\"a\xff\"}"));
  REQUIRE(res);
  CHECK(res->status == 400);
  auto list = mock.client().Get("/__admin/requests");
  REQUIRE(list);
  rapidjson::Document doc;
  doc.Parse<rapidjson::kParseValidateEncodingFlag>(list->body.c_str());
  REQUIRE_FALSE(doc.HasParseError());
  CHECK(std::string(doc["requests"][0]["request"]["body"].GetString()) ==
        "{\"uuid\":\"a\xEF\xBF\xBD\"}");
}

TEST_CASE("a request is journaled before its answer is written, refused ones too") {
  // The hook runs where the entry is journaled and looks for the answer on
  // the client's socket for half a second. A server that answered first
  // (journaling on another thread, say) has the answer there by then.
  std::atomic<RawConnection*> client{nullptr};
  std::mutex mutex;
  std::vector<bool> answer_seen_in_hook;
  drivemock::ServerOptions options;
  options.on_request = [&](const drivemock::Entry&) {
    RawConnection* c = client.load();
    if (!c) return;
    bool seen = eventually([&] { return c->answered(); }, std::chrono::milliseconds(500));
    std::lock_guard lock(mutex);
    answer_seen_in_hook.push_back(seen);
  };
  RunningServer mock(options);
  const std::vector<std::pair<std::string, int>> requests = {
      {raw_post("/v3/dir/trash", R"({"uuid":"u"})"), 200},
      {"TRACE /v3/dir/trash HTTP/1.1\r\n\r\n", 405},  // refused by the library
      {std::string("POST /v3/dir/trash HTTP/1.1\r\nX: a") + '\0' + "\r\n\r\n",
       400},  // by drivemock
  };
  for (size_t i = 0; i < requests.size(); ++i) {
    INFO(requests[i].first);
    RawConnection connection(mock.server().port());
    client = &connection;
    REQUIRE(connection.send(requests[i].first));
    REQUIRE(eventually([&] {
      std::lock_guard lock(mutex);
      return answer_seen_in_hook.size() == i + 1;
    }));
    client = nullptr;
    CHECK_FALSE(answer_seen_in_hook[i]);
    CHECK(is_status(connection.read_answer(), requests[i].second));
  }
  CHECK(mock.server().journal().size() == requests.size());
}

TEST_CASE("verify-order answers the ids in order, other requests in between") {
  RunningServer mock;
  mock.color("a", "red");
  mock.trash("b");
  mock.trash("a");
  auto doc = mock.admin_json("POST", "/__admin/requests/verify-order",
                             R"({"filters": [{"operation": "color", "uuid": "a"},)"
                             R"( {"operation": "trash", "uuid": "a"}]})");
  CHECK(drivemock::json::to_string(doc) == R"({"matched":[1,3]})");
  drivemock::RequestFilter color, trash;
  color.operation = "color";
  trash.operation = "trash";
  trash.uuid = "a";
  auto check = mock.server().verify_order({color, trash});
  REQUIRE(check);
  CHECK(check->in_order());
  CHECK(check->matched == std::vector<uint64_t>{1, 3});
}

TEST_CASE("verify-order answers 409 with the filter that could not be placed and what it matches") {
  RunningServer mock;
  mock.trash("a");
  mock.color("a", "red");
  auto res = mock.admin("POST", "/__admin/requests/verify-order",
                        R"({"filters": [{"operation": "color"}, {"operation": "trash"}]})");
  REQUIRE(res);
  CHECK(res->status == 409);
  CHECK(res->body ==
        R"x({"status":"error","message":"Filter 2 of 2 matches no request after request 2 (it )x"
        R"x(matches request 1)","code":"order_not_met","failedFilter":1,"matched":[2],)x"
        R"x("failedFilterMatches":[1]})x");
  auto never =
      mock.admin("POST", "/__admin/requests/verify-order", R"({"filters": [{"uuid": "nobody"}]})");
  REQUIRE(never);
  CHECK(never->status == 409);
  CHECK(never->body.find("Filter 1 of 1 matches no request at all") != std::string::npos);
  drivemock::RequestFilter color, trash;
  color.operation = "color";
  trash.operation = "trash";
  auto check = mock.server().verify_order({color, trash});
  REQUIRE(check);
  CHECK(check->failed == 1u);
  CHECK(check->failed_matches == std::vector<uint64_t>{1});
}

TEST_CASE("verify-order refuses a body that is not a list of valid filters, saying which") {
  RunningServer mock;
  for (const auto& [body, message] : std::vector<std::pair<std::string, std::string>>{
           {R"({"filters": []})",
            R"(The body must be {\"filters\": [filter, ...]} with at least one filter)"},
           {R"({"filter": [{}]})", "Unknown key 'filter' in the body; expected filters"},
           {R"({"filters": [{}, 3]})", "filters[1]: expected a filter (a JSON object)"},
           {R"({"filters": [{"methd": "POST"}]})",
            "filters[0]: Unknown filter field 'methd'; expected method, url, operation, uuid, "
            "session, body or bodyPatterns"}}) {
    INFO(body);
    auto res = mock.admin("POST", "/__admin/requests/verify-order", body);
    REQUIRE(res);
    CHECK(res->status == 400);
    CHECK(res->body.find(message) != std::string::npos);
  }
  drivemock::RequestFilter bad;
  bad.body = "not json";
  auto check = mock.server().verify_order({{}, bad});
  REQUIRE_FALSE(check);
  CHECK(check.error().message.starts_with("filter 1: "));
}
