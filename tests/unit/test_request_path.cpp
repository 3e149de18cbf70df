// The request path without sockets: a request read into a RequestView goes
// through the stages, and its reply fills a library response.
#include <catch2/catch.hpp>
#include <future>

#include "drivemock/request_path.h"
#include "request_views.h"
#include "server_parts.h"

using namespace drivemock;

namespace {

class FakeUpstream final : public record::Upstream {
 public:
  record::UpstreamAnswer forward(const std::string& base_url, const RequestView& request) override {
    forwarded.push_back(base_url + request.url);
    return json_reply(201, R"({"status":"upstream"})");
  }
  std::vector<std::string> forwarded;
};

struct Parts : testing::ServerParts {
  FakeUpstream upstream;
  RequestPath path{{admin, control.scope_rules(session::OutsideSessions::served), recorder,
                    upstream, journal, system_clock()},
                   {}};
  StopSignal stopping;

  Parts()
      : ServerParts({"directories: {slow: {trash: {delay_ms: 20000}}, u: {trash: {http: 202}}}"}) {
    REQUIRE_FALSE(has_errors(loaded));
  }

  httplib::Response serve(RequestView request) {
    httplib::Response response;
    ReplyWriter writer(response, stopping);
    path.serve(request, writer);
    return response;
  }
};

RequestView post(const std::string& path, std::string body) {
  return testing::json_post_to(path, std::move(body));
}

}  // namespace

TEST_CASE("a mock request is classified, decided and journaled before its answer is filled in") {
  Parts parts;
  int status_when_journaled = 0;
  httplib::Response* filling = nullptr;
  httplib::Response response;
  parts.journal.set_listener([&](const Entry&) { status_when_journaled = filling->status; });
  ReplyWriter writer(response, parts.stopping);
  filling = &response;
  parts.path.serve(post("/v3/dir/trash", R"({"uuid":"u"})"), writer);
  CHECK(status_when_journaled == -1);  // the library's "not set yet"
  CHECK(response.status == 202);
  auto entries = parts.journal.entries();
  REQUIRE(entries.size() == 1);
  CHECK(entries[0]->seen().operation == "trash");
  CHECK(entries[0]->uuid() == "u");
  CHECK(entries[0]->seen().matched->rule == 1);
  CHECK(entries[0]->response.status == 202);
}

TEST_CASE("a request the contract refuses is journaled with its early answer") {
  Parts parts;
  auto response = parts.serve(post("/v3/dir/nothing", "{}"));
  CHECK(response.status == 404);
  REQUIRE(parts.journal.entries().size() == 1);
  CHECK(parts.journal.entries()[0]->response.status == 404);
}

TEST_CASE("an admin request goes to the admin API and is never journaled") {
  Parts parts;
  RequestView health;
  health.method = "GET";
  health.path = health.url = "/__admin/health";
  auto response = parts.serve(health);
  CHECK(response.status == 200);
  CHECK(response.body.find("\"status\":\"healthy\"") != std::string::npos);
  CHECK(parts.journal.entries().empty());
}

TEST_CASE("while recording the upstream answers every request, and the entry says proxied") {
  Parts parts;
  REQUIRE(parts.recorder.start("http://up"));
  auto response = parts.serve(post("/v3/dir/nothing", "{}"));
  CHECK(response.status == 201);
  CHECK(response.body == R"({"status":"upstream"})");
  CHECK(parts.upstream.forwarded == std::vector<std::string>{"http://up/v3/dir/nothing"});
  REQUIRE(parts.journal.entries().size() == 1);
  CHECK(parts.journal.entries()[0]->response.proxied);
}

TEST_CASE("a stop cuts a scripted delay short, and the request is still journaled") {
  Parts parts;
  auto served = std::async(std::launch::async, [&] {
    return parts.serve(post("/v3/dir/trash", R"({"uuid":"slow"})")).status;
  });
  parts.stopping.trip();
  REQUIRE(served.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
  CHECK(served.get() == 200);
  CHECK(parts.journal.entries().size() == 1);
}

TEST_CASE("a refused request is journaled with its violation, a refused admin call is not") {
  Parts parts;
  RequestView request = post("/v3/dir/color", "");
  parts.path.journal_refused(
      {request,
       make_refusal(Envelope(), {408, "request_timeout", "request_timeout"}, "too slow"),
       {}});
  RequestView admin = post("/__admin/reset", "");
  parts.path.journal_refused(
      {admin,
       make_refusal(Envelope(), {408, "request_timeout", "request_timeout"}, "too slow"),
       {}});
  auto entries = parts.journal.entries();
  REQUIRE(entries.size() == 1);
  CHECK(entries[0]->seen().operation == "color");
  CHECK(entries[0]->response.status == 408);
  REQUIRE(entries[0]->seen().violations.size() == 1);
  CHECK(entries[0]->seen().violations[0].rule == "request_timeout");
}
