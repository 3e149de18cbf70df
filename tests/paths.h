#pragma once
// Where the tests find the checkout's files and the binary they run.
// Defined in paths.cpp alone, the one test source compiled with these
// absolute paths: no other test source's command line names the checkout,
// which ccache (Makefile) needs to hit for it from another clone.

#include <string>

namespace drivemock::testing {

std::string scenarios_dir();  ///< the checkout's scenarios/
std::string contracts_dir();  ///< the checkout's tests/contracts/
std::string source_dir();     ///< the checkout's src/
std::string binary();         ///< this build's drivemock executable

}  // namespace drivemock::testing
