#pragma once
// Open files for a server of many connections. A shell's soft limit is
// often 1024 while --threads allows 1024 connections on each listener:
// idle TLS connections then take every descriptor and the plain port's
// calls time out. drivemock raises the soft limit to the hard one at start
// (as the JVM does under WireMock and MockServer), and where even that
// cannot hold what the listeners may keep open, serves fewer connections
// at once and says so.

#include <cstddef>
#include <string>

namespace drivemock::cli {

/// What fit_open_files did.
struct OpenFiles {
  size_t limit = 0;          ///< the soft limit now
  size_t threads = 0;        ///< the connections each listener serves at once
  std::string warning = {};  ///< set when threads had to be lowered
};

/// Raises the soft RLIMIT_NOFILE to the hard one, and lowers `threads` when
/// `listeners` listeners with that many connections (and as many waiting,
/// each up to two descriptors: a proxy's tunnel) would not fit under it.
OpenFiles fit_open_files(size_t threads, size_t listeners);

}  // namespace drivemock::cli
