// Sessions without a server (session/): the registry's open, lookup, reset
// and close, its bounds, each session following the baseline under its own
// sets, and which session a request belongs to.
#include <catch2/catch.hpp>

#include "journal/admin_events.h"
#include "request_views.h"
#include "scenario/loader.h"
#include "scenario/scenario_store.h"
#include "session/scope.h"
#include "session/session_registry.h"
#include "util/random.h"

using namespace drivemock;
using namespace drivemock::session;

namespace {

rapidjson::Document body(const std::string& json) {
  rapidjson::Document d;
  d.Parse(json.c_str());
  return d;
}

int trash_status(scenario::Engine& engine, const std::string& uuid) {
  return engine.decide(*contract::find_by_name("trash"), uuid, body("{}")).answer->status;
}

/// A baseline store whose every change the registry follows, as a server wires them.
struct Baseline {
  explicit Baseline(SessionLimits limits = {}) : sessions(Envelope(), limits) {
    store.set_listener([this](const std::vector<scenario::SharedSet>& sets,
                              std::shared_ptr<const scenario::Catalog> catalog) {
      sessions.rebase(sets, catalog);
    });
    REQUIRE_FALSE(has_errors(store.load()));
  }
  scenario::Engine engine{scenario::empty_catalog()};
  scenario::ScenarioStore store{{}, {"name: base\ndirectories: {u: {trash: {http: 500}}}"}, engine};
  SessionRegistry sessions;
};

SessionPtr open(SessionRegistry& sessions, const std::string& name) {
  auto opened = sessions.open(name, 42);
  REQUIRE(opened);
  return *opened;
}

}  // namespace

TEST_CASE("a session is found by its id and by its key, and no longer once closed") {
  SessionRegistry sessions;
  CHECK_FALSE(sessions.any_open());
  auto s = open(sessions, "t");
  CHECK(sessions.any_open());
  CHECK(sessions.by_id(s->tag->id).value() == s);
  CHECK(sessions.by_key(s->api_key).open == s);
  CHECK(sessions.by_key("any other key").open == nullptr);
  CHECK_FALSE(sessions.by_key("any other key").closed);
  REQUIRE(sessions.close(s->tag->id));
  CHECK_FALSE(sessions.any_open());
  CHECK(sessions.any_known());
  // Its key is remembered as a closed session's, with its tag.
  auto holder = sessions.by_key(s->api_key);
  CHECK(holder.open == nullptr);
  REQUIRE(holder.closed);
  CHECK(holder.closed->tag == s->tag);
  auto gone = sessions.by_id(s->tag->id);
  REQUIRE_FALSE(gone);
  CHECK(gone.error().kind == SessionError::Kind::closed);
  CHECK(gone.error().message.find("(t) was closed at") != std::string::npos);
  CHECK(sessions.by_id("never").error().kind == SessionError::Kind::unknown);
}

TEST_CASE("closed sessions' ids and keys are remembered up to the bound, oldest forgotten first") {
  SessionLimits limits;
  limits.closed_remembered = 2;
  SessionRegistry sessions(Envelope(), limits);
  std::vector<SessionPtr> closed;
  for (const char* name : {"a", "b", "c"}) {
    closed.push_back(open(sessions, name));
    REQUIRE(sessions.close(closed.back()->tag->id));
  }
  CHECK_FALSE(sessions.by_key(closed[0]->api_key).closed);  // forgotten: an ordinary key
  CHECK(sessions.by_id(closed[0]->tag->id).error().kind == SessionError::Kind::unknown);
  CHECK(sessions.by_key(closed[1]->api_key).closed);
  CHECK(sessions.by_key(closed[2]->api_key).closed);
}

TEST_CASE(
    "a session's worst outcome stays with it, open or closed, and goes when it is forgotten") {
  SessionLimits limits;
  limits.closed_remembered = 1;
  SessionRegistry sessions(Envelope(), limits);
  auto a = open(sessions, "a");
  const std::string id = a->tag->id;
  CHECK(sessions.worsen_outcome(id, 1));
  CHECK(sessions.worsen_outcome(id, 3));
  CHECK_FALSE(sessions.worsen_outcome(id, 1));  // a later pass never hides the failure
  REQUIRE(sessions.close(id));
  CHECK_FALSE(sessions.worsen_outcome(id, 2));  // closed: still failed
  // An id no session has: nothing is kept for it, however many a caller names.
  CHECK_FALSE(sessions.worsen_outcome("never-opened", 3));
  REQUIRE(sessions.close(open(sessions, "b")->tag->id));  // a is forgotten
  CHECK_FALSE(sessions.worsen_outcome(id, 3));
}

