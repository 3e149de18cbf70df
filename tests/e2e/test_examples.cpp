// The example files in scenarios/ are the documentation: load them as
// `make run` does and check that they answer what their comments promise.
#include "e2e/server_fixture.h"
#include "paths.h"

using namespace drivemock::testing;

namespace {

drivemock::ServerOptions examples() {
  drivemock::ServerOptions options;
  options.scenario_paths = {drivemock::testing::scenarios_dir()};
  return options;
}

const std::string kTrashFlow = "6f1c7e0a-0000-4000-8000-000000000001";
const std::string kFaults = "6f1c7e0a-0000-4000-8000-000000000002";
const std::string kInvalid = "6f1c7e0a-0000-4000-8000-000000000003";
const std::string kGone = "6f1c7e0a-0000-4000-8000-000000000004";
const std::string kFlaky = "6f1c7e0a-0000-4000-8000-000000000005";

}  // namespace

TEST_CASE("the examples load in the document dialect without an error or a warning") {
  // Examples in the service's shape live in scenarios/service/, checked in
  // the service dialect below: `make run` prints no warning of ours.
  auto started = drivemock::Server::start(examples());
  REQUIRE(started.server);
  std::vector<std::string> diagnostics;
  for (const auto& d : started.diagnostics) diagnostics.push_back(drivemock::format_diagnostic(d));
  CHECK(diagnostics.empty());
}

TEST_CASE("example trash-flow: 503, success, then already in trash, defaults for others") {
  RunningServer mock(examples());
  auto first = mock.trash(kTrashFlow);
  REQUIRE(first);
  CHECK(first->status == 503);
  CHECK(code_of(mock.trash(kTrashFlow)) == "dir_trashed");
  CHECK(code_of(mock.trash(kTrashFlow)) == "dir_already_trashed");
  CHECK(code_of(mock.color(kTrashFlow, "blue")) == "dir_color_changed");
  auto other = mock.trash("some-other-uuid");
  REQUIRE(other);
  CHECK(other->body == R"({"status":"success","message":"Moved.","code":"dir_trashed"})");
}

TEST_CASE("example faults: one fault per color, success otherwise") {
  RunningServer mock(examples());
  for (auto [color, ending] : std::vector<std::pair<std::string, std::string>>{
           {"red", "reset"}, {"blue", "empty"}, {"green", "malformed"}}) {
    INFO(color);
    CHECK(ending_of(mock.server().port(),
                    raw_post("/v3/dir/color", R"({"uuid":")" + kFaults + R"(","color":")" + color +
                                                  R"("})")) == ending);
  }
  CHECK(mock.color(kFaults, "purple")->body == R"({"status":"success"})");
  std::vector<std::string> journaled;
  for (const auto& entry : mock.server().journal().entries())
    journaled.push_back(std::string(drivemock::fault_name(entry->response.fault)));
  CHECK(journaled == std::vector<std::string>{"reset", "empty", "malformed", "none"});
}

TEST_CASE("example errors: invalid folder, trashed folder, flaky cycle, raw") {
  RunningServer mock(examples());
  CHECK(mock.trash(kInvalid)->body ==
        R"({"status":"error","message":"Invalid folder.","code":"invalid_folder"})");
  CHECK(code_of(mock.color(kGone, "red")) == "folder_not_found");
  std::vector<std::string> flaky;
  for (int i = 0; i < 4; ++i) flaky.push_back(code_of(mock.color(kFlaky, "red")));
  CHECK(flaky == std::vector<std::string>{"internal_error", "dir_color_changed", "internal_error",
                                          "dir_color_changed"});
  auto raw = mock.trash(kFlaky);
  REQUIRE(raw);
  CHECK(raw->body == R"({"status":"success","code":"dir_trashed")");
  CHECK(raw->get_header_value("X-Request-Id") == "drivemock-example");
}

namespace {

drivemock::ServerOptions service_examples() {
  drivemock::ServerOptions options;
  options.scenario_paths = {drivemock::testing::scenarios_dir() + "/service"};
  options.dialect = drivemock::Dialect::service;
  return options;
}

}  // namespace

TEST_CASE("example service/official-client: false is an error, a 503 is retried, data is kept") {
  auto started = drivemock::Server::start(service_examples());
  REQUIRE(started.server);
  CHECK(started.diagnostics.empty());
  RunningServer mock(service_examples());
  CHECK(mock.trash("7a2d0c1e-0000-4000-8000-000000000001")->body ==
        R"({"status":false,"message":"Folder not found.","code":"folder_not_found"})");
  auto first = mock.color("7a2d0c1e-0000-4000-8000-000000000002", "red");
  REQUIRE(first);
  CHECK(first->status == 503);
  CHECK(code_of(mock.color("7a2d0c1e-0000-4000-8000-000000000002", "red")) == "dir_color_changed");
  auto data = parse_json(mock.trash("7a2d0c1e-0000-4000-8000-000000000003")->body);
  CHECK(data["status"].GetBool());
  CHECK(std::string(data["data"]["uuid"].GetString()) == "7a2d0c1e-0000-4000-8000-000000000003");
}

TEST_CASE("example service/lock-operation: any lock uuid is acquired, released and refreshed") {
  RunningServer mock(service_examples());
  auto lock = [&](const std::string& type) {
    auto res = mock.post("/v3/user/lock", R"({"uuid":"0b8e-random","type":")" + type +
                                              R"(","resource":"drive-write"})");
    REQUIRE(res);
    CHECK(res->status == 200);
    return parse_json(res->body);
  };
  CHECK(lock("acquire")["data"]["acquired"].GetBool());
  CHECK(lock("refresh")["data"]["refreshed"].GetBool());
  CHECK(lock("release")["data"]["released"].GetBool());
  auto journal = mock.requests();
  for (const auto& entry : journal["requests"].GetArray()) {
    CHECK(std::string(entry["operation"].GetString()) == "lock");
    CHECK(entry["violations"].Empty());
  }
}

TEST_CASE("the service examples in the document dialect warn that status should be a string") {
  auto options = service_examples();
  options.dialect = drivemock::Dialect::document;
  auto started = drivemock::Server::start(options);
  REQUIRE(started.server);
  CHECK(started.diagnostics.size() == 6);  // 3 in each file
}
