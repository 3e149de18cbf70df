#pragma once
// drivemock's public in-process API: start a fake of the directory API on a
// port (0 picks a free one), script it, query its journal, stop it. The
// command-line tool is a thin shell over this class; C++ test suites use it
// directly:
//
//   auto started = drivemock::Server::start({.scenario_texts = {yaml}});
//   REQUIRE(started.server);
//   httplib::Client client(started.server->base_url());
//   ... exercise the client under test ...
//   drivemock::RequestFilter trashes;
//   trashes.operation = "trash";
//   CHECK(started.server->wait_for(trashes, 2, std::chrono::seconds(5)).value() == 2);

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "admin/access.h"
#include "contract/request_checks.h"
#include "document/diagnostic.h"
#include "http/compression.h"
#include "journal/filter.h"
#include "journal/journal.h"
#include "journal/order.h"
#include "journal/request_log.h"
#include "model/error_envelope.h"
#include "record/recorder.h"
#include "record/upstream.h"
#include "scenario/engine.h"
#include "session/memory_budget.h"
#include "tls/tls_names.h"
#include "util/clock.h"
#include "util/result.h"

namespace drivemock::control {
class Control;  // control/control.h
}

namespace drivemock {

using journal::LogFormat;
using journal::RequestFilter;

/// Whether scenario files are re-read when they change.
/// Whether scenario files are watched and read again on a save: off, on
/// (a watch that cannot start stops the start), or where it can (the
/// command line's default: a watch that cannot start, past the system's
/// inotify limits, is a warning).
enum class FileWatch { off, on, where_possible };

/// Whether the mock API answers CORS: in the service dialect always, in the
/// document dialect when on (--cors).
enum class Cors { by_dialect, on };

/// Whether the plain HTTP listener runs beside a TLS one (--tls-port alone: off).
enum class PlainHttp { on, off };

/// Who must bring the admin token: everyone, or callers off loopback only
/// (the command line's token made for a run that listens off loopback).
using AdminTokenFrom = admin::TokenFrom;

/// The HTTPS listener (--tls-port) and its certificates.
struct TlsOptions {
  std::optional<int> port = {};  ///< none: no HTTPS; 0 picks a free port
  /// --tls-cert/--tls-key: the user's own certificate chain and key (PEM);
  /// empty: leaves issued by the local CA for the names allowed.
  std::string cert_file = {};
  std::string key_file = {};
  std::string dir = {};  ///< --tls-dir, where the local CA lives; empty: tls::default_tls_dir()
  std::vector<std::string> names = {};  ///< --tls-name: beside loopback and the gateway hosts
  /// --proxy-port: an HTTPS proxy (HTTPS_PROXY) that answers CONNECT to the
  /// names above itself; none: no proxy; 0 picks a free port.
  std::optional<int> proxy_port = {};
  /// --proxy-pass: hosts ("host" or "host:port") the proxy lets through as
  /// plain tunnels; CONNECT to any other host is refused (403, journaled).
  std::vector<std::string> proxy_pass = {};
};

/// The names drivemock's local CA issues for, and is constrained to:
/// loopback, the service's gateway hosts and `tls_names` (--tls-name).
tls::TlsNames local_ca_names(const std::vector<std::string>& tls_names);

/// Every member has a default, so designated initializers may name any few.
struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 0;  ///< 0 picks a free port
  PlainHttp plain_http = PlainHttp::on;
  TlsOptions tls = {};
  std::vector<std::string> scenario_paths = {};  ///< files or directories
  std::vector<std::string> scenario_texts = {};  ///< YAML documents given inline
  contract::Strictness strictness = contract::Strictness::lenient;
  /// The shape of the answers drivemock composes itself (built-in successes,
  /// errors, refusals): the API document's, or the live service's, which the
  /// official clients read (model/error_envelope.h).
  Dialect dialect = Dialect::document;
  size_t threads = 0;  ///< most connections served at once; 0 picks the default (1024)
  size_t journal_limit = 100000;
  /// Most bytes the kept entries may hold (requests, answers, headers);
  /// past it the oldest are dropped and counted, as past journal_limit.
  size_t journal_bytes = journal::kDefaultJournalBytes;
  size_t max_sessions = 1000;  ///< sessions open at once (session/session_registry.h)
  /// All sessions' memory together, as session/memory_budget.h counts it.
  size_t max_session_bytes = session::kDefaultSessionBytes;
  /// Calls of the mock API outside every session are refused (403
  /// `no_session`), not answered by the baseline.
  bool require_session = false;
  /// Where the report of the run (one HTML file) is written at stop and by
  /// POST /__admin/report; empty: none.
  std::string report_file = {};
  size_t max_body = 1 << 20;  ///< larger request bodies get 413, unread but journaled
  /// Answer bodies this big or bigger are compressed for clients that accept
  /// it (br or gzip); smaller ones never (http/compression.h).
  size_t compress_min_bytes = kDefaultCompressMinBytes;
  /// A request's head and body must arrive this soon after its first byte (else 408).
  std::chrono::milliseconds request_timeout{10000};
  /// Most requests on one kept-alive connection (its Keep-Alive header says so).
  size_t keep_alive_max = 100000;
  std::string journal_file = {};                ///< append entries as JSON lines here when set
  std::optional<std::string> admin_token = {};  ///< /__admin needs "Bearer <token>" when set
  AdminTokenFrom admin_token_from = AdminTokenFrom::everyone;
  /// Without a token, web pages of these origins may call the admin API
  /// beside loopback ones (admin/access.h).
  std::vector<std::string> allow_origins = {};
  /// Header (and query parameter) names whose values are written as "***"
  /// beside the built-in ones (model/redaction.h).
  std::vector<std::string> redact_headers = {};
  Cors cors = Cors::by_dialect;
  /// --cors-origin: the origins the mock API's CORS answers allow; empty: any.
  std::vector<std::string> cors_origins = {};
  /// Host names the admin API answers to beside loopback ones and `host`; "*" any.
  std::vector<std::string> allow_hosts = {};
  FileWatch watch = FileWatch::off;
  LogFormat log = LogFormat::none;  ///< request and admin-change lines on the logger
  std::string record_from = {};     ///< start recording through this base URL at once
  std::string record_to = {};       ///< recording file; default recordings/recording-<time>.yaml
  /// Whether record_from's recording keeps the upstream's time as delay_ms.
  record::RecordedTime record_time = record::RecordedTime::kept;
  /// Most calls one recording captures; later ones are proxied, journaled
  /// with a not_recorded violation and listed in the stop answer.
  size_t record_limit = record::kDefaultRecordLimit;
  record::HttpUpstreamOptions upstream = {};  ///< time-out, TLS checks, answer cap of the proxy
  /// Hosts ("host" or "host:port") recordings may proxy to; empty: any host
  /// but link-local and metadata addresses and drivemock itself
  /// (record/target_guard.h). The record_from target is always allowed.
  std::vector<std::string> allow_record_targets = {};
  /// Called with every journaled request (mock, admin, proxied or refused)
  /// before its answer is written, on the request's own thread: the client
  /// waits for it, so keep it short. For tests that react to each request.
  std::function<void(const Entry&)> on_request = {};
  /// Where proxied requests go; null for the real HTTP client (tests pass fakes).
  std::shared_ptr<record::Upstream> upstream_override = {};
  /// Where journal entries take their time and durations from; null for the
  /// system's clocks. Tests pin time with a Clock of their own (util/clock.h).
  std::shared_ptr<const Clock> clock = {};
  /// What random draws (one_of, random delays) derive from: the same seed
  /// and the same calls per uuid give the same draws. None: a fresh one,
  /// which seed() tells. At most kMaxSeed (util/random.h).
  std::optional<uint64_t> seed = {};
};