TEST_CASE("sessions are capped, and so are their names") {
  SessionLimits limits;
  limits.max_open = 2;
  SessionRegistry sessions(Envelope(), limits);
  auto first = open(sessions, "a");
  open(sessions, "b");
  auto full = sessions.open("c", 1);
  REQUIRE_FALSE(full);
  CHECK(full.error().kind == SessionError::Kind::full);
  REQUIRE(sessions.close(first->tag->id));
  CHECK(sessions.open("c", 1));
  CHECK(sessions.open(std::string(2000, 'x'), 1).error().kind == SessionError::Kind::invalid);
  CHECK(sessions.open(std::string(), 1).error().kind == SessionError::Kind::invalid);
}

TEST_CASE("a session remembers a bounded number of uuids that no scenario names") {
  SessionLimits limits;
  limits.unnamed_uuids = 3;
  SessionRegistry sessions(Envelope(), limits);
  auto s = open(sessions, "many uuids");
  for (int i = 0; i < 50; ++i) trash_status(s->engine, "made-up-" + std::to_string(i));
  CHECK(s->engine.uuids("", 100).second == 3);
}

TEST_CASE("a session follows every change of the baseline, under its own sets") {
  Baseline base;
  auto s = open(base.sessions, "t");
  CHECK(trash_status(s->engine, "u") == 500);  // the baseline's file
  REQUIRE(s->store.push("name: mine\ndirectories: {u: {trash: {http: 201}}}"));
  REQUIRE(base.store.push(
      "name: later\ndirectories: {u: {trash: {http: 503}}, v: {trash: {http: 202}}}"));
  CHECK(trash_status(s->engine, "u") == 201);  // its own set wins
  CHECK(trash_status(s->engine, "v") == 202);  // the baseline's push reaches it
  CHECK(trash_status(base.engine, "u") == 503);
  REQUIRE(base.sessions.reset(s->tag->id, 42));
  CHECK(trash_status(s->engine, "u") == 503);
  CHECK(s->store.pushed_names().empty());
}

TEST_CASE("a session whose sets do not fit over a new baseline keeps the baseline it had") {
  Baseline base;
  auto s = open(base.sessions, "t");
  REQUIRE(
      s->store.push("name: mine\noperations: {t2: {path: /v3/dir/t2, fields: {uuid: string}}}\n"
                    "directories: {u: {trash: {http: 201}}}"));
  // The baseline now adds an operation of the same name: the two cannot be merged.
  REQUIRE(base.store.push(
      "name: clash\noperations: {t2: {path: /v3/dir/other, fields: {uuid: string}}}\n"
      "directories: {w: {trash: {http: 418}}}"));
  CHECK(trash_status(base.engine, "w") == 418);
  CHECK(trash_status(s->engine, "u") == 201);
  CHECK(trash_status(s->engine, "w") == 200);  // the old baseline: no w
}

TEST_CASE("a session's draws derive from the seed and its name") {
  CHECK(session_seed(1, "a") == session_seed(1, "a"));
  CHECK(session_seed(1, "a") != session_seed(1, "b"));
  CHECK(session_seed(1, "a") != session_seed(2, "a"));
  CHECK(session_seed(7, "x") <= kMaxSeed);
}

