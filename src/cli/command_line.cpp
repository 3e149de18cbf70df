#include "cli/command_line.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/admin_token.h"
#include "cli/contract_command.h"
#include "cli/drift_command.h"
#include "cli/exit_codes.h"
#include "cli/exposure.h"
#include "cli/pact_command.h"
#include "cli/recover_command.h"
#include "cli/schema_command.h"
#include "cli/serve.h"
#include "cli/tls_command.h"
#include "drivemock/server.h"
#include "drivemock/version.h"
#include "scenario/catalog.h"
#include "scenario/loader.h"
#include "util/random.h"
#include "util/text.h"

namespace drivemock::cli {
namespace {

constexpr int kDefaultPort = 8080;

struct Flags {
  ServerOptions server = [] {
    ServerOptions o;
    o.port = kDefaultPort;  // the library's default is 0, for tests
    return o;
  }();
  bool strict = false;
  bool cors = false;
  std::string dialect = "document";
  std::vector<std::string> validate_paths;
  DriftFlags drift;
  CaFlags ca;
  RecoverFlags recover;
  PactFlags pact;
  ContractFlags contract;
  bool watch = false;     ///< --watch: a watch that cannot start stops the start
  bool no_watch = false;  ///< --no-watch; neither: watched where possible
  bool quiet = false;
  std::string log = "text";
  std::string admin_token;
  std::string admin_token_file;
  bool no_admin_token = false;
  bool insecure_upstream = false;
  int upstream_timeout_ms = 10000;
  int request_timeout_ms = 10000;
  std::optional<uint64_t> seed;
  bool exit_with_parent = false;
  std::optional<int> exit_with_pid;
};

/// The subcommands; serving is the app itself.
struct Subcommands {
  CLI::App* validate = nullptr;
  CLI::App* drift = nullptr;
  CLI::App* ca = nullptr;
  CLI::App* recover = nullptr;
  CLI::App* pact = nullptr;
  CLI::App* contract = nullptr;
  CLI::App* schema = nullptr;
};

Subcommands define_flags(CLI::App& app, Flags& flags) {
  Subcommands sub;
  app.set_version_flag("--version", kVersion);
  app.add_option("--host", flags.server.host, "Address to listen on")->capture_default_str();
  app.add_option("--port", flags.server.port, "Port to listen on; 0 picks a free one")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  app.add_option("--scenarios", flags.server.scenario_paths,
                 "Scenario file or directory (repeatable); default ./scenarios if it exists");
  app.add_flag("--strict", flags.strict, "Answer every contract violation with 400 invalid_params");
  app.add_option("--dialect", flags.dialect,
                 "Shape of drivemock's own answers: document (status \"success\"/\"error\", as the "
                 "API document types it) or service (status true/false, as the live service "
                 "answers and its official clients read)")
      ->check(CLI::IsMember({"document", "service"}))
      ->capture_default_str();
  app.add_option("--threads", flags.server.threads,
                 "Most connections served at once; a thread is started per open connection up "
                 "to this (default: 1024)")
      ->check(CLI::Range(1, 65536));
  app.add_option("--journal-limit", flags.server.journal_limit,
                 "Journal entries kept; older ones are dropped and counted")
      ->check(CLI::Range(size_t{1}, size_t{100000000}))
      ->capture_default_str();
  app.add_option("--journal-bytes", flags.server.journal_bytes,
                 "Most bytes the journal's entries hold (256MiB; KiB, MiB, GiB or KB, MB, GB "
                 "read as powers of 1024); past it the oldest are dropped and counted")
      ->transform(CLI::AsSizeValue(false))
      ->check(CLI::Range(size_t{1} << 20, size_t{1} << 40));
  app.add_option("--report", flags.server.report_file,
                 "Write the report of the run (one HTML file: each session's calls, events, "
                 "violations) here at stop and on POST /__admin/report");
  app.add_option("--max-sessions", flags.server.max_sessions,
                 "Sessions open at once (one per test; POST /__admin/sessions); past it, 429")
      ->check(CLI::Range(size_t{1}, size_t{100000}))
      ->capture_default_str();
  app.add_option("--max-session-bytes", flags.server.max_session_bytes,
                 "Most memory all sessions together are counted at (2GiB; a session counts "
                 "516 KiB from its opening, a pushed set 16 bytes a byte of its text); past "
                 "it, opening or pushing gets 507")
      ->transform(CLI::AsSizeValue(false))
      ->check(CLI::Range(size_t{1} << 20, size_t{1} << 50));
  app.add_flag("--require-session", flags.server.require_session,
               "Refuse calls of the mock API outside every session (403 no_session, journaled): "
               "no call of a test reaches the baseline unseen");
  app.add_option("--max-body", flags.server.max_body,
                 "Largest request body in bytes; larger ones get 413 and are not kept whole")
      ->check(CLI::Range(size_t{1}, size_t{1} << 30))
      ->capture_default_str();
  app.add_option("--compress-min-bytes", flags.server.compress_min_bytes,
                 "Compress answer bodies this big or bigger (br or gzip) for clients that accept "
                 "it; smaller ones, and answers with their own Content-Encoding, go as they are "
                 "(0: every compressible answer; 1GiB: in effect none)")
      ->transform(CLI::AsSizeValue(false))
      ->capture_default_str();
  app.add_option("--journal-file", flags.server.journal_file,
                 "Append every journal entry to this file as a JSON line");
  auto* watch = app.add_flag("--watch", flags.watch,
                             "Reload scenario files when they are saved (the default; given, a "
                             "watch that cannot start stops the start)");
  app.add_flag("--no-watch", flags.no_watch,
               "Read scenario files only at start and on POST /__admin/scenarios/reload")
      ->excludes(watch);
  auto* given_token = app.add_option(
      "--admin-token", flags.admin_token,
      "Require 'Authorization: Bearer TOKEN' on every /__admin call (visible to other "
      "users in ps: prefer --admin-token-file or DRIVEMOCK_ADMIN_TOKEN)");
  auto* token_file = app.add_option("--admin-token-file", flags.admin_token_file,
                                    "Read the admin token from this file (its first line)");
  app.add_flag("--no-admin-token", flags.no_admin_token,
               "Listening off loopback, leave the admin API open to whoever reaches it (a "
               "warning), instead of a token made for the run and printed at start")
      ->excludes(given_token)
      ->excludes(token_file);
  app.add_flag("--cors", flags.cors,
               "Answer browsers' CORS preflights and name the origin allowed on the mock API in "
               "the document dialect too (the service dialect always does; never the admin API)");
  app.add_option("--cors-origin", flags.server.cors_origins,
                 "Also allow this origin (scheme://host[:port]) in the mock API's CORS answers, "
                 "beside this machine's own pages (localhost, 127.0.0.1, [::1], any port); '*' "
                 "allows any site, with a warning (repeatable)");
  app.add_option("--allow-origin", flags.server.allow_origins,
                 "Without a token, let web pages of this origin (scheme://host[:port]) call the "
                 "admin API (repeatable; loopback origins always may)");
  app.add_option("--allow-host", flags.server.allow_hosts,
                 "Without a token, answer admin calls addressed to this host name (repeatable; "
                 "loopback names always; '*' any: turns off the DNS rebinding check)");
  app.add_option("--allow-record-target", flags.server.allow_record_targets,
                 "Let recordings proxy to this host or host:port only (repeatable; default any "
                 "host but link-local and metadata addresses and drivemock itself)");
  app.add_option("--max-upstream-body", flags.server.upstream.max_body,
                 "Largest upstream answer in bytes while recording; larger ones get 502 "
                 "(default: --max-body)")
      ->check(CLI::Range(size_t{1}, size_t{1} << 30));
  app.add_option("--redact-header", flags.server.redact_headers,
                 "Also write this header's (and query parameter's) value as *** in the journal, "
                 "its file, logs and recordings (repeatable)");
  app.add_option("--log", flags.log, "Log format of the request lines")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  app.add_flag("--exit-with-parent", flags.exit_with_parent,
               "Stop when the process that started drivemock dies, however it dies (what "
               "the JS package's startDrivemock uses)");
  app.add_option("--exit-with-pid", flags.exit_with_pid,
                 "Stop also when this process ends (the JS package passes the test runner's, "
                 "when a worker of it starts drivemock)")
      ->check(CLI::Range(1, INT32_MAX));
  app.add_flag("--quiet", flags.quiet, "No request or admin lines (warnings and errors only)");
  app.add_option("--record-from", flags.server.record_from,
                 "Proxy every mock API request to this http(s) base URL and record the answers");
  app.add_option("--record-limit", flags.server.record_limit,
                 "Most calls one recording captures; later ones are proxied but not recorded")
      ->check(CLI::Range(size_t{1}, size_t{100000000}))
      ->capture_default_str();
  app.add_flag_callback(
      "--record-drop-delays",
      [&flags] { flags.server.record_time = record::RecordedTime::dropped; },
      "Write --record-from's answers without the upstream's time (by default each keeps it as "
      "delay_ms, so a replay is as slow as the service was)");
  app.add_option("--record-to", flags.server.record_to,
                 "Recording file (default recordings/recording-<UTC time>.yaml)");
  app.add_flag("--insecure-upstream", flags.insecure_upstream,
               "Do not check the https upstream's certificate (a risk: anyone in between can "
               "answer)");
  app.add_option("--upstream-timeout", flags.upstream_timeout_ms,
                 "Connect and read time-out of the upstream, in milliseconds")
      ->check(CLI::Range(1, 600000))
      ->capture_default_str();
  app.add_option("--seed", flags.seed,
                 "Seed of the random draws (one_of, random delays); the same seed and the same "
                 "calls per uuid give the same draws. Default: a fresh one, printed at start")
      ->check(CLI::Range(uint64_t{0}, kMaxSeed));
  app.add_option("--request-timeout", flags.request_timeout_ms,
                 "Time for a request's head and body to arrive after its first byte, in "
                 "milliseconds; slower requests get 408")
      ->check(CLI::Range(1, 3600000))
      ->capture_default_str();
  sub.validate =
      app.add_subcommand("validate", "Check scenario files; print problems; exit 0 or 1");
  sub.validate->add_option("PATH", flags.validate_paths, "Scenario files or directories")
      ->required()
      ->check(CLI::ExistingPath);
  sub.validate->add_option("--dialect", flags.dialect, "Check answer bodies against this dialect")
      ->check(CLI::IsMember({"document", "service"}))
      ->capture_default_str();
  add_tls_flags(app, flags.server.tls);
  sub.ca = add_ca_command(app, flags.ca);
  sub.recover = add_recover_command(app, flags.recover);
  sub.pact = add_pact_command(app, flags.pact);
  sub.contract = add_contract_command(app, flags.contract);
  sub.drift = add_drift_command(app, flags.drift);
  sub.schema = add_schema_command(app);
  sub.drift->add_option("--dialect", flags.dialect, "Load the scenarios in this dialect")
      ->check(CLI::IsMember({"document", "service"}))
      ->capture_default_str();
  return sub;
}

/// Moves the flags that need a conversion into the server options.
void apply_flags(Flags& flags) {
  ServerOptions& o = flags.server;
  if (flags.strict) o.strictness = contract::Strictness::strict;
  o.dialect = dialect_from_name(flags.dialect).value_or(Dialect::document);
  // Watched by default; a --watch given must work, the default may not.
  o.watch = flags.watch      ? FileWatch::on
            : flags.no_watch ? FileWatch::off
                             : FileWatch::where_possible;
  if (flags.cors) o.cors = Cors::on;
  if (flags.insecure_upstream) o.upstream.verify = record::TlsVerify::off;
  o.upstream.timeout = std::chrono::milliseconds(flags.upstream_timeout_ms);
  o.request_timeout = std::chrono::milliseconds(flags.request_timeout_ms);
  o.seed = flags.seed;
  o.log = flags.quiet ? LogFormat::none : flags.log == "json" ? LogFormat::json : LogFormat::text;
}

void print_diagnostics(const Diagnostics& diagnostics, std::ostream& out) {
  // A message quotes the file (a key, a value): escaped, as the log does.
  for (const auto& d : diagnostics) out << escape_controls(format_diagnostic(d)) << '\n';
}

int validate(const std::vector<std::string>& paths, Dialect dialect) {
  auto sets = scenario::load_scenario_paths(paths, {dialect});
  Diagnostics diagnostics = sets.diagnostics;
  size_t loaded = sets->size();
  if (!has_errors(diagnostics)) {
    append(diagnostics, scenario::build_catalog(*sets, Envelope(dialect)).diagnostics);
  }
  print_diagnostics(diagnostics, std::cout);
  if (has_errors(diagnostics)) return kExitProblems;
  std::cout << "ok: " << loaded << " scenario set(s) valid\n";
  return 0;
}

}  // namespace

int run(int argc, char** argv) {
  const pid_t parent = getppid();  // before anything: the window for it to die unseen
  CLI::App app("drivemock: a fake of the directory API v3 for contract tests", "drivemock");
  Flags flags;
  Subcommands sub = define_flags(app, flags);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "drivemock: error: " << e.what() << "\n\n" << app.help();
    return kExitUsage;
  }
  if (sub.validate->parsed()) {
    return validate(flags.validate_paths,
                    dialect_from_name(flags.dialect).value_or(Dialect::document));
  }
  if (sub.ca->parsed()) return run_ca(flags.ca);
  if (sub.recover->parsed()) return run_recover(flags.recover);
  if (sub.pact->parsed()) return run_pact(flags.pact);
  if (sub.contract->parsed()) return run_contract(flags.contract);
  if (sub.schema->parsed()) return run_schema();
  if (sub.drift->parsed()) {
    return run_drift(flags.drift, dialect_from_name(flags.dialect).value_or(Dialect::document));
  }
  apply_flags(flags);
  apply_tls_flags(app, flags.server);
  auto token = admin_token(flags.admin_token, flags.admin_token_file);
  if (!token) {
    std::cerr << "drivemock: error: " << token.error().message << "\n";
    return kExitUsage;
  }
  flags.server.admin_token = *token;
  return serve(std::move(flags.server),
               {flags.exit_with_parent ? std::optional<pid_t>(parent) : std::nullopt,
                flags.exit_with_pid ? std::optional<pid_t>(*flags.exit_with_pid) : std::nullopt},
               flags.no_admin_token ? OpenAdmin::allowed : OpenAdmin::refused);
}

}  // namespace drivemock::cli
