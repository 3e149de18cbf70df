#pragma once
// The command line of TLS: the HTTPS listener's flags (--tls-port,
// --tls-cert, --tls-key, --tls-dir, --tls-name) and `drivemock ca`, which
// makes the local CA if there is none and says how to trust it.

#include <CLI/CLI.hpp>
#include <string>

#include "drivemock/server.h"

namespace drivemock::cli {

/// Adds the TLS flags to `app`, filling `tls`.
void add_tls_flags(CLI::App& app, TlsOptions& tls);

/// --tls-port given without --port: only HTTPS is served.
void apply_tls_flags(const CLI::App& app, ServerOptions& options);

struct CaFlags {
  std::string dir;
  std::vector<std::string>
      names;  ///< --tls-name: what a new CA is constrained to, beside the defaults
  bool pem = false;
  bool renew = false;  ///< --new: replace the CA (names changed)
};

/// Adds the `ca` subcommand to `app`; its flags go to `flags`.
CLI::App* add_ca_command(CLI::App& app, CaFlags& flags);

/// Prints where the CA is and how to trust it (or, with --pem, the CA
/// certificate); exit 0, or 1 when it cannot be read or made.
int run_ca(const CaFlags& flags);

}  // namespace drivemock::cli
