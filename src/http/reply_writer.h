#pragma once
// The reply stage: how any Reply (a scenario's answer, an admin call's, a
// proxied one, a refusal) reaches the client. A delay waits first (a stop
// cuts it short); then either a fault acts on the connection's socket or the
// status, headers and body go to the library, which writes them.

#include <httplib.h>

#include "http/stop_signal.h"
#include "model/reply.h"

namespace drivemock {

/// Fills `response` with the reply's status, headers and body; the
/// Content-Type among its headers (default application/json) is the body's.
void fill_response(httplib::Response& response, const Reply& reply);

/// Writes the replies of one request.
class ReplyWriter {
 public:
  ReplyWriter(httplib::Response& response, const StopSignal& stopping)
      : response_(response), stopping_(stopping) {}

  /// Waits out `reply.delay_ms`; returns early when the server stops.
  void wait_delay(const Reply& reply) const;
  /// Sends `reply`: acts its fault on the connection, or answers it.
  void send(const Reply& reply);

 private:
  httplib::Response& response_;
  const StopSignal& stopping_;
};

}  // namespace drivemock
