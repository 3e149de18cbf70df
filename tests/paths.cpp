#include "paths.h"

// tests/CMakeLists.txt defines these for this file only (target test_paths).
namespace drivemock::testing {

std::string scenarios_dir() {
  return DRIVEMOCK_SCENARIOS_DIR;
}
std::string contracts_dir() {
  return DRIVEMOCK_CONTRACTS_DIR;
}
std::string source_dir() {
  return DRIVEMOCK_SOURCE_DIR;
}
std::string binary() {
  return DRIVEMOCK_BINARY;
}

}  // namespace drivemock::testing
