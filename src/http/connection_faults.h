#pragma once
// Connection-level faults. cpp-httplib 0.11 gives handlers no access to the
// socket, so the socket is found by its addresses: the one descriptor in this
// process whose local and peer address equal the request's. A fault then acts
// on it and swaps /dev/null in under the same descriptor number (dup2), so the
// library's own response write goes nowhere and its later close() closes
// /dev/null instead of a descriptor that may have been reused.

#include <httplib.h>

#include <functional>
#include <optional>
#include <string>

#include "http/stop_signal.h"
#include "scenario/model.h"

namespace drivemock {

/// The socket serving `request`, or nullopt if it cannot be found.
std::optional<int> find_connection_socket(const httplib::Request& request);

/// Performs `fault` on the request's connection. For `hang`, returns only when
/// the client has gone or `stop` is tripped.
void apply_fault(scenario::Fault fault, const httplib::Request& request, const StopSignal& stop);

/// Stops reading from the accepted connections on `local_port` that `busy`
/// does not claim (by peer address and port), so that keep-alive connections
/// idling in the library end now instead of at their time-out. A busy
/// connection is left alone: the library refuses to write to a socket whose
/// reading side is shut, and its answer must still go out.
void end_idle_connections(int local_port, const std::function<bool(const std::string&, int)>& busy);

}  // namespace drivemock
