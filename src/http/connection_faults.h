#pragma once
// Connection-level faults, acted on the socket of the connection the calling
// worker serves (Connection::current()). The connection is then detached: the
// library's own answer goes nowhere, and the socket closes when the worker is
// done with it, never earlier, so its descriptor number cannot be reused by a
// new connection while the library still holds it.

#include "http/stop_signal.h"
#include "model/reply.h"

namespace drivemock {

/// Performs `fault` on the current connection. For `hang`, returns only when
/// the client has gone or `stop` is tripped.
void apply_fault(Fault fault, const StopSignal& stop);

}  // namespace drivemock
