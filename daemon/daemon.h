#pragma once
// The daemon's entry point: `toolchain-engine daemon` calls serve_daemon().
// See docs/protocol.md. Layers: transport/ (framing, sockets, fds), protocol/
// (JSON-RPC 2.0 values), server/ (listening, registry, built-in methods),
// methods/ (the tools' methods, e.g. run).
#include <boost/json.hpp>
#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "server/registry.h"

namespace toolchain::daemon {

struct DaemonOptions {
  std::string version;  // answered to initialize and daemon/status
  // Empty: default_runtime_dir() ($TOOLCHAIN_RUNTIME_DIR, $XDG_RUNTIME_DIR/toolchain,
  // /tmp/toolchain-$UID). Created 0700; refused if not private.
  std::string socket_dir;
  // Unset: $TOOLCHAIN_DAEMON_IDLE ("90", "90s", "15m", "2h"), else 30 minutes.
  // Zero: never exit for idleness.
  std::optional<std::chrono::milliseconds> idle_timeout;
  // Registers the tools' methods (e.g. register_run_method) next to the
  // built-in initialize, daemon/status, shutdown and $/cancelRequest.
  std::function<void(MethodRegistry&)> register_methods;
  // Its members are merged into the daemon/status result (e.g. "moduleCache").
  // Called on the server's thread: must be quick and thread-safe.
  std::function<boost::json::object()> extra_status;
  // After shutdown begins, how long running programs get to end before the
  // process exits regardless.
  std::chrono::milliseconds shutdown_grace = std::chrono::seconds(10);
  // SIGTERM, SIGINT and SIGHUP shut down gracefully (a second one exits at once).
  bool handle_signals = true;
  // Called once the socket accepts connections (tests).
  std::function<void(const std::string& socket_path)> on_listening;
};

// Serves until `shutdown`, idle exit or a signal. Returns 0 then, or 1 if the
// daemon could not start (insecure directory, another daemon live, …), having
// logged why on stderr. Ignores SIGPIPE for the whole process (programs writing
// to a closed pipe get EPIPE, not death of the daemon).
int serve_daemon(const DaemonOptions& options);

}  // namespace toolchain::daemon
