#pragma once
// Where the thin client finds things: the daemon's socket and lock, the log,
// the engine binary. Pure look-ups of the environment, except prepare_*.
#include <string>

namespace toolchain::client {

struct Paths {
  std::string runtime_dir;    // $TOOLCHAIN_RUNTIME_DIR, $XDG_RUNTIME_DIR/toolchain or /tmp/toolchain-$UID
  std::string socket;         // runtime_dir/daemon.sock
  std::string lock;           // runtime_dir/daemon.lock
  std::string toolchain_dir;  // $TOOLCHAIN_DIR, $XDG_CACHE_HOME/toolchain or ~/.cache/toolchain
  std::string log;            // toolchain_dir/daemon.log
  std::string engine;         // $TOOLCHAIN_ENGINE or toolchain-engine beside this executable
};

Paths paths();

// Creates the runtime directory (0700) when missing and checks that it is a
// directory owned by this user with no group/other access. Returns "" when it
// is fine, else the message to print after "error: ".
std::string prepare_runtime_dir(const std::string& dir);

// Creates a directory and its missing parents (mkdir -p). False on failure.
bool make_dirs(const std::string& dir, unsigned mode);

// The value of an environment variable, or "" when unset.
std::string env(const char* name);

}  // namespace toolchain::client
