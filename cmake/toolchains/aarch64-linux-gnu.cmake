# Cross-compiling drivemock for Linux on arm64 (make arm64): Debian's
# g++-aarch64-linux-gnu, against the arm64 libraries of the sysroot
# scripts/arm64-sysroot extracts from Debian's packages (DRIVEMOCK_ARM64_SYSROOT,
# given on the command line or in the environment). The arm64 executables
# run here under Debian's qemu-user-static: CMake and ctest start them
# through the emulator below, with the sysroot as their root for glibc and
# the shared libraries (its `run`), so no binfmt_misc registration is needed.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

if(NOT DRIVEMOCK_ARM64_SYSROOT)
  set(DRIVEMOCK_ARM64_SYSROOT "$ENV{DRIVEMOCK_ARM64_SYSROOT}")
endif()
if(NOT DRIVEMOCK_ARM64_SYSROOT OR NOT EXISTS "${DRIVEMOCK_ARM64_SYSROOT}/.packages")
  message(FATAL_ERROR "DRIVEMOCK_ARM64_SYSROOT must name the arm64 sysroot "
                      "(scripts/arm64-sysroot prints it; make arm64 passes it)")
endif()
set(DRIVEMOCK_ARM64_SYSROOT "${DRIVEMOCK_ARM64_SYSROOT}" CACHE PATH "arm64 sysroot (scripts/arm64-sysroot)")
# CMake reads this file again for each try_compile project, which sees
# neither the cache nor the command line: the environment carries it there.
set(ENV{DRIVEMOCK_ARM64_SYSROOT} "${DRIVEMOCK_ARM64_SYSROOT}")
set(_sysroot "${DRIVEMOCK_ARM64_SYSROOT}")

# Libraries only from the sysroot and the cross compiler's glibc; headers
# from the sysroot first, then this machine's (RapidJSON, CLI11 and Catch2
# are the same on every architecture).
set(CMAKE_FIND_ROOT_PATH "${_sysroot}" /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
set(CMAKE_C_FLAGS_INIT "-isystem ${_sysroot}/usr/include/aarch64-linux-gnu -isystem ${_sysroot}/usr/include")
set(CMAKE_CXX_FLAGS_INIT "${CMAKE_C_FLAGS_INIT}")
set(_libs "${_sysroot}/usr/lib/aarch64-linux-gnu:${_sysroot}/lib/aarch64-linux-gnu")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-Wl,-rpath-link,${_libs}")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-Wl,-rpath-link,${_libs}")
set(ENV{PKG_CONFIG_LIBDIR} "${_sysroot}/usr/lib/aarch64-linux-gnu/pkgconfig:${_sysroot}/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "${_sysroot}")

# The sysroot's run script: qemu-aarch64-static with the sysroot's loader.
set(CMAKE_CROSSCOMPILING_EMULATOR "${_sysroot}/run")
