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

/// Sends `reply` with a slow body on the current connection itself: the
/// head at once (Connection: close), then the pieces its dribble plans, each
/// when due; when the server stops, the rest at once; when the client has
/// gone, nothing more. Then the connection is detached and closes. False when
/// the thread serves no connection: the caller answers normally.
/// (Not through the library: it asks a content provider for nothing more once
/// its server is stopping, and a stop would cut the body off.)
bool send_dribbled(const Reply& reply, const StopSignal& stop);

/// Sends `reply`'s event stream on the current connection itself: the head
/// at once (no length; Connection: close), then each batch of events as its
/// EventSource gives it, until the source ends, the client leaves, a write
/// makes no progress within the connection's write time-out, or the server
/// stops. Then the connection is detached and closes. False when the thread
/// serves no connection.
bool send_events(const Reply& reply, const StopSignal& stop);

}  // namespace drivemock
