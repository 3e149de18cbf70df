# find_package(drivemock): the drivemock::core library and what it links.
include(CMakeFindDependencyMacro)
find_dependency(PkgConfig)
pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib)
find_dependency(yaml-cpp)
find_dependency(OpenSSL)
find_dependency(Threads)
find_dependency(RapidJSON)
include("${CMAKE_CURRENT_LIST_DIR}/drivemockTargets.cmake")
