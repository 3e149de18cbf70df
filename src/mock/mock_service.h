#pragma once
// The request path of the faked API, without HTTP: route by path, check the
// contract, let the engine choose the answer, and say what to reply. The HTTP
// layer turns the reply into bytes (or a fault) and the journal keeps the entry.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "contract/request_checks.h"
#include "journal/entry.h"
#include "scenario/engine.h"

namespace drivemock::mock {

/// What to send back: a status, headers and body, after a delay, or a fault.
struct Reply {
  int status = 200;
  /// Shared with the scenario catalog when the answer comes from there, so
  /// the journal can keep it without a copy.
  std::shared_ptr<const std::string> body;
  std::vector<Header> headers;
  int delay_ms = 0;
  scenario::Fault fault = scenario::Fault::none;
};

/// A reply of `status` with a JSON `body` (drivemock's own answers: errors,
/// refusals), no delay and no fault.
Reply json_reply(int status, std::string body);

/// A request classified against the contract, before any answer is chosen.
struct Inspection {
  const contract::Operation* operation = nullptr;  ///< null for unknown paths
  contract::CheckedRequest checked;
  std::optional<Reply> early;  ///< 404, 405 or 400: the engine is not asked
};

class MockService {
 public:
  MockService(scenario::Engine& engine, contract::Strictness strictness);

  /// Routes and checks a request; fills in its operation, uuid and
  /// violations. Also used by the proxy, which answers otherwise.
  Inspection inspect(const RequestView& request, journal::Classification& entry) const;

  /// Answers one request to the mock API and fills in its operation, uuid,
  /// match and violations for the journal.
  Reply handle(const RequestView& request, journal::Classification& entry);

 private:
  scenario::Engine& engine_;
  contract::Strictness strictness_;
};

}  // namespace drivemock::mock
