# Build hygiene as INTERFACE targets that the project's own targets link:
# drivemock_warnings (warnings, -Werror with DRIVEMOCK_WERROR) and
# drivemock_sanitizers (ASan + UBSan with DRIVEMOCK_SANITIZE, or
# ThreadSanitizer with DRIVEMOCK_TSAN; the two cannot share a build).
option(DRIVEMOCK_WERROR "Treat compiler warnings as errors" OFF)
option(DRIVEMOCK_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(DRIVEMOCK_TSAN "Build with ThreadSanitizer" OFF)
if(DRIVEMOCK_SANITIZE AND DRIVEMOCK_TSAN)
  message(FATAL_ERROR "DRIVEMOCK_SANITIZE and DRIVEMOCK_TSAN exclude each other: use two builds")
endif()

add_library(drivemock_warnings INTERFACE)
target_compile_options(drivemock_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow
                                                    -Wnon-virtual-dtor)
# GCC 12 reports false -Wrestrict positives inside std::string at -O2 and
# above (GCC bug 105329); they would fail release builds under -Werror.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(drivemock_warnings INTERFACE -Wno-restrict)
endif()
if(DRIVEMOCK_WERROR)
  target_compile_options(drivemock_warnings INTERFACE -Werror)
endif()

# Sanitized builds carry line tables only (-g1): all a sanitizer's or a
# fuzzer's report needs to name each frame's file and line, at a fraction of
# full debug information's compile and link time. What they run hard, the
# library and the fuzz targets, is optimized a little (-O1, as the
# sanitizers' and libFuzzer's manuals advise: several times faster than
# unoptimized); the test programs and the command line, most of the code to
# compile and little of the time run, stay unoptimized, which compiles in
# about half the time.
if(DRIVEMOCK_SANITIZE OR DRIVEMOCK_TSAN)
  add_compile_options(-g1)
  set(DRIVEMOCK_RUN_HARD_OPTIONS -O1)
endif()

add_library(drivemock_sanitizers INTERFACE)
if(DRIVEMOCK_SANITIZE)
  set(_san -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  if(DRIVEMOCK_FUZZ)
    # RapidJSON 1.1's internal stack adds an offset to its null pointer before
    # the first allocation (fixed upstream after 1.1.0). clang reports it; that
    # one check is made recoverable so that tests/fuzz/ubsan.supp can silence
    # it for rapidjson/internal/stack.h alone.
    list(APPEND _san -fsanitize-recover=pointer-overflow)
  endif()
  target_compile_options(drivemock_sanitizers INTERFACE ${_san})
  target_link_options(drivemock_sanitizers INTERFACE ${_san})
endif()
if(DRIVEMOCK_TSAN)
  set(_tsan -fsanitize=thread -fno-omit-frame-pointer)
  target_compile_options(drivemock_sanitizers INTERFACE ${_tsan})
  target_link_options(drivemock_sanitizers INTERFACE ${_tsan})
endif()

# Hardening, as Debian builds its packages (dpkg-buildflags with
# hardening=+all): a stack protector, fortified libc calls, stack clash
# protection, control-flow protection where the target has it, and full
# RELRO (the GOT read-only once loaded). drivemock parses hostile bytes next
# to a developer's browser and CI secrets; tests/cli/hardening.sh reads the
# release binary and fails when any of it is missing. Left out of sanitizer
# and fuzz builds, whose runtimes bring their own checks.
if(NOT DRIVEMOCK_SANITIZE AND NOT DRIVEMOCK_TSAN AND NOT DRIVEMOCK_FUZZ)
  add_compile_options(-fstack-protector-strong -fstack-clash-protection -Wformat
                      -Werror=format-security
                      "$<$<CONFIG:Release,RelWithDebInfo,MinSizeRel>:-D_FORTIFY_SOURCE=2>")
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64|amd64")
    add_compile_options(-fcf-protection)
  endif()
  add_link_options(-Wl,-z,relro -Wl,-z,now)
endif()
