# bench_load_count (bench/load_count.cpp): the load tool that sends a fixed
# number of requests. make bench measures with it, and the instructions test
# (tests/cli/instructions.sh) counts a request's instructions with it: one
# definition, included by each tree that needs it.
include_guard(GLOBAL)
add_executable(bench_load_count ${CMAKE_CURRENT_LIST_DIR}/load_count.cpp)
target_link_libraries(bench_load_count PRIVATE PkgConfig::HTTPLIB OpenSSL::Crypto Threads::Threads
                                               drivemock_warnings)
