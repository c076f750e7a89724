#include "server/log.h"

#include <sys/time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <ctime>
#include <string>

namespace toolchain::daemon {

namespace {
std::atomic<int> g_log_fd{2};
}

void set_log_fd(int fd) { g_log_fd = fd; }

void log_line(std::string_view message) {
  int fd = g_log_fd;
  if (fd < 0) return;
  timeval tv{};
  gettimeofday(&tv, nullptr);
  tm utc{};
  gmtime_r(&tv.tv_sec, &utc);
  char stamp[40];
  std::size_t n = std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", &utc);
  std::string line = fmt::format("{}.{:03d}Z daemon[{}] ", std::string_view(stamp, n),
                                 static_cast<int>(tv.tv_usec / 1000), getpid());
  // One line per event: embedded newlines would split it.
  for (char c : message) line += (c == '\n' || c == '\r') ? ' ' : c;
  line += '\n';
  std::string_view rest = line;
  while (!rest.empty()) {
    ssize_t w = ::write(fd, rest.data(), rest.size());
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return;
    rest.remove_prefix(static_cast<std::size_t>(w));
  }
}

}  // namespace toolchain::daemon
