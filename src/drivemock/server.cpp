// Wires the parts of a server (server_impl.h) together and runs their
// lifecycle: the HTTP server hands every request to the request path
// (drivemock/request_path.h), whose stages are the parts; start; the
// shutdown asked for through the admin API (done on a thread of its own,
// since a handler cannot join the pool it runs on); and stop.
#include "admin/report_file.h"
#include "contract/operations.h"
#include "drivemock/server_impl.h"
#include "drivemock/version.h"
#include "record/recording_file.h"
#include "scenario/catalog.h"
#include "util/log.h"
#include "util/random.h"

namespace drivemock {
namespace {

/// How long a stop waits for journal lines a slow file reader has not taken.
constexpr std::chrono::milliseconds kJournalFileDrain{500};

/// The proxy's options: its answers capped at --max-upstream-body, else
/// --max-body, and its targets checked by `guard`.
record::HttpUpstreamOptions upstream_options(const ServerOptions& options,
                                             const record::TargetGuard& guard) {
  record::HttpUpstreamOptions upstream = options.upstream;
  if (upstream.max_body == 0) upstream.max_body = options.max_body;
  upstream.guard = &guard;
  return upstream;
}

/// Who may call the admin API: the token, and without one the origins and
/// host names allowed, the address it listens on among them.
admin::AdminAccess admin_access(const ServerOptions& options) {
  admin::AdminAccess access{options.admin_token, options.allow_origins, options.allow_hosts,
                            options.admin_token_from};
  access.allowed_hosts.push_back(options.host);
  return access;
}

/// CORS on the mock API: always in the service dialect (the live gateway
/// answers browsers), with --cors in the document dialect.
CorsPolicy cors_policy(const ServerOptions& options) {
  bool on = options.dialect == Dialect::service || options.cors == Cors::on;
  return {on ? CorsPolicy::Mode::on : CorsPolicy::Mode::off, options.cors_origins};
}

session::SessionLimits session_limits(const ServerOptions& options) {
  session::SessionLimits limits;
  limits.max_open = options.max_sessions;
  limits.max_bytes = options.max_session_bytes;
  return limits;
}

}  // namespace

Server::Impl::Impl(const ServerOptions& given)
    : options(given),
      clock(given.clock ? *given.clock : system_clock()),
      envelope(given.dialect),
      journal(given.journal_limit, given.journal_bytes),
      engine(scenario::empty_catalog(envelope)),
      scenarios(given.scenario_paths, given.scenario_texts, engine, envelope),
      sessions(envelope, session_limits(given)),
      events(given.journal_limit, journal::events_byte_limit(given.journal_bytes)),
      recorder(given.record_limit),
      target_guard({given.allow_record_targets, given.record_from}),
      upstream(given.upstream_override
                   ? given.upstream_override
                   : std::make_shared<record::HttpUpstream>(upstream_options(given, target_guard))),
      outputs{nullptr, given.log, given.on_request},
      control({journal, engine, scenarios, sessions, events, recorder, given.record_to,
               &target_guard, [this](std::string_view change) { outputs.change(change); },
               Redaction(given.redact_headers)}),
      admin{control,
            [this] { shutdown_requested.trip(); },
            [this] { return health(); },
            clock.steady(),
            kVersion,
            given.report_file},
      path({admin,
            control.scope_rules(given.require_session ? session::OutsideSessions::refused
                                                      : session::OutsideSessions::served),
            recorder, *upstream, journal, clock},
           {given.strictness, admin_access(given), envelope, Redaction(given.redact_headers),
            cors_policy(given)}),
      http(
          http_options(given.port),
          [this](const RequestView& request, ReplyWriter& writer) { path.serve(request, writer); },
          [this](const RefusedRequest& refused) { path.journal_refused(refused); }) {
  // Sessions follow the baseline: every change of it is rebased under theirs.
  scenarios.set_listener(
      [this](const std::vector<scenario::SharedSet>& sets,
             std::shared_ptr<const scenario::Catalog> catalog) { sessions.rebase(sets, catalog); });
}

Server::Impl::~Impl() {
  shutdown_requested.trip();
  if (stopper.joinable()) stopper.join();
  stop();
}

void Server::Impl::stop() {
  std::call_once(stop_once, [this] {
    journal.release_waiters();
    watcher.reset();
    http.stop();
    if (https) https->stop();
    if (proxy) proxy->stop();
    stop_status = record::save_on_stop(recorder, options.record_to);
    write_report_on_stop();
    // A journal file whose reader is stuck gets a moment, not a hang.
    if (journal_file) journal_file->close(kJournalFileDrain);
  });
}

void Server::Impl::write_report_on_stop() {
  if (options.report_file.empty()) return;
  // After the listeners stopped: every request answered is in it.
  auto written = admin::write_report(admin, options.report_file);
  if (!written) {
    log::error("drivemock: " + written.error().message);
    if (stop_status) stop_status = written.error();
    return;
  }
  log::info("drivemock: report of the run in " + options.report_file + " (" +
            std::to_string(written->sessions) + " sessions, " + std::to_string(written->requests) +
            " requests)");
}

admin::ServerHealth Server::Impl::health() const {
  admin::ServerHealth h{log::dropped(),
                        http.connections_without_request(),
                        http.connections_queued(),
                        http.connections_shed(),
                        path.preflights(),
                        https ? https->tls_handshakes_failed() : 0,
                        std::nullopt,
                        envelope.dialect(),
                        engine.seed()};
  if (journal_file) h.journal_file = journal_file->stats();
  return h;
}

HttpServerOptions Server::Impl::http_options(int port) const {
  const ServerOptions& given = options;
  HttpServerOptions settings{
      given.host, port,     given.threads,       given.max_body, given.request_timeout,
      &clock,     envelope, given.keep_alive_max};
  settings.compression.min_bytes = given.compress_min_bytes;
  return settings;
}

Status Server::Impl::check_record_from() const {
  auto allowed = target_guard.check(options.record_from);
  if (!allowed)
    return Error{"--record-from " + options.record_from + ": " + allowed.error().message};
  return done();
}

Status Server::Impl::start() {
  if (options.seed && *options.seed > kMaxSeed) return Error{seed_range_error(*options.seed)};
  engine.set_seed(options.seed.value_or(fresh_seed()));
  if (!options.journal_file.empty()) {
    auto opened = journal::JournalFile::open(options.journal_file);
    if (!opened) return opened.error();
    journal_file = std::move(opened).value();
    outputs.file = journal_file.get();
  }
  journal.set_listener([this](const Entry& e) { outputs.entry(e); });
  if (CorsPolicy cors = cors_policy(options); cors.enabled() && cors.any_origin()) {
    log::warning(
        "drivemock: --cors-origin '*': a page of any site the browser visits can call "
        "the mock API and read its answers, recorded and proxied ones too; name the "
        "origins instead (pages of this machine are allowed without it)");
  }
  if (!options.report_file.empty()) {
    if (auto writable = admin::check_report_path(options.report_file); !writable) {
      log::warning("drivemock: " + writable.error().message + "; the report will not be written");
    }
  }
  if (options.watch != FileWatch::off && !options.scenario_paths.empty()) {
    watcher = std::make_unique<scenario::FileWatcher>(
        options.scenario_paths, [this] { control.reload(control::ReloadCause::watched); });
    if (auto watching = watcher->start(); !watching) {
      if (options.watch == FileWatch::on) return watching;
      log::warning("drivemock: scenario files are not watched (" + watching.error().message +
                   "); saves are read with POST /__admin/scenarios/reload");
      watcher.reset();
    }
  }
  if (!options.record_from.empty()) {
    if (!record::is_http_url(options.record_from)) {
      return Error{"--record-from needs an http:// or https:// URL, not '" + options.record_from +
                   "'"};
    }
    if (auto allowed = check_record_from(); !allowed) return allowed;
  }
  // A recording a killed run left (its capture log) becomes its scenario
  // file before anything records over it.
  record::recover_left_recordings(options.record_to);
  if (!options.record_from.empty()) {
    auto log = record::open_capture_log(options.record_to, options.record_from);
    if (!log) return log.error();
    recorder.start(options.record_from, std::move(log).value(), options.record_time);
  }
  // HTTPS and the proxy first: once plain HTTP serves, admin calls read
  // `https` (health).
  if (auto serving = start_tls_listeners(); !serving) return serving;
  // Every listener of its own is a loop for the recorder, TLS and proxy too.
  if (https) target_guard.add_own_port(https->port());
  if (proxy) target_guard.add_own_port(proxy->port());
  if (options.plain_http == PlainHttp::on) {
    if (auto serving = http.start(); !serving) return serving;
    target_guard.add_own_port(http.port());
  }
  // Only now is the port known: a --record-from of drivemock itself.
  if (!options.record_from.empty()) {
    if (auto allowed = check_record_from(); !allowed) return allowed;
  }
  stopper = std::thread([this] {
    shutdown_requested.wait();
    stop();
  });
  return done();
}

StartResult Server::start(ServerOptions options) {
  StartResult result;
  auto impl = std::make_unique<Impl>(options);
  result.diagnostics = impl->scenarios.load();
  if (has_errors(result.diagnostics)) {
    result.error = "the scenarios have errors";
    return result;
  }
  if (auto started = impl->start(); !started) {
    result.error = started.error().message;
    return result;
  }
  result.server = std::unique_ptr<Server>(new Server(std::move(impl)));
  return result;
}

Server::Server(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Server::~Server() = default;

void Server::stop() {
  impl_->stop();
}
void Server::wait() {
  if (impl_->options.plain_http == PlainHttp::off && impl_->https) {
    impl_->https->wait();
  } else {
    impl_->http.wait();
  }
  impl_->stop();  // returns once the stop that ended serving has finished
}
Status Server::stop_status() const {
  return impl_->stop_status;
}

}  // namespace drivemock
