#pragma once
// Serving from the command line: the stop signals taken by one thread, the
// processes whose end stops drivemock, the start's diagnostics through the
// logger, the lines harnesses read the port from, and the exit code.

#include <sys/types.h>

#include <optional>

#include "cli/exposure.h"
#include "drivemock/server.h"

namespace drivemock::cli {

/// The processes whose end stops drivemock: the parent
/// (--exit-with-parent), and one more (--exit-with-pid).
struct Lifetime {
  std::optional<pid_t> parent;
  std::optional<pid_t> other;
};

/// Serves until a stop signal, POST /__admin/shutdown or the end of a
/// process `lifetime` names; the process's exit code (0, 1 on a problem, 2
/// on a start refused for its options).
int serve(ServerOptions options, Lifetime lifetime, OpenAdmin open_admin);

}  // namespace drivemock::cli
