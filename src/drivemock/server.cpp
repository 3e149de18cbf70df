// Wires the pieces of one request's path together: HTTP layer → admin router
// or mock service (contract → engine) → journal (+ file, log) → reply, delay
// or fault. Also owns the server's lifecycle: start, the shutdown requested
// through the admin API (done on a thread of its own, since a handler cannot
// join the pool it runs on), and stop.
#include "drivemock/server.h"

#include <mutex>
#include <thread>

#include "admin/admin_router.h"
#include "drivemock/version.h"
#include "http/connection_faults.h"
#include "http/http_server.h"
#include "http/httplib_adapter.h"
#include "journal/journal_file.h"
#include "mock/mock_service.h"
#include "record/proxy.h"
#include "record/recorder.h"
#include "record/recording_file.h"
#include "scenario/catalog.h"
#include "scenario/file_watcher.h"
#include "scenario/scenario_store.h"
#include "util/json.h"
#include "util/log.h"

namespace drivemock {
namespace {

using Clock = std::chrono::steady_clock;

/// How long a stop waits for journal lines a slow file reader has not taken.
constexpr std::chrono::milliseconds kJournalFileDrain{500};

std::unique_ptr<journal::FilterMatcher> matcher_for(const RequestFilter& filter) {
  std::string error;
  auto matcher = journal::FilterMatcher::create(filter, error);
  if (!matcher) throw std::invalid_argument(error);
  return matcher;
}

}  // namespace

struct Server::Impl {
  explicit Impl(const ServerOptions& given)
      : options(given),
        journal(given.journal_limit),
        engine(scenario::empty_catalog()),
        scenarios(given.scenario_paths, given.scenario_texts, engine),
        mock(engine, given.strictness),
        upstream(given.upstream_override ? given.upstream_override
                                         : std::make_shared<record::HttpUpstream>(given.upstream)),
        admin{journal,
              engine,
              scenarios,
              recorder,
              given.record_to,
              [this] { shutdown_requested.trip(); },
              [this](std::string_view change) { log_admin(change); },
              [this] { return health(); },
              Clock::now(),
              kVersion},
        http(
            {given.host, given.port, given.threads, given.max_body, given.request_timeout},
            [this](const httplib::Request& req, httplib::Response& res) { serve(req, res); },
            [this](const RefusedRequest& refused) { journal_refusal(refused); }) {}

  ~Impl() {
    shutdown_requested.trip();
    if (stopper.joinable()) stopper.join();
    stop();
  }

  std::optional<std::string> start();
  void stop() {
    std::call_once(stop_once, [this] {
      journal.release_waiters();
      watcher.reset();
      http.stop();
      stop_problem = save_recording_in_progress();
      // A journal file whose reader is stuck gets a moment, not a hang.
      if (journal_file) journal_file->close(kJournalFileDrain);
    });
  }
  std::optional<std::string> save_recording_in_progress();
  admin::ServerHealth health() const {
    admin::ServerHealth h{log::dropped(), http.connections_without_request(),
                          http.connections_queued(), std::nullopt};
    if (journal_file) h.journal_file = journal_file->stats();
    return h;
  }
  void journal_refusal(const RefusedRequest& refused);
  void serve_too_large(RequestView view, size_t size, httplib::Response& res,
                       Clock::time_point started);
  void serve_proxied(const std::string& target, RequestView view, httplib::Response& res,
                     Clock::time_point started);
  void finish(journal::Classification& seen, const RequestView& view, const mock::Reply& reply,
              bool proxied, Clock::time_point started);
  void serve(const httplib::Request& req, httplib::Response& res);
  void serve_mock(RequestView view, httplib::Response& res, Clock::time_point started);
  void on_journaled(const journal::Entry& entry);
  void log_admin(std::string_view change) {
    if (options.log != LogFormat::none) log::info(journal::admin_line(change, options.log));
  }
  void reload_from_watch();

