#pragma once
// The read stage: the request cpp-httplib parsed, as drivemock's plain
// RequestView, which is all that the stages past the HTTP layer see.

#include <httplib.h>

#include "model/request.h"

namespace drivemock {

/// The request as the client sent it, without the library's pseudo headers
/// (REMOTE_ADDR, REMOTE_PORT, LOCAL_ADDR, LOCAL_PORT).
RequestView to_view(const httplib::Request& request);

}  // namespace drivemock
