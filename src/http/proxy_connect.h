#pragma once
// The HTTPS proxy listener's first exchange (--proxy-port): a client that
// honours HTTPS_PROXY opens a tunnel with `CONNECT host:443 HTTP/1.1`.
// drivemock answers it itself for the names its CA issues for (TLS is
// terminated with a leaf for the host, then the mock API as usual), lets a
// --proxy-pass host through as a plain tunnel, and refuses any other with
// 403, journaled: it is no open proxy.

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "tls/tls_names.h"
#include "util/result.h"

namespace drivemock {

/// What a proxy client asked for.
struct ConnectRequest {
  std::string method;  ///< CONNECT (anything else is refused)
  std::string target;  ///< "host:port" as sent
  std::string host;    ///< without brackets, lower case
  int port = 443;      ///< 1 to 65535 as sent, 443 when none, 0 when not a port number
};

/// What the proxy does with a CONNECT.
enum class ConnectDecision { serve, pass, refuse };

/// The request line of a proxy request's head (up to its first line end),
/// or why it is not HTTP. Pure: fed by read_connect, and by a fuzzer.
Result<ConnectRequest> parse_connect(std::string_view head);

/// Whom a proxy request goes to: a CONNECT to a host listed in `pass`
/// ("host", meaning port 443, or "host:port") is tunnelled there, even a name drivemock could
/// answer; one to a name in `names` is answered by drivemock; anything else
/// is refused.
ConnectDecision decide_connect(const ConnectRequest& request, const tls::TlsNames& names,
                               const std::vector<std::string>& pass);

/// Reads the request head on `fd` (at most 8 KiB, within `timeout`, ended
/// early when `stop_fd` becomes readable) and parses its request line; why
/// not, when it is no request (a refused CONNECT is still a request).
Result<ConnectRequest> read_connect(int fd, int stop_fd, std::chrono::milliseconds timeout);

/// Writes all of `bytes` to the blocking or non-blocking `fd`.
bool send_all(int fd, std::string_view bytes, std::chrono::milliseconds timeout);

/// Connects to `host`:`port`; the socket, or why not.
Result<int> connect_to(const std::string& host, int port, std::chrono::milliseconds timeout);

/// Copies bytes both ways between `a` and `b` until either closes, nothing
/// moves for `idle`, or `stop_fd` becomes readable; closes `b`.
void tunnel(int a, int b, int stop_fd, std::chrono::milliseconds idle);

}  // namespace drivemock
