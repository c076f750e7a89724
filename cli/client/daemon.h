#pragma once
// Finding, starting, replacing and stopping the daemon (docs/protocol.md,
// "Lifecycle"), and `toolchain daemon start|stop|status`.
#include <string>
#include <vector>

#include "cli/client/paths.h"
#include "cli/client/rpc.h"

namespace toolchain::client {

// Prints "error: MESSAGE" on stderr (coloured as the engine does).
void print_error(const std::string& message);

// The version this client speaks: TOOLCHAIN_VERSION_OVERRIDE (tests) or the build's.
std::string client_version();

struct Daemon {
  Connection connection;
  long long pid = 0;
  std::string version;
};

// A daemon of this client's version, initialised on an open connection:
// connects, starts one when none answers (under the lock, so that concurrent
// clients start exactly one), and replaces one of another version. On failure
// prints the reason after "error: " and returns false. Request ids below 10 are
// used here; callers use larger ones.
bool ensure_daemon(const Paths& paths, std::optional<Daemon>& out);

// `toolchain daemon ARGS…`: returns the exit code.
int daemon_command(const std::vector<std::string>& args, const Paths& paths);

}  // namespace toolchain::client
