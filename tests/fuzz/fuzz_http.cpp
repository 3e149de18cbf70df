// Fuzz target: raw bytes as a client would send them, through the whole
// request path the server uses: drivemock's connection loop and its guards,
// cpp-httplib's request parser, the admin router or the mock service, the
// journal. Each input is written into one end of a socketpair and served on
// the other end until it closes; what comes back is drained by a thread.
//
// The admin API needs a token here, so that an input cannot push a scenario
// with a ten-minute delay or ask the server to stop: those are the admin
// API's job, not a parser's fault.
#include <sys/socket.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <thread>

#include "drivemock/server.h"
#include "fuzz_scenario_text.h"

namespace {

drivemock::Server& server() {
  static auto started = drivemock::Server::start({.scenario_texts = {drivemock::fuzzing::kScenario},
                                                  .journal_limit = 50,
                                                  .admin_token = "fuzz-3f9c2a7e1b"});
  if (!started.server) std::abort();
  return *started.server;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  int ends[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) std::abort();
  std::thread client([&] {
    for (size_t sent = 0; sent < size;) {
      ssize_t n = ::send(ends[0], data + sent, size - sent, MSG_NOSIGNAL);
      if (n <= 0) break;
      sent += static_cast<size_t>(n);
    }
    ::shutdown(ends[0], SHUT_WR);
    char sink[4096];
    while (::recv(ends[0], sink, sizeof sink, 0) > 0) {
    }
    ::close(ends[0]);
  });
  server().serve_socket(ends[1]);  // closes ends[1]
  client.join();
  return 0;
}
