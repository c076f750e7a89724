#pragma once
// The daemon's log: one line per event on stderr (which whoever starts the
// daemon redirects to its log file), prefixed with a UTC timestamp and the pid.
// Thread-safe: each line is one write(2).
#include <fmt/format.h>

#include <string_view>

namespace toolchain::daemon {

void log_line(std::string_view message);

template <typename... Args>
void logf(fmt::format_string<Args...> format, Args&&... args) {
  log_line(fmt::format(format, std::forward<Args>(args)...));
}

// Where lines go (default 2); tests point it elsewhere. -1 silences the log.
void set_log_fd(int fd);

}  // namespace toolchain::daemon
