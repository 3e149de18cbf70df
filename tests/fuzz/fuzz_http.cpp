// Fuzz target: raw bytes as a client would send them, through the whole
// request path the server uses: drivemock's connection loop and its guards,
// cpp-httplib's request parser, the admin router or the mock API's stages, the
// journal. Each input is written into one end of a socketpair and served on
// the other end until it closes; what comes back is read by a thread.
//
// Checked for every input: what comes back is a run of whole HTTP answers
// (status 100-599, Content-Length bodies), ended only as a fault the script
// asked for; and every answer to a non-admin request was journaled, in order
// and with its status, and nothing else was.
//
// The admin API needs a token here, so that an input cannot push a scenario
// with a ten-minute delay or ask the server to stop: those are the admin
// API's job, not a parser's fault. Admin requests (refused ones too) are
// never journaled, so where an input may reach /__admin (literally or
// percent-encoded) the journaled answers need only appear among the others,
// in order.
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "drivemock/server.h"
#include "fuzz_scenario_text.h"

namespace {

using drivemock::Fault;

/// What one input's requests were journaled as, in order.
struct Journaled {
  int status;
  Fault fault;
};
std::vector<Journaled> journaled;  // only the serving thread writes, between inputs

drivemock::Server& server() {
  static auto started =
      drivemock::Server::start({.scenario_texts = {drivemock::fuzzing::kScenario},
                                .journal_limit = 50,
                                .admin_token = "fuzz-3f9c2a7e1b",
                                .on_request = [](const drivemock::Entry& e) {
                                  journaled.push_back({e.response.status, e.response.fault});
                                }});
  if (!started.server) std::abort();
  return *started.server;
}

/// The answers in what the client read, and what followed the last whole one.
struct Received {
  std::vector<int> statuses;  ///< final answers (1xx interim ones left out)
  std::string rest;
};

/// The Content-Length of an answer's head, if it has one.
std::optional<size_t> content_length(std::string_view head) {
  constexpr std::string_view kName = "\r\nContent-Length: ";
  auto at = head.find(kName);
  if (at == std::string_view::npos) return std::nullopt;
  return std::stoul(std::string(head.substr(at + kName.size())));
}

Received parse_answers(const std::string& bytes) {
  Received received;
  size_t at = 0;
  while (at < bytes.size()) {
    auto head_end = bytes.find("\r\n\r\n", at);
    if (head_end == std::string::npos || bytes.compare(at, 9, "HTTP/1.1 ") != 0 ||
        bytes.size() < at + 13 || bytes[at + 12] != ' ')
      break;
    std::string code = bytes.substr(at + 9, 3);
    if (code.find_first_not_of("0123456789") != std::string::npos) break;
    int status = std::stoi(code);
    if (status < 100 || status > 599) break;
    size_t body = head_end + 4;
    auto announced = content_length(std::string_view(bytes).substr(at, body - at));
    // Without a length, the body runs to the close (the library's own
    // answers); an answer to HEAD announces a length but sends no body.
    size_t length = announced ? *announced : status < 200 ? 0 : bytes.size() - body;
    bool headless = bytes.size() == body || bytes.compare(body, 9, "HTTP/1.1 ") == 0;
    if (!headless && bytes.size() < body + length) break;
    if (status >= 200) received.statuses.push_back(status);
    at = headless ? body : body + length;
  }
  received.rest = bytes.substr(at);
  return received;
}

/// True when `wanted` appears in `all` in the same order, others between.
bool in_order_among(const std::vector<int>& wanted, const std::vector<int>& all) {
  size_t next = 0;
  for (int status : all)
    if (next < wanted.size() && status == wanted[next]) ++next;
  return next == wanted.size();
}

/// The bytes of the `malformed` fault.
constexpr std::string_view kMalformed = "HTTP/1.1 ??? drivemock-malformed\r\n\x01\x02\r\n\r\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  drivemock::Server& s = server();
  journaled.clear();
  int ends[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) std::abort();
  std::string answers;
  std::thread client([&] {
    for (size_t sent = 0; sent < size;) {
      ssize_t n = ::send(ends[0], data + sent, size - sent, MSG_NOSIGNAL);
      if (n <= 0) break;
      sent += static_cast<size_t>(n);
    }
    ::shutdown(ends[0], SHUT_WR);
    char buffer[4096];
    ssize_t n;
    while ((n = ::recv(ends[0], buffer, sizeof buffer, 0)) > 0)
      answers.append(buffer, static_cast<size_t>(n));
    ::close(ends[0]);
  });
  s.serve_socket(ends[1]);  // closes ends[1]
  client.join();

  Received received = parse_answers(answers);
  std::vector<int> expected;
  Fault ended_by = Fault::none;
  for (size_t i = 0; i < journaled.size(); ++i) {
    if (journaled[i].fault == Fault::none) {
      if (ended_by != Fault::none) std::abort();  // a fault ends the connection
      expected.push_back(journaled[i].status);
    } else if (ended_by == Fault::none) {
      ended_by = journaled[i].fault;
    } else {
      std::abort();
    }
  }
  std::string_view input(reinterpret_cast<const char*>(data), size);
  bool may_reach_admin =
      input.find("__admin") != std::string_view::npos || input.find('%') != std::string_view::npos;
  bool journaled_right =
      may_reach_admin ? in_order_among(expected, received.statuses) : expected == received.statuses;
  if (!journaled_right) std::abort();
  bool rest_ok =
      received.rest.empty() || (ended_by == Fault::malformed && received.rest == kMalformed);
  if (!rest_ok) std::abort();
  return 0;
}
