#include "cli/tls_command.h"

#include <iostream>

#include "tls/local_ca.h"
#include "tls/tls_names.h"

namespace drivemock::cli {

void add_tls_flags(CLI::App& app, TlsOptions& tls) {
  app.add_option("--tls-port", tls.port,
                 "Also serve the mock API, admin API and dashboard over HTTPS on this port (0 "
                 "picks a free one); alone, without --port, only HTTPS")
      ->check(CLI::Range(0, 65535));
  app.add_option("--tls-cert", tls.cert_file,
                 "The HTTPS certificate chain (PEM); default: issued by drivemock's local CA")
      ->check(CLI::ExistingFile);
  app.add_option("--tls-key", tls.key_file, "The key of --tls-cert (PEM)")
      ->check(CLI::ExistingFile);
  app.add_option("--tls-dir", tls.dir,
                 "Where the local CA lives (default: $XDG_DATA_HOME/drivemock, else "
                 "~/.local/share/drivemock)");
  app.add_option("--tls-name", tls.names,
                 "A host name (or *.domain, or IP) the local CA may issue a certificate for, "
                 "beside loopback and the service's gateway names (repeatable)")
      ->check([](const std::string& name) { return tls::tls_name_problem(name); });
  app.add_option("--proxy-port", tls.proxy_port,
                 "Also run an HTTPS proxy on this port (HTTPS_PROXY): CONNECT to a name the local "
                 "CA issues for is answered by drivemock itself, to a --proxy-pass host tunnelled, "
                 "to any other refused")
      ->check(CLI::Range(0, 65535));
  app.add_option(
      "--proxy-pass", tls.proxy_pass,
      "A host (host or host:port) the proxy lets through as a plain tunnel (repeatable)");
}

void apply_tls_flags(const CLI::App& app, ServerOptions& options) {
  if (options.tls.port && app.count("--port") == 0) options.plain_http = PlainHttp::off;
}

CLI::App* add_ca_command(CLI::App& app, CaFlags& flags) {
  CLI::App* ca = app.add_subcommand(
      "ca", "Make drivemock's local CA if there is none; print where it is and how to trust it");
  ca->add_option("--tls-dir", flags.dir, "Where the local CA lives");
  ca->add_option("--tls-name", flags.names,
                 "A name (or *.domain, or IP) a new CA may sign for, beside loopback and the "
                 "service's gateway names (repeatable)")
      ->check([](const std::string& name) { return tls::tls_name_problem(name); });
  ca->add_flag("--new", flags.renew,
               "Make a new CA in place of the one there (when the names it may sign for "
               "change); trust the new one again");
  ca->add_flag("--pem", flags.pem, "Print the CA certificate (PEM) only");
  return ca;
}

int run_ca(const CaFlags& flags) {
  tls::TlsNames allowed = local_ca_names(flags.names);
  auto ca = tls::LocalCa::open(flags.dir.empty() ? tls::default_tls_dir() : flags.dir, allowed,
                               flags.renew ? tls::Renew::now : tls::Renew::when_needed);
  if (!ca) {
    std::cerr << "drivemock: error: the local CA: " << ca.error().message << "\n";
    return 1;
  }
  const tls::LocalCa& local = **ca;
  if (flags.pem) {
    std::cout << local.pem();
    return 0;
  }
  const std::string& cert = local.cert_path();
  std::cout << "drivemock's local CA: " << cert << "\n"
            << "(its key, readable by you alone: " << local.key_path() << ")\n"
            << "It may sign for: ";
  const auto& names = allowed.names();
  for (size_t i = 0; i < names.size(); ++i) std::cout << (i ? ", " : "") << names[i];
  std::cout << "\n\n"
            << "It signs the certificates drivemock serves with --tls-port. Trust it once:\n"
            << "  Node.js:           NODE_EXTRA_CA_CERTS=" << cert << "\n"
            << "  Debian (system):   cp " << cert
            << " /usr/local/share/ca-certificates/drivemock.crt && update-ca-certificates\n"
            << "  Python requests:   REQUESTS_CA_BUNDLE=" << cert << "\n"
            << "  curl:              curl --cacert " << cert << " ...\n"
            << "  Chromium, Chrome:  Settings > Privacy and security > Security > Manage "
               "certificates > Authorities > Import\n"
            << "  Firefox:           Settings > Privacy & Security > Certificates > View "
               "Certificates > Authorities > Import\n";
  return 0;
}

}  // namespace drivemock::cli
