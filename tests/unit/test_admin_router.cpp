// The admin API without HTTP: the route table, the token, and handlers'
// answers to bad input.
#include <catch2/catch.hpp>

#include "admin/admin_router.h"
#include "server_parts.h"

using namespace drivemock;

namespace {

struct Admin : testing::ServerParts {
  Admin() : ServerParts({"name: base\ndirectories: {u: {trash: {http: 202}}}"}) {
    REQUIRE_FALSE(has_errors(loaded));
  }

  Reply call(const std::string& method, const std::string& path, const std::string& body = "",
             const std::optional<std::string>& token = std::nullopt,
             const std::string& authorization = "") {
    RequestView r;
    r.method = method;
    r.path = r.url = path;
    r.body = body;
    if (!authorization.empty()) r.headers.push_back({"Authorization", authorization});
    return admin::route(r, admin, admin::AdminAccess{token, {}, {}});
  }
};

bool has_code(const Reply& reply, const std::string& code) {
  return reply.body_text().find("\"code\":\"" + code + "\"") != std::string::npos;
}

}  // namespace

TEST_CASE("admin paths are /__admin and what is under it, nothing else") {
  CHECK(admin::is_admin_path("/__admin"));
  CHECK(admin::is_admin_path("/__admin/health"));
  CHECK_FALSE(admin::is_admin_path("/__adminx"));
  CHECK_FALSE(admin::is_admin_path("/v3/dir/trash"));
}

TEST_CASE("with a token, a call without the right bearer gets 401 and a challenge") {
  Admin a;
  Reply denied = a.call("GET", "/__admin/health", "", std::string("t0k"), "Bearer wrong");
  CHECK(denied.status == 401);
  CHECK(has_code(denied, "unauthorized"));
  CHECK(*find_header(denied.header_list(), "WWW-Authenticate") == "Bearer");
  CHECK(a.call("GET", "/__admin/health", "", std::string("t0k"), "Bearer t0k").status == 200);
}

TEST_CASE("an unknown admin call gets 404, a known one with another method 405") {
  Admin a;
  Reply unknown = a.call("GET", "/__admin/nothing");
  CHECK(unknown.status == 404);
  CHECK(has_code(unknown, "not_found"));
  Reply method = a.call("PUT", "/__admin/health");
  CHECK(method.status == 405);
  CHECK(has_code(method, "method_not_allowed"));
}

TEST_CASE("a pushed set with an error is refused with its position and changes nothing") {
  Admin a;
  Reply refused = a.call("POST", "/__admin/scenarios", "directories: {u: {trash: {fault: nope}}}");
  CHECK(refused.status == 400);
  CHECK(refused.body_text().find("unknown fault 'nope'") != std::string::npos);
  CHECK(refused.body_text().find("pushed:1:") != std::string::npos);
  CHECK(a.engine.catalog()->find("u")->find("trash")->set->name == "base");
  CHECK(a.changes.empty());
}

TEST_CASE("a pushed set is in force at once and the change is logged") {
  Admin a;
  Reply pushed = a.call("POST", "/__admin/scenarios", "name: more\ndirectories: {v: {}}");
  CHECK(pushed.status == 200);
  CHECK(a.engine.catalog()->find("v"));
  CHECK(a.changes == std::vector<std::string>{"scenario set 'more' pushed"});
}

TEST_CASE("a filter with an unknown field, or a body that is not an object, gets 400") {
  Admin a;
  Reply unknown = a.call("POST", "/__admin/requests/count", R"({"path":"/x"})");
  CHECK(unknown.status == 400);
  CHECK(has_code(unknown, "invalid_params"));
  CHECK(unknown.body_text().find("Unknown filter field 'path'") != std::string::npos);
  CHECK(a.call("POST", "/__admin/requests/count", "[1]").status == 400);
  CHECK(a.call("POST", "/__admin/requests/wait", R"({"count":-1})").status == 400);
}

TEST_CASE("a journal entry asked for by an id it does not have is 404") {
  Admin a;
  CHECK(a.call("GET", "/__admin/requests/7").status == 404);
  CHECK(a.call("GET", "/__admin/requests/x7").status == 404);
}

TEST_CASE("the operations in force are listed with their fields, answer and what a success does") {
  Admin a;
  Reply listed = a.call("GET", "/__admin/operations");
  CHECK(listed.status == 200);
  CHECK(listed.body_text() ==
        R"({"operations":[)"
        R"({"name":"color","path":"/v3/dir/color","key":"uuid","fields":[)"
        R"({"name":"uuid","type":"string","required":true},)"
        R"({"name":"color","type":"string","required":true}],)"
        R"("answer":{"message":"Directory color changed.","code":"dir_color_changed"},)"
        R"("onSuccess":{"store":"color"},"source":"built-in"},)"
        R"({"name":"trash","path":"/v3/dir/trash","key":"uuid","fields":[)"
        R"({"name":"uuid","type":"string","required":true}],)"
        R"("answer":{"message":"Directory moved to trash.","code":"dir_trashed"},)"
        R"("onSuccess":{"state":"trashed"},"source":"built-in"}]})");
}

TEST_CASE("a state set through the admin API is the state the directory reports") {
  Admin a;
  Reply set = a.call("PUT", "/__admin/directories/u/state", R"({"state":"trashed"})");
  CHECK(set.status == 200);
  Reply got = a.call("GET", "/__admin/directories/u");
  CHECK(got.body_text().find("\"state\":\"trashed\"") != std::string::npos);
  CHECK(a.call("PUT", "/__admin/directories/u/state", R"({"state":""})").status == 400);
}
