#pragma once
// Requests as the read stage hands them on, for tests of the stages after it.

#include <string>

#include "model/request.h"

namespace drivemock::testing {

/// A POST of `body` to `path` with the contract's Content-Type.
inline RequestView json_post_to(const std::string& path, std::string body) {
  RequestView r;
  r.method = "POST";
  r.path = r.url = path;
  r.headers = {{"Content-Type", "application/json"}};
  r.body = std::move(body);
  return r;
}

}  // namespace drivemock::testing
