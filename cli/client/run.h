#pragma once
// `toolchain run …` (and every other command the engine knows) served by the
// daemon: one `run` request with this process's stdio, cwd and environment.
#include <string>
#include <vector>

#include "cli/client/paths.h"

namespace toolchain::client {

// Sends `argv` (the command line after the program name) to the daemon and
// returns the exit code to exit with.
int run_in_daemon(const std::vector<std::string>& argv, const Paths& paths);

}  // namespace toolchain::client
