// Catch2's main() for a cross build's test programs (tests/CMakeLists.txt):
// what Debian's libCatch2WithMain.a holds, which is built for x86-64 only.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
