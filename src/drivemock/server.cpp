// Wires the pieces of one request's path together: HTTP layer → admin router
// or mock service (contract → engine) → journal → reply, delay or fault.
#include "drivemock/server.h"

#include "admin/admin_router.h"
#include "drivemock/version.h"
#include "http/connection_faults.h"
#include "http/http_server.h"
#include "http/httplib_adapter.h"
#include "journal/redaction.h"
#include "mock/mock_service.h"
#include "scenario/loader.h"
#include "util/log.h"

namespace drivemock {
namespace {

using Clock = std::chrono::steady_clock;

std::shared_ptr<const scenario::Catalog> load_catalog(const ServerOptions& options,
                                                      Diagnostics& diagnostics) {
  auto sets = scenario::load_scenario_paths(options.scenario_paths, diagnostics);
  for (size_t i = 0; i < options.scenario_texts.size(); ++i) {
    std::string name = "inline-" + std::to_string(i + 1);
    auto set = scenario::parse_scenario(options.scenario_texts[i], name, name, diagnostics);
    if (set) sets.push_back(std::move(*set));
  }
  if (has_errors(diagnostics)) return nullptr;
  return scenario::build_catalog(std::move(sets), diagnostics);
}

}  // namespace

struct Server::Impl {
  Impl(const ServerOptions& given, std::shared_ptr<const scenario::Catalog> catalog)
      : options(given),
        journal(given.journal_limit),
        engine(std::move(catalog)),
        mock(engine, given.strictness),
        admin{journal, engine, Clock::now(), kVersion},
        http({given.host, given.port, given.threads},
             [this](const httplib::Request& req, httplib::Response& res) { serve(req, res); }) {}

  void serve(const httplib::Request& req, httplib::Response& res);
  void serve_mock(const httplib::Request& req, RequestView view, httplib::Response& res,
                  Clock::time_point started);

  ServerOptions options;
  journal::Journal journal;
  scenario::Engine engine;
  mock::MockService mock;
  admin::Context admin;
  HttpServer http;  // last: destroyed (stopped) first
};

void Server::Impl::serve(const httplib::Request& req, httplib::Response& res) {
  auto started = Clock::now();
  RequestView view = to_view(req);
  if (admin::is_admin_path(view.path)) {
    admin::Reply reply = admin::route(view, admin);
    fill_response(res, reply.status, {}, reply.body);
    return;
  }
  serve_mock(req, std::move(view), res, started);
}

void Server::Impl::serve_mock(const httplib::Request& req, RequestView view, httplib::Response& res,
                              Clock::time_point started) {
  journal::Entry entry;
  mock::Reply reply = mock.handle(view, entry);
  if (reply.delay_ms > 0) http.stopping().wait_for(std::chrono::milliseconds(reply.delay_ms));

  entry.request = std::move(view);
  journal::redact_headers(entry.request.headers);
  bool faulted = reply.fault != scenario::Fault::none;
  entry.response = {reply.status, faulted ? std::string() : reply.body, reply.fault, false};
  entry.logged = std::chrono::system_clock::now();
  entry.total_micros =
      std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started).count();
  // Journaled before the answer leaves: a client that got its answer always
  // finds its entry.
  journal.record(std::move(entry));

  if (faulted) {
    apply_fault(reply.fault, req, http.stopping());
    return;
  }
  fill_response(res, reply.status, reply.headers, reply.body);
}

StartResult Server::start(ServerOptions options) {
  StartResult result;
  auto catalog = load_catalog(options, result.diagnostics);
  if (!catalog) {
    result.error = "the scenarios have errors";
    return result;
  }
  auto impl = std::make_unique<Impl>(options, std::move(catalog));
  if (auto error = impl->http.start()) {
    result.error = *error;
    return result;
  }
  result.server = std::unique_ptr<Server>(new Server(std::move(impl)));
  return result;
}

Server::Server(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Server::~Server() {
  stop();
}

int Server::port() const {
  return impl_->http.port();
}

std::string Server::base_url() const {
  return "http://" + impl_->options.host + ":" + std::to_string(port());
}

void Server::stop() {
  impl_->http.stop();
}
void Server::wait() {
  impl_->http.wait();
}
journal::Journal& Server::journal() {
  return impl_->journal;
}
scenario::Engine& Server::engine() {
  return impl_->engine;
}

}  // namespace drivemock
