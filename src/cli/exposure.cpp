#include "cli/exposure.h"

#include "util/log.h"
#include "util/net_address.h"
#include "util/random.h"

namespace drivemock::cli {
namespace {

constexpr size_t kTokenBytes = 16;

bool listens_off_loopback(const std::string& listen_host) {
  std::string host = authority_host(listen_host);
  // 0.0.0.0 and :: reach this machine as a destination, but bound, every interface.
  bool every_interface = host == "0.0.0.0" || host == "::";
  return every_interface || !is_loopback_host(host);
}

}  // namespace

std::optional<std::string> guard_if_exposed(ServerOptions& options, OpenAdmin open) {
  if (options.admin_token || !listens_off_loopback(options.host)) return std::nullopt;
  if (open == OpenAdmin::allowed) {
    log::warning("drivemock: warning: listening on " + options.host +
                 " without an admin token (--no-admin-token): whoever reaches this address can "
                 "read the journal, change the scenarios and stop drivemock");
    return std::nullopt;
  }
  options.admin_token = random_hex(kTokenBytes);
  options.admin_token_from = AdminTokenFrom::off_loopback;
  return options.admin_token;
}

std::string dashboard_link(const std::string& base_url, const std::string& token) {
  std::string url = base_url;
  for (std::string any : {"//0.0.0.0:", "//[::]:"}) {
    if (auto at = url.find(any); at != std::string::npos)
      url.replace(at, any.size(), "//localhost:");
  }
  return url + "/__admin/ui/#token=" + token;
}

}  // namespace drivemock::cli
