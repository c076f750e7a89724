#pragma once
// `toolchain serve [--port N] [--host H] [--parallel] main.ts`: the module's
// `export default { fetch }` served over HTTP, as `deno serve` does. With
// --parallel, one worker per core (TOOLCHAIN_JOBS, else DENO_JOBS, overrides),
// each its own runtime on its own thread, all listening on the same port with
// SO_REUSEPORT so the kernel spreads the connections among them.
#include <map>
#include <string>

#include "driver/args.h"
#include "engine.h"

namespace toolchain::driver {

// Runs the workers of `command` (kind Serve) until they end; returns the exit code.
// `base` holds everything else of the run (cwd, env, stdio, permissions, control).
int run_serve(const Command& command, RunOptions base);

// --parallel's worker count: TOOLCHAIN_JOBS, else DENO_JOBS, else the cores.
size_t serve_jobs(const std::map<std::string, std::string>& env);

}  // namespace toolchain::driver