  ServerOptions options;
  journal::Journal journal;
  scenario::Engine engine;
  scenario::ScenarioStore scenarios;
  std::unique_ptr<journal::JournalFile> journal_file;
  mock::MockService mock;
  record::Recorder recorder;
  std::shared_ptr<record::Upstream> upstream;
  StopSignal shutdown_requested;
  admin::Context admin;
  HttpServer http;
  std::unique_ptr<scenario::FileWatcher> watcher;
  std::thread stopper;
  std::once_flag stop_once;
  std::optional<std::string> stop_problem;
};

std::optional<std::string> Server::Impl::start() {
  if (!options.journal_file.empty()) {
    journal_file = std::make_unique<journal::JournalFile>(options.journal_file);
    if (journal_file->error()) return journal_file->error();
  }
  journal.set_listener([this](const journal::Entry& e) { on_journaled(e); });
  if (options.watch == FileWatch::on) {
    watcher = std::make_unique<scenario::FileWatcher>(options.scenario_paths,
                                                      [this] { reload_from_watch(); });
    if (auto error = watcher->start()) return error;
  }
  if (!options.record_from.empty()) {
    if (!record::is_http_url(options.record_from)) {
      return "--record-from needs an http:// or https:// URL, not '" + options.record_from + "'";
    }
    recorder.start(options.record_from);
  }
  if (auto error = http.start()) return error;
  stopper = std::thread([this] {
    shutdown_requested.wait();
    stop();
  });
  return std::nullopt;
}

void Server::Impl::on_journaled(const journal::Entry& entry) {
  if (journal_file) journal_file->append(entry);
  if (options.log != LogFormat::none) log::info(journal::request_line(entry, options.log));
  if (options.on_request) options.on_request(entry);
}

void Server::Impl::reload_from_watch() {
  Diagnostics diagnostics = scenarios.reload();
  for (const auto& d : diagnostics) log::warning(format_diagnostic(d));
  log_admin(has_errors(diagnostics) ? "scenario files changed; they have errors, old sets kept"
                                    : "scenario files changed; reloaded");
}

void Server::Impl::serve(const httplib::Request& req, httplib::Response& res) {
  auto started = Clock::now();
  RequestView view = to_view(req);
  const std::string* content_length = view.header("Content-Length");
  if (auto announced =
          content_length ? oversized_body(*content_length, options.max_body) : std::nullopt) {
    return serve_too_large(std::move(view), *announced, res, started);
  }
  if (view.body.size() > options.max_body) {  // chunked: read, then refused
    return serve_too_large(std::move(view), view.body.size(), res, started);
  }
  if (admin::is_admin_path(view.path)) {
    admin::Reply reply = admin::route(view, admin, options.admin_token);
    fill_response(res, reply.status, reply.headers, reply.body);
    return;
  }
  serve_mock(std::move(view), res, started);
}

void Server::Impl::serve_mock(RequestView view, httplib::Response& res, Clock::time_point started) {
  if (auto target = recorder.target()) return serve_proxied(*target, std::move(view), res, started);
  journal::Classification seen;
  mock::Reply reply = mock.handle(view, seen);
  if (reply.delay_ms > 0) http.stopping().wait_for(std::chrono::milliseconds(reply.delay_ms));
  finish(seen, view, reply, false, started);
  if (reply.fault != scenario::Fault::none) {
    apply_fault(reply.fault, http.stopping());
    return;
  }
  fill_response(res, reply.status, reply.headers, *reply.body);
}

void Server::Impl::serve_proxied(const std::string& target, RequestView view,
                                 httplib::Response& res, Clock::time_point started) {
  journal::Classification seen;
  mock::Inspection inspection = mock.inspect(view, seen);
  record::UpstreamAnswer answer = upstream->forward(target, view);
  if (auto capture = record::capture_of(inspection, answer)) recorder.capture(std::move(*capture));
  mock::Reply reply = record::proxied_reply(answer, target);
  finish(seen, view, reply, true, started);
  fill_response(res, reply.status, reply.headers, *reply.body);
}

void Server::Impl::serve_too_large(RequestView view, size_t size, httplib::Response& res,
                                   Clock::time_point started) {
  std::string message = "The request body is " + std::to_string(size) + " bytes; the limit is " +
                        std::to_string(options.max_body) + " bytes (--max-body)";
  // What was read is journaled up to the limit; the violation says so.
  if (view.body.size() > options.max_body) view.body.resize(options.max_body);
  std::string journaled =
      message + "; the journal keeps " + std::to_string(view.body.size()) + " bytes of it";
  mock::Reply reply = mock::json_reply(413, json::error_envelope(message, "payload_too_large"));
  if (!admin::is_admin_path(view.path)) {
    journal::Classification seen;
    if (const contract::Operation* op = contract::find_by_path(view.path))
      seen.operation = op->name;
    seen.violations.push_back({"body_too_large", journaled});
    finish(seen, view, reply, false, started);
  }
  fill_response(res, reply.status, reply.headers, *reply.body);
}

void Server::Impl::journal_refusal(const RefusedRequest& refused) {
  const RequestView& view = refused.request;
  if (admin::is_admin_path(view.path)) return;  // admin calls are never journaled
  journal::Classification seen;
  if (const contract::Operation* op = contract::find_by_path(view.path)) seen.operation = op->name;
  seen.violations.push_back({refused.refusal.rule, refused.refusal.message});
  finish(seen, view, mock::json_reply(refused.refusal.status, refused.answer), false,
         refused.started);
}

void Server::Impl::finish(journal::Classification& seen, const RequestView& view,
                          const mock::Reply& reply, bool proxied, Clock::time_point started) {
  journal::Entry entry;
  entry.request = journal::RecordedRequest(view, seen.uuid);
  entry.operation = seen.operation;
  entry.matched = std::move(seen.matched);
  entry.named = seen.named;
  entry.violations = std::move(seen.violations);
  bool faulted = reply.fault != scenario::Fault::none;
  entry.response = {reply.status, faulted ? nullptr : reply.body, reply.fault, proxied};
  entry.logged = std::chrono::system_clock::now();
  entry.total_micros =
      std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started).count();
  // Journaled before the answer leaves: a client that got its answer always
  // finds its entry.
  journal.record(std::move(entry));
}

