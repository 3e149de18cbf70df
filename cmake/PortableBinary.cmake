# drivemock-portable: the executable the npm platform package ships (make npm).
# The same objects as `drivemock` (drivemock_cli and the core library), linked
# with Debian's static archives so that a machine without drivemock's
# libraries runs it: libstdc++ and libgcc, yaml-cpp, OpenSSL, and the zlib
# and brotli that cpp-httplib was built with. glibc stays dynamic (libc,
# libm and the loader; NSS and dlopen need it so).
#
# Debian ships cpp-httplib as a shared library only; DRIVEMOCK_HTTPLIB_SOURCE
# names its implementation (httplib.cc), which scripts/httplib-source takes
# from Debian's source package of the installed version. Without it there is
# no portable target (make build does not need the network for it).
set(DRIVEMOCK_HTTPLIB_SOURCE "" CACHE FILEPATH
    "cpp-httplib's httplib.cc (scripts/httplib-source) for drivemock-portable")
if(NOT DRIVEMOCK_HTTPLIB_SOURCE OR DRIVEMOCK_SANITIZE OR DRIVEMOCK_TSAN OR DRIVEMOCK_FUZZ)
  return()
endif()

set(_static_libs)
foreach(lib yaml-cpp ssl crypto brotlienc brotlidec brotlicommon z)
  find_library(DRIVEMOCK_STATIC_${lib} NAMES lib${lib}.a REQUIRED)
  list(APPEND _static_libs ${DRIVEMOCK_STATIC_${lib}})
endforeach()

# cpp-httplib compiled as Debian compiles it: the same support defines (from
# its pkg-config file), against the installed header that every other object
# was compiled against. Third-party code: its warnings are not ours.
add_library(drivemock_httplib_static STATIC ${DRIVEMOCK_HTTPLIB_SOURCE})
target_compile_options(drivemock_httplib_static PRIVATE ${HTTPLIB_CFLAGS_OTHER} -w)
target_include_directories(drivemock_httplib_static PRIVATE ${HTTPLIB_INCLUDE_DIRS})

# drivemock_cli's objects and the core archive by path, not as targets: their
# link interfaces name the shared libraries this binary must not depend on.
add_executable(drivemock-portable $<TARGET_OBJECTS:drivemock_cli>
                                  ${PROJECT_SOURCE_DIR}/src/cli/glibc_compat.cpp)
add_dependencies(drivemock-portable drivemock_cli drivemock_core)
target_link_libraries(drivemock-portable PRIVATE $<TARGET_FILE:drivemock_core>
                      drivemock_httplib_static ${_static_libs} Threads::Threads ${CMAKE_DL_LIBS})
# --gc-sections drops what no code reaches in the static archives (10.1 MB
# stripped without, 9.5 with).
target_link_options(drivemock-portable PRIVATE -static-libstdc++ -static-libgcc -Wl,--gc-sections)

# Its THIRD-PARTY-NOTICES, beside it (make npm ships both): the licence and
# Debian copyright file of every package whose archive it links, read off
# the very files linked, with libstdc++'s and libgcc's, and cpp-httplib's
# header (its httplib.cc comes from the same source package).
set(_linked ${_static_libs})
foreach(archive libstdc++.a libgcc.a libgcc_eh.a)
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=${archive}
                  OUTPUT_VARIABLE _archive OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
  list(APPEND _linked ${_archive})
endforeach()
find_file(DRIVEMOCK_HTTPLIB_HEADER httplib.h HINTS ${HTTPLIB_INCLUDE_DIRS} REQUIRED)
list(APPEND _linked ${DRIVEMOCK_HTTPLIB_HEADER})
# A cross build's archives are in the sysroot (cmake/toolchains/), whose
# packages the script reads there rather than in dpkg's database.
set(_sysroot_args)
if(DRIVEMOCK_ARM64_SYSROOT)
  set(_sysroot_args --sysroot ${DRIVEMOCK_ARM64_SYSROOT})
endif()
add_custom_command(TARGET drivemock-portable POST_BUILD
                   COMMAND ${PROJECT_SOURCE_DIR}/scripts/third-party-notices ${_sysroot_args}
                           ${CMAKE_CURRENT_BINARY_DIR}/THIRD-PARTY-NOTICES ${_linked}
                   VERBATIM)
