// How a C++ test suite uses drivemock: start it in-process on a free port,
// script a directory, point the client under test at it, assert on what the
// client sent. Here the "client under test" is a plain httplib client.
#include <httplib.h>

#include <catch2/catch.hpp>

#include "drivemock/server.h"

namespace {

/// The code under test: trashes a directory, retrying once on a 5xx.
bool trash_with_one_retry(const std::string& base_url, const std::string& uuid) {
  httplib::Client client(base_url);
  for (int attempt = 0; attempt < 2; ++attempt) {
    auto res = client.Post("/v3/dir/trash", {{"Accept", "application/json"}},
                           R"({"uuid":")" + uuid + R"("})", "application/json");
    if (res && res->status == 200) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("the client retries a trash that failed with 503") {
  auto started = drivemock::Server::start({.scenario_texts = {R"(
directories:
  dir-1:
    trash:
      respond:
        - {http: 503, body: {status: error, code: internal_error}}
        - {body: {status: success, code: dir_trashed}}
)"}});
  REQUIRE(started.server);
  drivemock::Server& mock = *started.server;

  CHECK(trash_with_one_retry(mock.base_url(), "dir-1"));

  drivemock::RequestFilter trashes;
  trashes.operation = "trash";
  trashes.uuid = "dir-1";
  CHECK(mock.count(trashes).value() == 2);
  CHECK(mock.engine().directory("dir-1")->state == "trashed");
  for (const auto& entry : mock.find(trashes).value()) CHECK(entry->seen().violations.empty());
}
