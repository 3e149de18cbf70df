# The arm64 tree's tests (make test-arm64; included by tests/CMakeLists.txt
# in a cross build, in place of the host-only suites): the end-to-end tests
# (above, every case run under the emulator), and the arm64 binary that the
# npm package drivemock-linux-arm64-gnu ships, run here under Debian's
# qemu-user-static: its headers and glibc floor, the example scenarios served
# as the x86-64 build serves them, the official SDK's suite through the JS
# package, and make npm's packages installed as npm installs them on x86-64.
# DRIVEMOCK_X64_BUILD names the host's release tree (make portable), which
# the comparisons and the npm packages need.
set(DRIVEMOCK_X64_BUILD "" CACHE PATH "the x86-64 release tree (build/release) the arm64 tests compare with")
if(NOT DRIVEMOCK_X64_BUILD OR NOT TARGET drivemock-portable)
  message(STATUS "arm64 binary tests: off (needs DRIVEMOCK_X64_BUILD and DRIVEMOCK_HTTPLIB_SOURCE)")
  return()
endif()
set(x64_portable ${DRIVEMOCK_X64_BUILD}/src/drivemock-portable)

# What runs the arm64 binary here: a script the JS package and npm can exec
# as they would the binary (DRIVEMOCK_BIN), whether or not the kernel has
# qemu registered in binfmt_misc.
list(JOIN CMAKE_CROSSCOMPILING_EMULATOR " " emulator)
file(GENERATE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/drivemock-arm64
     CONTENT "#!/bin/sh\n# The arm64 drivemock under qemu-user-static (tests/arm64/arm64.cmake).\nexec ${emulator} $<TARGET_FILE:drivemock-portable> \"$@\"\n"
     FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(wrapper ${CMAKE_CURRENT_BINARY_DIR}/drivemock-arm64)

drivemock_add_test(arm64 "the portable binary needs glibc 2.34 and nothing else, and runs"
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/portable_binary.sh
                 $<TARGET_FILE:drivemock-portable> ${PROJECT_SOURCE_DIR}/scenarios ${CMAKE_CROSSCOMPILING_EMULATOR})
drivemock_add_test(arm64 "the portable binary is hardened too"
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/cli/hardening.sh $<TARGET_FILE:drivemock-portable>)
drivemock_add_test(arm64 "the example scenarios are served as the x86-64 binary serves them"
         COMMAND node --test ${CMAKE_CURRENT_SOURCE_DIR}/arm64/examples.test.mjs)
drivemock_add_test(arm64 "the official JS SDK's suite against the arm64 binary"
         COMMAND node --test sdk.test.js WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/clients/js-sdk)
drivemock_add_test(arm64 "npm: the arm64 package is made and npm on x86-64 leaves it out"
         COMMAND node --test ${CMAKE_CURRENT_SOURCE_DIR}/npm/packages.test.mjs)
set_tests_properties("arm64: the example scenarios are served as the x86-64 binary serves them"
                     "arm64: the official JS SDK's suite against the arm64 binary"
                     PROPERTIES ENVIRONMENT "DRIVEMOCK_BIN=${wrapper};DRIVEMOCK_ARM64=${wrapper};DRIVEMOCK_X64=${x64_portable}"
                                TIMEOUT 600 COST 1000)
set_tests_properties("arm64: npm: the arm64 package is made and npm on x86-64 leaves it out"
                     PROPERTIES ENVIRONMENT "DRIVEMOCK_PORTABLE=${x64_portable};DRIVEMOCK_PORTABLE_ARM64=$<TARGET_FILE:drivemock-portable>;DRIVEMOCK_RUN_ARM64=${emulator}"
                                TIMEOUT 600)
