#pragma once
// Where the daemon listens (docs/protocol.md, "Transport"). Shared by the daemon
// and its clients.
#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace toolchain::daemon {

// $TOOLCHAIN_RUNTIME_DIR, else $XDG_RUNTIME_DIR/toolchain, else /tmp/toolchain-$UID.
std::string default_runtime_dir();
inline std::string socket_path_in(const std::string& dir) { return dir + "/daemon.sock"; }
inline std::string lock_path_in(const std::string& dir) { return dir + "/daemon.lock"; }  // the clients' autostart lock
inline std::string pid_path_in(const std::string& dir) { return dir + "/daemon.pid"; }    // held by the live daemon

// Creates `dir` (and missing parents) with mode 0700 if needed, then checks that
// it is a real directory owned by this user with no group or other access.
// Returns why it is refused, or nothing when it is fine.
std::optional<std::string> ensure_private_dir(const std::string& dir);

// "90", "90s", "15m", "2h", "500ms" → a duration; nothing if malformed.
std::optional<std::chrono::milliseconds> parse_duration(std::string_view text);

}  // namespace toolchain::daemon