TEST_CASE("a request's session: the header first, else the bearer that is a session's key") {
  SessionRegistry sessions;
  auto a = open(sessions, "a");
  auto b = open(sessions, "b");
  auto with = [](std::vector<Header> headers) {
    RequestView r = testing::json_post_to("/v3/dir/trash", "{}");
    for (auto& h : headers) r.headers.push_back(std::move(h));
    return r;
  };
  scenario::Engine engine{scenario::empty_catalog()};
  scenario::ScenarioStore store({}, {}, engine);
  Scope baseline{nullptr, &engine, &store};
  auto scope = [&](const RequestView& request, OutsideSessions outside = OutsideSessions::served) {
    return scope_of(request, Api::mock, {sessions, baseline, outside}).scope;
  };
  CHECK(scope(with({{"Authorization", "Bearer " + a->api_key}}))->session == a);
  CHECK(scope(with({{"authorization", "bearer  " + a->api_key + " "}}))->session == a);
  CHECK(
      scope(with({{"X-Drivemock-Session", b->tag->id}, {"Authorization", "Bearer " + a->api_key}}))
          ->session == b);
  auto stranger = scope(with({{"Authorization", "Bearer the-apps-own-key"}}));
  REQUIRE(stranger);
  CHECK(stranger->session == nullptr);
  CHECK(stranger->engine == &engine);
  // A header naming no session: refused as the admin API refuses that id.
  auto forged = scope(with({{"X-Drivemock-Session", "forged"}}));
  REQUIRE_FALSE(forged);
  CHECK(forged.error().status == 404);
  CHECK(forged.error().code == "unknown_session");
  CHECK(forged.error().message.find("'forged'") != std::string::npos);
  RequestView admin_call = testing::json_post_to("/__admin/scenarios", "{}");
  admin_call.query.push_back({"session", "forged"});
  auto named = scope_of(admin_call, Api::admin, {sessions, baseline});
  REQUIRE(named.named);
  CHECK(*named.named == "forged");
  CHECK(named.names_unknown());
  auto forged_admin = named.scope;
  REQUIRE_FALSE(forged_admin);
  CHECK(forged_admin.error().status == forged.error().status);
  CHECK(forged_admin.error().code == forged.error().code);
  // Outside every session under --require-session: refused, naming the fix.
  auto outside = scope(with({}), OutsideSessions::refused);
  REQUIRE_FALSE(outside);
  CHECK(outside.error().status == 403);
  CHECK(outside.error().code == "no_session");
  CHECK(
      scope(with({{"Authorization", "Bearer " + a->api_key}}), OutsideSessions::refused)->session ==
      a);
  CHECK_FALSE(bearer_token("Basic abc"));
  CHECK_FALSE(bearer_token("Bearer "));
}

TEST_CASE("admin events are kept as the journal is, and read by session") {
  journal::AdminEvents events(3);
  auto tag = std::make_shared<const SessionTag>(SessionTag{"s1", "t"});
  for (int i = 0; i < 5; ++i) {
    journal::AdminEvent e;
    e.kind = "push";
    if (i % 2 == 0) e.session = tag;
    events.record(std::move(e), static_cast<uint64_t>(i));
  }
  auto kept = events.after(0, std::nullopt);
  REQUIRE(kept.size() == 3);
  CHECK(kept.front()->id == 3);
  CHECK(kept.back()->after_request == 4);
  CHECK(events.after(0, std::string("s1")).size() == 2);
  CHECK(events.after(4, std::nullopt).size() == 1);
}

TEST_CASE("admin events are bounded by bytes too, the newest always kept") {
  journal::AdminEvents events(1000, 1 << 20);
  const std::string name(512 * 1024, 's');  // a caller's state name
  for (int i = 0; i < 150; ++i) {
    journal::AdminEvent e;
    e.kind = "state";
    e.message = "state '" + name + "'";
    e.details = {{"state", name}};
    events.record(std::move(e), 0);
  }
  auto kept = events.after(0, std::nullopt);
  REQUIRE(kept.size() == 1);  // each holds over half the bound
  CHECK(kept.back()->id == 150);
  CHECK(events.bytes() == journal::event_bytes(*kept.back()));
  CHECK(journal::events_byte_limit(4 << 20) == 1 << 20);
  CHECK(journal::events_byte_limit(size_t{256} << 20) == size_t{32} << 20);
}

TEST_CASE("the sessions' budget takes what fits and gives back what is let go of") {
  session::MemoryBudget budget(1000);
  CHECK(budget.reserve(600));
  CHECK_FALSE(budget.reserve(401));
  CHECK(budget.reserve(400));
  CHECK_FALSE(budget.reserve(1));
  budget.release(600);
  CHECK(budget.charged() == 400);
  CHECK_FALSE(budget.reserve(SIZE_MAX));  // no overflow past the bound
  {
    REQUIRE(budget.reserve(500));
    session::PushReservation held(budget, 500);  // what was reserved, let go of at its end
    CHECK(budget.charged() == 900);
  }
  CHECK(budget.charged() == 400);
}

