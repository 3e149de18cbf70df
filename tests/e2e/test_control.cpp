// One way in: each operation run through the admin API on one server and
// through the C++ API (Server and its control()) on another leaves the same
// admin events and the same state (control/control.h).
#include <sstream>

#include "control/control.h"
#include "e2e/server_fixture.h"

using namespace drivemock;
using namespace drivemock::testing;

namespace {

const char* kBaseline = R"(
name: files
unknown_uuids: reject
directories:
  u:
    trash:
      - when: {state: trashed}
        respond: {http: 409}
)";
const char* kPushed = "name: s1\ndirectories: {p: {trash: {http: 202}}}";
const char* kSessionSet = "name: own\ndirectories: {q: {color: {http: 201}}}";

/// A server of the baseline, its draws from one seed: two are alike.
ServerOptions alike() {
  ServerOptions options;
  options.scenario_texts = {kBaseline};
  options.seed = 1;
  return options;
}

/// A server's events as lines: kind, session name, message, details.
std::vector<std::string> timeline(Server& server) {
  std::vector<std::string> lines;
  for (const auto& event : server.control().events().after(0, std::nullopt)) {
    std::ostringstream line;
    line << event->kind << " | " << (event->session ? event->session->name : "-") << " | "
         << event->message;
    for (const auto& [name, value] : event->details) line << " | " << name << "=" << value;
    lines.push_back(line.str());
  }
  return lines;
}

/// What the operations change, as one comparable text.
std::string state(Server& server) {
  std::ostringstream out;
  control::Control& control = server.control();
  out << "journal " << control.journal().count(*journal::FilterMatcher::create({})) << "\n";
  out << "seed " << server.seed() << "\n";
  for (const auto& set : control.scenarios().list()) out << "set " << set.name << "\n";
  for (const char* uuid : {"u", "p"}) {
    auto d = server.engine().directory(uuid);
    out << uuid << " " << (d ? d->state : "(none)") << "\n";
  }
  for (const auto& s : control.sessions().list()) {
    out << "session " << s->tag->name;
    for (const auto& name : s->store.pushed_names()) out << " " << name;
    out << "\n";
  }
  return out.str();
}

std::string session_id(const httplib::Result& res) {
  REQUIRE(res);
  REQUIRE(res->status / 100 == 2);
  return parse_json(res->body)["id"].GetString();
}

}  // namespace

TEST_CASE(
    "every operation through the admin API and through the C++ API: same events, same state") {
  RunningServer http(alike()), cpp(alike());
  control::Control& control = cpp.server().control();
  auto expect_2xx = [](const httplib::Result& res) {
    REQUIRE(res);
    INFO(res->body);
    CHECK(res->status / 100 == 2);
  };

  // A push to the baseline, and a state set.
  expect_2xx(http.admin("POST", "/__admin/scenarios", kPushed));
  CHECK_FALSE(has_errors(cpp.server().push_scenarios(kPushed)));
  expect_2xx(http.admin("PUT", "/__admin/directories/u/state", R"({"state":"trashed"})"));
  REQUIRE(control.set_state(control.baseline(), {{"u"}, "trashed"}));
  CHECK(http.trash("u")->status == 409);
  CHECK(cpp.trash("u")->status == 409);

  // A session: opened, a set pushed into it, reset, pushed again, an outcome, closed.
  std::string id = session_id(http.admin("POST", "/__admin/sessions", R"({"name":"t"})"));
  auto opened = control.open_sessions({std::string("t")});
  REQUIRE(opened);
  session::SessionPtr own = opened->front();
  auto scope = control.scope(&own->tag->id);
  REQUIRE(scope);
  expect_2xx(http.admin("POST", "/__admin/scenarios?session=" + id, kSessionSet));
  REQUIRE(control.push(*scope, kSessionSet, {}));
  expect_2xx(http.admin("POST", "/__admin/sessions/" + id + "/reset"));
  REQUIRE(control.reset_session(own->tag->id));
  expect_2xx(http.admin("POST", "/__admin/scenarios?session=" + id, kSessionSet));
  REQUIRE(control.push(*scope, kSessionSet, {}));
  CHECK(state(http.server()) == state(cpp.server()));
  expect_2xx(http.admin("POST", "/__admin/sessions/" + id + "/outcome",
                        R"({"outcome":"failed","durationMs":3,"message":"boom"})"));
  CHECK(control.record_outcomes({{own->tag, {"failed", 3, "boom", ""}}}) == 1);
  expect_2xx(http.admin("DELETE", "/__admin/sessions/" + id));
  REQUIRE(control.close_session(own->tag->id));

  // The baseline's set removed, the journal emptied, the whole server reset.
  expect_2xx(http.admin("DELETE", "/__admin/scenarios/s1"));
  REQUIRE(control.remove(control.baseline(), "s1"));
  CHECK(state(http.server()) == state(cpp.server()));
  expect_2xx(http.admin("DELETE", "/__admin/requests"));
  control.clear_journal();
  expect_2xx(http.admin("POST", "/__admin/scenarios", kPushed));
  CHECK_FALSE(has_errors(cpp.server().push_scenarios(kPushed)));
  expect_2xx(http.admin("POST", "/__admin/reset", R"({"seed":7})"));
  REQUIRE(cpp.server().reset(7));

  CHECK(state(http.server()) == state(cpp.server()));
  auto events = timeline(http.server());
  CHECK(events == timeline(cpp.server()));
  // Each operation recorded its own event, whichever way it came in.
  std::vector<std::string> kinds;
  for (const auto& line : events) kinds.push_back(line.substr(0, line.find(' ')));
  CHECK(kinds == std::vector<std::string>{"push", "state", "session-opened", "push",
                                          "session-reset", "push", "test-outcome", "session-closed",
                                          "delete", "journal-emptied", "push", "reset"});
}

TEST_CASE("an operation refused through the C++ API is refused as the admin API refuses it") {
  RunningServer http(alike()), cpp(alike());
  control::Control& control = cpp.server().control();
  const std::string unknown = "0123456789abcdef0123456789abcdef";
  auto res = http.admin("POST", "/__admin/sessions/" + unknown + "/reset");
  REQUIRE(res);
  auto refused = control.reset_session(unknown);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().status == res->status);
  CHECK(refused.error().code == code_of(res));
  auto state = http.admin("PUT", "/__admin/directories/nobody/state", R"({"state":"x"})");
  REQUIRE(state);
  auto set = control.set_state(control.baseline(), {{"nobody"}, "x"});
  REQUIRE_FALSE(set);
  CHECK(state->status == 404);
  CHECK(timeline(http.server()).empty());
  CHECK(timeline(cpp.server()).empty());
}
