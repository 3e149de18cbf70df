#pragma once
// The request path: the one place that decides where a request goes (admin
// API, upstream while recording, or the mock), and runs the stages of the
// mock API in order:
//
//   read (http/request_reader) → classify (contract/classify)
//     → decide (scenario/engine, or record/proxy while recording)
//     → journal (model/entry: make_entry; journal/journal) → reply (http/reply_writer)
//
// Requests the HTTP layer refuses join the path at the journal.

#include <atomic>
#include <optional>
#include <string>

#include "admin/access.h"
#include "admin/admin_context.h"
#include "contract/request_checks.h"
#include "http/cors.h"
#include "http/refusal.h"
#include "http/reply_writer.h"
#include "journal/journal.h"
#include "record/recorder.h"
#include "record/upstream.h"
#include "session/scope.h"
#include "util/clock.h"

namespace drivemock {

/// What the path runs a request through; each outlives it.
struct Stages {
  admin::Context& admin;
  /// How a request's scope is worked out (session/scope.h): the sessions,
  /// the baseline, what a call outside sessions gets.
  session::ScopeRules scopes;
  record::Recorder& recorder;
  record::Upstream& upstream;
  journal::Journal& journal;
  const Clock& clock;
};

/// How the path treats requests.
struct PathSettings {
  contract::Strictness strictness = contract::Strictness::lenient;
  admin::AdminAccess admin_access;    ///< the token, and who may call without one
  Envelope envelope = Envelope();     ///< the dialect of the mock API's own answers
  Redaction redaction = Redaction();  ///< what the journal keeps of secrets
  CorsPolicy cors = CorsPolicy();     ///< whether the mock API answers browsers' CORS
};

class RequestPath {
 public:
  RequestPath(Stages stages, PathSettings settings)
      : stages_(stages), settings_(std::move(settings)) {}

  /// One request, from its reading to its reply (the HTTP layer's handler).
  void serve(const RequestView& request, ReplyWriter& writer) const;
  /// A request the HTTP layer refused, journaled (unless it was an admin call)
  /// before the HTTP layer writes its answer.
  void journal_refused(const RefusedRequest& refused) const;
  /// CORS preflights answered (not journaled: they are the browser's, not
  /// the client's), for /__admin/health.
  uint64_t preflights() const { return preflights_; }

 private:
  /// Journals a dialect violation (contract::dialect_violation) and logs
  /// the first one of the server's life.
  void check_dialect(const RequestView& request, Classification& seen) const;
  /// Answers a request whose session is refused (session/scope.h): its
  /// status and code, journaled with the closed session's tag if any.
  void refuse_session(const session::SessionRefusal& refusal,
                      contract::Classified& classified) const;

  Stages stages_;
  PathSettings settings_;
  mutable std::atomic<bool> dialect_warned_{false};
  mutable std::atomic<uint64_t> preflights_{0};
};

}  // namespace drivemock
