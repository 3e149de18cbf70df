#pragma once
// Conversions between cpp-httplib's types and drivemock's plain ones.

#include <httplib.h>

#include "http/request_view.h"

namespace drivemock {

/// The request as the client sent it, without the library's pseudo headers
/// (REMOTE_ADDR, REMOTE_PORT, LOCAL_ADDR, LOCAL_PORT).
RequestView to_view(const httplib::Request& request);

/// Fills `response` with status, headers and body; the Content-Type among
/// `headers` (default application/json) is the body's type.
void fill_response(httplib::Response& response, int status, const std::vector<Header>& headers,
                   const std::string& body);

}  // namespace drivemock
