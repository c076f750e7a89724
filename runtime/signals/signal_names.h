#pragma once
// The signal names Deno knows on Linux (Deno.addSignalListener, Deno.kill), and
// which of them a program may not listen for. No V8: the daemon uses these to
// read the names its clients forward.
#include <optional>
#include <string_view>

namespace toolchain::signals {

// "SIGINT" → 2; nullopt for a name Deno does not know on Linux.
std::optional<int> signal_number(std::string_view name);
// SIGKILL, SIGSTOP, SIGILL, SIGFPE, SIGSEGV: Deno refuses to bind them.
bool is_forbidden(int signo);
// Whether the signal's default action ends the process (SIGINT, SIGTERM, …), as
// opposed to ignoring it (SIGWINCH, SIGCHLD, SIGURG) or stopping it (SIGTSTP, …).
bool terminates_by_default(int signo);

}  // namespace toolchain::signals
