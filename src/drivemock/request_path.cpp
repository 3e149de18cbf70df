#include "drivemock/request_path.h"

#include "admin/admin_router.h"
#include "contract/classify.h"
#include "record/proxy.h"
#include "util/log.h"

namespace drivemock {
namespace {

/// The operations' paths, and anything under the API's base path /v3/.
bool is_mock_api_path(std::string_view path, const contract::OperationSet& operations) {
  return path.starts_with("/v3/") || operations.by_path(path) != nullptr;
}

}  // namespace

void RequestPath::refuse_session(const session::SessionRefusal& refusal,
                                 contract::Classified& classified) const {
  // The service answers a key it does not know with HTTP 200, `status:
  // false` and a code, which its SDK throws as an APIError carrying the
  // message, unretried; a 403 or 410 it would retry, then throw as "Invalid
  // HTTP status code", the body and drivemock's sentence dropped. So in its
  // dialect a refusal is answered its way (docs/dialects.md).
  int status = settings_.envelope.dialect() == Dialect::service ? 200 : refusal.status;
  classified.early = json_reply(status, settings_.envelope.error(refusal.message, refusal.code));
  classified.seen.violations.push_back({refusal.code, refusal.message});
  if (refusal.tag) classified.seen.session = refusal.tag;
}

void RequestPath::check_dialect(const RequestView& request, Classification& seen) const {
  auto violation = contract::dialect_violation(request, settings_.envelope);
  if (!violation) return;
  if (!dialect_warned_.exchange(true)) log::warning("drivemock: " + violation->message);
  seen.violations.push_back(std::move(*violation));
}

void RequestPath::serve(const RequestView& request, ReplyWriter& writer) const {
  Clock::Steady started = stages_.clock.steady();
  if (admin::is_admin_path(request.path)) {  // never journaled
    return writer.send(admin::route(request, stages_.admin, settings_.admin_access));
  }
  // A session's requests meet its own engine: its states, sets and draws.
  auto scope = session::scope_of(request, session::Api::mock, stages_.scopes).scope;
  std::optional<session::SessionRefusal> refusal;
  if (!scope) refusal = scope.error();
  const session::Session* session = scope ? scope->session.get() : nullptr;  // held by `scope`
  scenario::Engine& engine = scope ? *scope->engine : *stages_.scopes.baseline.engine;
  // One catalog for the whole request: it routed the request, so it answers it.
  auto catalog = engine.catalog();
  if (settings_.cors.enabled() && is_preflight(request) &&
      is_mock_api_path(request.path, *catalog->operations)) {
    ++preflights_;
    return writer.send(preflight_reply(request, settings_.cors, settings_.envelope));
  }
  contract::Classified classified =
      contract::classify(request, *catalog->operations, settings_.strictness, settings_.envelope);
  check_dialect(request, classified.seen);
  if (session) classified.seen.session = session->tag;
  if (refusal) refuse_session(*refusal, classified);
  // While recording, the upstream answers the mock API's paths, even what
  // the contract refuses; any other path is answered as without recording,
  // so that the recorder is no proxy to the rest of the upstream's host.
  auto target = stages_.recorder.target();
  if (target && !is_mock_api_path(request.path, *catalog->operations)) target.reset();
  if (refusal) target.reset();          // refused here, never forwarded
  std::optional<RequestView> stripped;  // a session's id and key stay here
  if (target && session) {
    stripped = session::without_session_credentials(request, *session);
  }
  Reply reply =
      target ? record::forward({stages_.upstream, *target, stages_.recorder, settings_.envelope,
                                settings_.redaction},
                               stripped ? *stripped : request, classified, *catalog->operations)
      : classified.early ? std::move(*classified.early)
                         : engine.answer(classified, catalog);
  // Let go of it before any delay: a replaced catalog is freed by the admin
  // call that replaced it, which waits for requests to let go (ScenarioStore).
  std::optional<std::string_view> uuid = classified.uuid();  // asks the operation
  catalog.reset();
  classified.operation = nullptr;
  allow_origin(request, settings_.cors, reply);
  writer.wait_delay(reply);
  // Journaled before the answer leaves: a client that got its answer always
  // finds its entry.
  Origin origin = target ? Origin::upstream : Origin::drivemock;
  stages_.journal.record(make_entry({request, uuid, std::move(classified.seen), reply, origin},
                                    started, stages_.clock, settings_.redaction));
  writer.send(reply);
}

void RequestPath::journal_refused(const RefusedRequest& refused) const {
  const RequestView& request = refused.request;
  if (admin::is_admin_path(request.path)) return;
  Classification seen;
  if (const auto* op =
          stages_.scopes.baseline.engine->catalog()->operations->by_path(request.path)) {
    seen.operation = op->name;
  }
  seen.violations.push_back(refused.refusal.violation);
  stages_.journal.record(make_entry({request, std::nullopt, std::move(seen), refused.refusal.reply},
                                    refused.started, stages_.clock, settings_.redaction));
}

}  // namespace drivemock
