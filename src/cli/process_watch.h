#pragma once
// --exit-with-pid: stop when another process than the parent ends. A test
// runner's worker (Vitest's forks pool, a node:test file's process) starts
// drivemock; when the runner itself is SIGKILLed, the worker lives on until
// its test ends, and with it drivemock. The JS package passes the runner's
// pid here so that drivemock stops with the runner too.

#include <sys/types.h>

namespace drivemock::cli {

enum class Watched { running, gone };

/// Starts a thread that sends this process SIGTERM (the usual stop, through
/// the signal thread) once `pid` has ended; `gone` when it has already, and
/// then no thread is started. Waits on a pidfd where the kernel has them
/// (Linux 5.3), else looks every 200 ms.
Watched exit_with_process(pid_t pid);

}  // namespace drivemock::cli
