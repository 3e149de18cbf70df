#pragma once
// The drivemock binary for command-line tests: where it is, and the port it
// says it listens on.

#include <catch2/catch.hpp>
#include <string>

#include "paths.h"

namespace drivemock::testing {

inline const std::string kBinary = binary();

/// The port of a "drivemock listening on http://HOST:PORT" line on `host`.
inline int port_of(const std::string& listening_line, const std::string& host = "127.0.0.1") {
  INFO(listening_line);
  REQUIRE(listening_line.starts_with("drivemock listening on http://" + host + ":"));
  return std::stoi(listening_line.substr(listening_line.rfind(':') + 1));
}

}  // namespace drivemock::testing
