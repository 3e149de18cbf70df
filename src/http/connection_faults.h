#pragma once
// Connection-level faults. cpp-httplib 0.11 gives handlers no access to the
// socket, so the socket is found by its addresses: the one descriptor in this
// process whose local and peer address equal the request's. A fault then acts
// on it and swaps /dev/null in under the same descriptor number (dup2), so the
// library's own response write goes nowhere and its later close() closes
// /dev/null instead of a descriptor that may have been reused.

#include <httplib.h>

#include <optional>

#include "http/stop_signal.h"
#include "scenario/model.h"

namespace drivemock {

/// The socket serving `request`, or nullopt if it cannot be found.
std::optional<int> find_connection_socket(const httplib::Request& request);

/// Performs `fault` on the request's connection. For `hang`, returns only when
/// the client has gone or `stop` is tripped.
void apply_fault(scenario::Fault fault, const httplib::Request& request, const StopSignal& stop);

/// Stops reading from every accepted connection on `local_port`, so that
/// keep-alive connections idling in the library end now instead of at their
/// time-out; requests being answered still get their answers.
void end_idle_connections(int local_port);

}  // namespace drivemock
