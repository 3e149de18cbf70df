# Build hygiene as INTERFACE targets that the project's own targets link:
# drivemock_warnings (warnings, -Werror with DRIVEMOCK_WERROR) and
# drivemock_sanitizers (ASan + UBSan with DRIVEMOCK_SANITIZE).
option(DRIVEMOCK_WERROR "Treat compiler warnings as errors" OFF)
option(DRIVEMOCK_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)

add_library(drivemock_warnings INTERFACE)
target_compile_options(drivemock_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow
                                                    -Wnon-virtual-dtor)
if(DRIVEMOCK_WERROR)
  target_compile_options(drivemock_warnings INTERFACE -Werror)
endif()

add_library(drivemock_sanitizers INTERFACE)
if(DRIVEMOCK_SANITIZE)
  set(_san -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  target_compile_options(drivemock_sanitizers INTERFACE ${_san})
  target_link_options(drivemock_sanitizers INTERFACE ${_san})
endif()
