#pragma once
// The parts of a running server, in the order they are built (each may use
// those above it) and destroyed (in reverse). Private to drivemock/: the
// wiring is in server.cpp, the in-process API's calls in server_api.cpp.

#include <memory>
#include <mutex>
#include <thread>

#include "drivemock/request_path.h"
#include "drivemock/server.h"
#include "http/http_server.h"
#include "journal/journal_file.h"
#include "journal/outputs.h"
#include "scenario/file_watcher.h"
#include "scenario/scenario_store.h"
#include "session/session_registry.h"

namespace drivemock {

struct Server::Impl {
  explicit Impl(const ServerOptions& given);
  ~Impl();

  Status start();
  /// Whether the --record-from target may be recorded from (record/target_guard.h).
  Status check_record_from() const;
  void stop();
  /// --report: the report of the run, written once the listeners stopped.
  void write_report_on_stop();
  admin::ServerHealth health() const;
  /// Makes and starts the HTTPS listener and the proxy, those asked for
  /// (tls_listeners.cpp).
  Status start_tls_listeners();
  /// The HTTP options both listeners share, on `port`.
  HttpServerOptions http_options(int port) const;

  ServerOptions options;
  const Clock& clock;
  const Envelope envelope;  ///< the dialect of the mock API's own answers
  journal::Journal journal;
  scenario::Engine engine;
  scenario::ScenarioStore scenarios;  ///< the baseline: files and pushes outside sessions
  session::SessionRegistry sessions;
  journal::AdminEvents events;  ///< the admin changes' timeline
  std::unique_ptr<journal::JournalFile> journal_file;
  record::Recorder recorder;
  record::TargetGuard target_guard;
  std::shared_ptr<record::Upstream> upstream;
  journal::Outputs outputs;
  StopSignal shutdown_requested;
  control::Control control;  ///< every change, from the admin API and the C++ API
  admin::Context admin;
  RequestPath path;
  HttpServer http;
  std::unique_ptr<HttpServer> https;   ///< with --tls-port
  std::unique_ptr<HttpServer> proxy;   ///< with --proxy-port
  std::optional<std::string> ca_file;  ///< the local CA's certificate, when its leaves are served
  std::unique_ptr<scenario::FileWatcher> watcher;
  std::thread stopper;
  std::once_flag stop_once;
  Status stop_status = done();
};

}  // namespace drivemock
