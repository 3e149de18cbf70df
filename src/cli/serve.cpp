#include "cli/serve.h"

#include <pthread.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <csignal>
#include <filesystem>
#include <iostream>
#include <thread>

#include "cli/exit_codes.h"
#include "cli/open_files.h"
#include "cli/process_watch.h"
#include "http/http_server.h"
#include "scenario/catalog.h"
#include "util/log.h"

namespace drivemock::cli {
namespace {

/// At exit, how long log lines still queued may take to reach standard
/// error: a harness that never reads it must not delay the exit much.
constexpr std::chrono::milliseconds kLogFlushAtExit{500};

/// Blocks SIGINT, SIGTERM and SIGHUP in every thread started after this, so
/// that one thread can take them with sigwait: each stops the server cleanly
/// (SIGHUP: the terminal or the launcher that ran it went away).
sigset_t block_stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
  // A file size limit (ulimit -f) fails the write with EFBIG instead of
  // killing the server: the journal file and recordings handle that error.
  std::signal(SIGXFSZ, SIG_IGN);
  return set;
}

/// Startup diagnostics through the logger, so that a harness that never
/// reads standard error cannot hold up a start with many warnings.
void log_diagnostics(const Diagnostics& diagnostics) {
  for (const auto& d : diagnostics) {
    log::write(d.severity == Severity::error ? log::Level::error : log::Level::warning,
               format_diagnostic(d));
  }
}

/// With --exit-with-parent, the kernel sends SIGTERM when the parent dies
/// (a SIGKILLed test runner cannot stop its children itself): the stop is
/// the usual one, through the signal thread. False when the parent is gone
/// already, its pid no longer this process's parent.
bool follow_parent(pid_t parent) {
#ifdef __linux__
  prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
  return getppid() == parent;
}

}  // namespace

int serve(ServerOptions options, Lifetime lifetime, OpenAdmin open_admin) {
  if (options.scenario_paths.empty() && std::filesystem::is_directory("scenarios")) {
    options.scenario_paths.push_back("scenarios");
  }
  sigset_t signals = block_stop_signals();
  if (lifetime.parent && !follow_parent(*lifetime.parent)) {
    log::error("drivemock: the process that started it is gone (--exit-with-parent)");
    log::flush(kLogFlushAtExit);
    return kExitProblems;
  }
  // After the signals are blocked: the watcher's thread inherits the mask,
  // and its SIGTERM reaches the signal thread below.
  if (lifetime.other && exit_with_process(*lifetime.other) == Watched::gone) {
    log::error("drivemock: process " + std::to_string(*lifetime.other) +
               " is gone already (--exit-with-pid)");
    log::flush(kLogFlushAtExit);
    return kExitProblems;
  }
  // After the signals are blocked: the first line starts the logger's thread.
  std::optional<std::string> made_token = guard_if_exposed(options, open_admin);
  size_t listeners = (options.plain_http == PlainHttp::on) + options.tls.port.has_value() +
                     options.tls.proxy_port.has_value();
  OpenFiles files = fit_open_files(
      options.threads == 0 ? HttpServer::default_threads() : options.threads, listeners);
  options.threads = files.threads;
  if (!files.warning.empty()) log::warning(files.warning);
  const bool plain_http = options.plain_http == PlainHttp::on;
  const bool quiet = options.log == LogFormat::none;
  const std::string host = options.host;
  StartResult started = Server::start(std::move(options));
  log_diagnostics(started.diagnostics);
  if (!started.server) {
    log::error("drivemock: " + started.error);
    log::flush(kLogFlushAtExit);
    return has_errors(started.diagnostics) ? kExitUsage : kExitProblems;
  }
  Server& server = *started.server;
  std::thread signal_waiter([&] {
    int received = 0;
    sigwait(&signals, &received);
    server.stop();
  });
  // On standard error, in one write: a run that failed by chance is
  // replayed with this seed. --quiet leaves it out (GET /__admin/health
  // gives the seed).
  if (!quiet) {
    std::cerr << ("drivemock: random draws from seed " + std::to_string(server.seed()) +
                  " (replay with --seed " + std::to_string(server.seed()) + ")\n");
  }
  // One line per listener, plain HTTP first: what harnesses read the port from.
  if (plain_http) std::cout << "drivemock listening on " << server.base_url() << '\n';
  if (auto tls = server.tls_base_url()) std::cout << "drivemock listening on " << *tls << '\n';
  if (auto proxy = server.proxy_port()) {
    std::cout << "drivemock proxy on http://" << host << ":" << *proxy << " (HTTPS_PROXY)\n";
  }
  if (auto ca = server.tls_ca_file()) {
    std::cout << "drivemock CA certificate " << *ca << " (trust it: drivemock ca)\n";
  }
  std::cout << std::flush;
  // Once, whatever --quiet says: the only place the made token is told.
  if (made_token) {
    std::cerr << ("drivemock: listening on " + host +
                  " without an admin token given, so this run made one: calls from other "
                  "machines need 'Authorization: Bearer " +
                  *made_token + "' (loopback ones none)\ndrivemock: dashboard " +
                  dashboard_link(server.tls_base_url().value_or(server.base_url()), *made_token) +
                  " (from another machine: this one's name or address for localhost)\n");
  }
  server.wait();
  pthread_kill(signal_waiter.native_handle(), SIGTERM);  // release it if the server stopped itself
  signal_waiter.join();
  log::flush(kLogFlushAtExit);  // the problem, if any, is logged already
  return server.stop_status() ? 0 : kExitProblems;
}

}  // namespace drivemock::cli
