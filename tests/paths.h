#pragma once
// Where the tests find the checkout's files and the binary they run.
// Defined in paths.cpp alone, the one test source compiled with these
// absolute paths: every other test source compiles to the same object in any
// checkout, so that ccache (Makefile) hits for them from another clone.

#include <string>

namespace drivemock::testing {

std::string scenarios_dir();  ///< the checkout's scenarios/
std::string contracts_dir();  ///< the checkout's tests/contracts/
std::string source_dir();     ///< the checkout's src/
std::string binary();         ///< this build's drivemock executable

}  // namespace drivemock::testing
