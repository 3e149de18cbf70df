// Fuzz target: the HTTPS proxy's first exchange (--proxy-port), as bytes a
// client sends: the CONNECT head's parser, the decision whom it goes to, and
// the CA's name check. Any bytes in; never a crash, and whatever the line
// says, drivemock answers only names its CA may issue for (host names and
// IP addresses, never a wildcard) and tunnels only to a --proxy-pass host
// on a real port; brackets in the target hold an IPv6 literal or nothing.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "http/proxy_connect.h"
#include "tls/tls_names.h"
#include "util/net_address.h"
#include "util/text.h"

namespace {

using drivemock::ConnectDecision;

void require(bool holds) {
  if (!holds) std::abort();
}

const drivemock::tls::TlsNames& names() {
  static const drivemock::tls::TlsNames allowed({"gateway.filen.io", "*.example.test"});
  return allowed;
}

const std::vector<std::string> kPass = {"pass.example:8443", "Tunnel.Example"};

bool is_lower(std::string_view s) {
  return drivemock::ascii_lowercase(s) == s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view head(reinterpret_cast<const char*>(data), size);
  // The name check alone, on the raw bytes (an SNI name is bytes too).
  if (names().allows(head)) require(drivemock::tls::tls_name_problem(head).empty());

  auto request = drivemock::parse_connect(head);
  if (!request) return 0;
  require(request->port >= 0 && request->port <= 65535);
  require(is_lower(request->host));
  require(head.find(request->target) != std::string_view::npos);
  // A host with a colon is an IPv6 literal, and brackets hold nothing else:
  // "[pass.example:8443]" must never read as the host pass.example:8443.
  if (request->host.find(':') != std::string::npos || request->target.starts_with("[")) {
    require(request->host.empty() || drivemock::is_ip_literal(request->host));
  }

  switch (drivemock::decide_connect(*request, names(), kPass)) {
    case ConnectDecision::serve:
      require(request->method == "CONNECT" && request->port != 0);
      require(names().allows(request->host));
      require(!request->host.starts_with("*."));
      require(drivemock::tls::tls_name_problem(request->host).empty());
      break;
    case ConnectDecision::pass:
      require(request->method == "CONNECT" && request->port != 0);
      require(request->host == "tunnel.example" ||
              (request->host == "pass.example" && request->port == 8443));
      break;
    case ConnectDecision::refuse: break;
  }
  return 0;
}
