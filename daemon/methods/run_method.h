#pragma once
// The `run` method (docs/protocol.md): runs a program as `toolchain-engine run …`
// would, on a thread of its own, with the client's stdio, cwd and environment.
#include <functional>

#include "driver/command.h"
#include "server/registry.h"

namespace toolchain::daemon {

struct RunMethodOptions {
  // Called on each run's thread just before it starts, e.g. to hand the run the
  // daemon's warm module cache.
  std::function<void(driver::Invocation&)> prepare;
};

// Registers "run": params {argv: [string], cwd: absolute string, env: {string: string}}
// and exactly 3 descriptors (stdin, stdout, stderr); result {exitCode}. Cancel,
// disconnect and shutdown terminate the program (exit code 130); $/signal runs
// the program's listeners for the signal, or ends it with 128 + signo.
void register_run_method(MethodRegistry& registry, RunMethodOptions options = {});

}  // namespace toolchain::daemon