TEST_CASE(
    "a session counts from its opening, its pushes while they are kept, and until it is freed") {
  session::SessionLimits limits;
  limits.max_bytes = 4 * session::kOpenSessionBytes + 4 * limits.unnamed_bytes;
  session::SessionRegistry registry(Envelope(), limits);
  auto a = registry.open("a", 1);
  REQUIRE(a);
  const size_t opened = registry.charged_bytes();
  CHECK(opened == session::kOpenSessionBytes + limits.unnamed_bytes);
  {
    auto room = registry.reserve_push(100);
    REQUIRE(room);
    REQUIRE((*a)->store.push("name: p\ndirectories: {d1: {trash: {http: 204}}}\n"));
    registry.settle(**a);
  }
  CHECK(registry.charged_bytes() > opened);  // its set, counted at 16 a byte
  CHECK(registry.reset((*a)->tag->id, 1));
  CHECK(registry.charged_bytes() == opened);  // a reset drops its sets
  CHECK_FALSE(registry.open_many({std::nullopt, std::nullopt, std::nullopt, std::nullopt}, 1));
  {
    auto room = registry.reserve_push(100);
    REQUIRE(room);
    REQUIRE((*a)->store.push("name: p\ndirectories: {d1: {trash: {http: 204}}}\n"));
    registry.settle(**a);
  }
  const size_t pushed = registry.charged_bytes();
  REQUIRE(registry.close((*a)->tag->id));
  // A call still holds it (one that hangs holds its engine and sets): its
  // room comes back when that call lets go, not at the close.
  CHECK(registry.charged_bytes() == pushed);
  registry.settle(**a);  // a push that ends after the close counts nothing more
  CHECK(registry.charged_bytes() == pushed);
  a->reset();
  CHECK(registry.charged_bytes() == 0);
}

TEST_CASE("a session that pushes over a big baseline is counted at what its overlay holds") {
  Baseline base;
  std::string big = "name: big\ndirectories:\n";
  for (int i = 0; i < 5000; ++i) big += "  uuid-" + std::to_string(i) + ": {trash: {http: 204}}\n";
  REQUIRE_FALSE(has_errors(base.store.push(big).diagnostics));
  auto session = open(base.sessions, "pusher");
  const size_t opened = base.sessions.charged_bytes();
  const std::string tiny = "name: t\ndirectories: {mine: {trash: {http: 500}}}\n";
  REQUIRE(session->store.push(tiny));
  base.sessions.settle(*session);
  // Its text at 16 a byte, and its overlay of its one uuid: the baseline's
  // 5,001 stay the baseline's.
  CHECK(base.sessions.charged_bytes() - opened ==
        tiny.size() * kBytesPerPushedByte + kBytesPerCatalogUuid);
  // A change of the baseline lays it over the new one: counted the same.
  REQUIRE_FALSE(has_errors(base.store.push("name: more\ndirectories: {x: {}}\n").diagnostics));
  CHECK(base.sessions.charged_bytes() - opened ==
        tiny.size() * kBytesPerPushedByte + kBytesPerCatalogUuid);
  // A set named as one of the baseline's replaces it: the session then
  // builds a catalog of its own over the rest, counted whole (5,002 uuids:
  // the baseline's but `u`, `x` and its `mine`).
  const std::string named = "name: base\ndirectories: {mine: {trash: {http: 500}}}\n";
  REQUIRE(session->store.push(named));
  base.sessions.settle(*session);
  CHECK(base.sessions.charged_bytes() - opened ==
        (tiny.size() + named.size()) * kBytesPerPushedByte + 5002 * kBytesPerCatalogUuid);
  // Another that pushed nothing shares the baseline's: its opening only.
  const size_t before = base.sessions.charged_bytes();
  open(base.sessions, "quiet");
  CHECK(base.sessions.charged_bytes() - before ==
        kOpenSessionBytes + SessionLimits().unnamed_bytes);
}
