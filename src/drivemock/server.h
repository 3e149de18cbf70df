#pragma once
// drivemock's public in-process API: start a fake of the directory API on a
// port (0 picks a free one), read its journal, stop it. The command-line
// tool is a thin shell over this class; C++ test suites use it directly.
//
//   auto started = drivemock::Server::start({.scenario_texts = {yaml}});
//   REQUIRE(started.server);
//   httplib::Client client(started.server->base_url());

#include <memory>
#include <string>
#include <vector>

#include "contract/request_checks.h"
#include "journal/journal.h"
#include "scenario/engine.h"
#include "util/diagnostic.h"

namespace drivemock {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 0;                             ///< 0 picks a free port
  std::vector<std::string> scenario_paths;  ///< files or directories
  std::vector<std::string> scenario_texts;  ///< YAML documents given inline
  contract::Strictness strictness = contract::Strictness::lenient;
  size_t threads = 0;  ///< worker threads; 0 picks the default
  size_t journal_limit = 100000;
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
  ~Server();  ///< stops the server

  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  /// The port it listens on.
  int port() const;
  /// "http://HOST:PORT"
  std::string base_url() const;
  /// Stops accepting, finishes requests in flight, returns when stopped.
  void stop();
  /// Blocks until the server stops.
  void wait();

  journal::Journal& journal();
  scenario::Engine& engine();

 private:
  struct Impl;
  explicit Server(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace drivemock
