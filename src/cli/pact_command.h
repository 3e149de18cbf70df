#pragma once
// `drivemock pact --consumer NAME --provider NAME [--session ID] [--out FILE]
// [--url URL | --journal FILE]`: a Pact v4 file of the calls a running
// drivemock journaled (POST /__admin/pact) or a journal file holds
// (interchange/pact_writer.h). Exit 0 when written, 1 when it could not be.

#include <CLI/CLI.hpp>
#include <string>

namespace drivemock::cli {

struct PactFlags {
  std::string consumer;
  std::string provider;
  std::string session;  ///< empty: every call
  std::string out;      ///< empty: standard output
  std::string url = "http://127.0.0.1:8080";
  std::string journal;  ///< a --journal-file; empty: ask `url`
  std::string admin_token_file;
};

/// Adds the `pact` subcommand to `app`; its flags go to `flags`.
CLI::App* add_pact_command(CLI::App& app, PactFlags& flags);

/// Writes the pact; warnings and errors go to standard error.
int run_pact(const PactFlags& flags);

}  // namespace drivemock::cli
