# Every dependency is a Debian package (scripts/install-deps installs them);
# nothing is vendored or downloaded at build time.
find_package(PkgConfig REQUIRED)
# cpp-httplib ships only a pkg-config file; its Cflags carry the
# CPPHTTPLIB_*_SUPPORT defines the shared library was built with, which must
# match ours or httplib::Request has another layout (an ABI mismatch).
pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib)
# The encoders cpp-httplib is built with, called directly to choose their
# level (http/compression.h): the library's brotli runs at its slowest.
pkg_check_modules(BROTLIENC REQUIRED IMPORTED_TARGET libbrotlienc)
find_package(ZLIB REQUIRED)
find_package(yaml-cpp REQUIRED)
find_package(RapidJSON REQUIRED)  # header-only; no target, only RAPIDJSON_INCLUDE_DIRS
find_package(CLI11 REQUIRED)
find_package(Threads REQUIRED)
find_package(OpenSSL REQUIRED)  # the admin token's constant-time compare; https upstreams