class Server;

/// The outcome of Server::start: a running server, or why there is none.
struct StartResult {
  std::unique_ptr<Server> server;  ///< null on failure
  Diagnostics diagnostics;         ///< scenario errors and warnings
  std::string error;               ///< what went wrong, when server is null
};

class Server {
 public:
  /// Loads the scenarios and starts serving; never throws for bad input.
  static StartResult start(ServerOptions options);
  /// Stops the server (as stop()).
  ~Server();

  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  /// The port it listens on (the HTTPS one when it serves no plain HTTP).
  int port() const;
  /// "http://HOST:PORT" ("https://…" when it serves no plain HTTP)
  std::string base_url() const;
  /// The HTTPS port, when it serves HTTPS.
  std::optional<int> tls_port() const;
  /// "https://HOST:PORT", when it serves HTTPS.
  std::optional<std::string> tls_base_url() const;
  /// The proxy's port, when it runs one (--proxy-port).
  std::optional<int> proxy_port() const;
  /// The local CA's certificate file (PEM), when HTTPS or the proxy serves
  /// its leaves: what a client trusts (NODE_EXTRA_CA_CERTS).
  std::optional<std::string> tls_ca_file() const;

  // The filter calls return an Error instead of a value when `filter.body`
  // or `filter.equal_to_json` is not valid JSON.

  /// How many journaled requests match.
  Result<size_t> count(const RequestFilter& filter) const;
  /// The journaled requests that match, oldest first.
  Result<std::vector<EntryPtr>> find(const RequestFilter& filter) const;
  /// Waits until `wanted` requests match or `timeout` passes; returns the count reached.
  Result<size_t> wait_for(const RequestFilter& filter, size_t wanted,
                          std::chrono::milliseconds timeout) const;
  /// Whether requests matching filters[0], filters[1], ... were journaled in
  /// that order, others allowed in between (journal::OrderCheck says where
  /// it failed); an Error naming the filter when one is not valid.
  Result<journal::OrderCheck> verify_order(const std::vector<RequestFilter>& filters) const;
  /// Empties the journal, restarts states, sequences and random streams,
  /// drops pushed sets.
  void reset();
  /// The same, and random draws derive from `seed` from now on; a seed
  /// above kMaxSeed is an error and changes nothing.
  Status reset(uint64_t seed);
  /// The seed random draws derive from now.
  uint64_t seed() const;
  /// Adds or replaces a scenario set (YAML or JSON); errors leave all as it was.
  Diagnostics push_scenarios(std::string_view yaml);

  /// Serves one already-connected stream socket on the calling thread, as
  /// if it had been accepted, until the client closes it; then closes it.
  /// For transports of a test's own (a socketpair) and for fuzzing the whole
  /// request path without TCP.
  void serve_socket(int fd);

  /// Stops accepting, finishes requests in flight, writes the recording in
  /// progress and the journal file's waiting lines; returns when stopped.
  void stop();
  /// Blocks until the server has stopped (stop(), POST /__admin/shutdown).
  void wait();
  /// Once stopped: done, or what went wrong while stopping (the recording in
  /// progress could not be written). The admin API is gone by then, so no
  /// later stop can write it: a caller should report this and fail.
  Status stop_status() const;

  journal::Journal& journal();
  scenario::Engine& engine();
  /// Every operation the admin API has (sessions, states, recording, …),
  /// for a test in the same process: the same changes, events and checks.
  control::Control& control();
  /// Connections accepted but waiting for a worker (`threads` are busy).
  size_t connections_queued() const;

 private:
  struct Impl;
  explicit Server(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace drivemock