std::optional<std::string> Server::Impl::save_recording_in_progress() {
  // A running recording, or one whose writing failed before.
  auto saved = record::stop_and_save(recorder, options.record_to);
  if (!saved) return std::nullopt;
  if (auto* unsaved = std::get_if<record::UnsavedRecording>(&*saved)) {
    std::string problem = "the recording of " + std::to_string(unsaved->captured) +
                          " calls could not be saved: " + unsaved->error;
    log::error("drivemock: " + problem);
    return problem;
  }
  const auto& file = std::get<record::SavedRecording>(*saved);
  log::info("drivemock: recording of " + std::to_string(file.captured) + " calls written to " +
            file.file);
  return std::nullopt;
}

StartResult Server::start(ServerOptions options) {
  StartResult result;
  auto impl = std::make_unique<Impl>(options);
  result.diagnostics = impl->scenarios.load();
  if (has_errors(result.diagnostics)) {
    result.error = "the scenarios have errors";
    return result;
  }
  if (auto error = impl->start()) {
    result.error = *error;
    return result;
  }
  result.server = std::unique_ptr<Server>(new Server(std::move(impl)));
  return result;
}

Server::Server(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Server::~Server() = default;

int Server::port() const {
  return impl_->http.port();
}

std::string Server::base_url() const {
  return "http://" + impl_->options.host + ":" + std::to_string(port());
}

size_t Server::count(const RequestFilter& filter) const {
  return impl_->journal.count(*matcher_for(filter));
}

std::vector<journal::EntryPtr> Server::find(const RequestFilter& filter) const {
  return impl_->journal.find(*matcher_for(filter));
}

size_t Server::wait_for(const RequestFilter& filter, size_t wanted,
                        std::chrono::milliseconds timeout) const {
  return impl_->journal.wait_for(*matcher_for(filter), wanted, timeout);
}

void Server::reset() {
  impl_->journal.clear();
  impl_->scenarios.drop_pushed();
  impl_->engine.reset();
}

Diagnostics Server::push_scenarios(std::string_view yaml) {
  std::string name;
  return impl_->scenarios.push(yaml, name);
}

void Server::serve_socket(int fd) {
  impl_->http.serve_connection(fd);
}

void Server::stop() {
  impl_->stop();
}
void Server::wait() {
  impl_->http.wait();
  impl_->stop();  // returns once the stop that ended serving has finished
}
std::optional<std::string> Server::stop_problem() const {
  return impl_->stop_problem;
}
journal::Journal& Server::journal() {
  return impl_->journal;
}
scenario::Engine& Server::engine() {
  return impl_->engine;
}
size_t Server::connections_queued() const {
  return impl_->http.connections_queued();
}

}  // namespace drivemock
