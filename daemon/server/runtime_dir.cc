#include "server/runtime_dir.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>

namespace toolchain::daemon {

std::string default_runtime_dir() {
  if (const char* dir = std::getenv("TOOLCHAIN_RUNTIME_DIR"); dir && *dir) return dir;
  if (const char* xdg = std::getenv("XDG_RUNTIME_DIR"); xdg && *xdg) return std::string(xdg) + "/toolchain";
  return "/tmp/toolchain-" + std::to_string(geteuid());
}

std::optional<std::string> ensure_private_dir(const std::string& dir) {
  if (dir.empty() || dir.front() != '/') return "the runtime directory '" + dir + "' is not an absolute path";
  // mkdir -p, each created component 0700.
  for (std::size_t pos = 1; pos <= dir.size(); ++pos) {
    if (pos != dir.size() && dir[pos] != '/') continue;
    std::string part = dir.substr(0, pos);
    if (::mkdir(part.c_str(), 0700) != 0 && errno != EEXIST)
      return "cannot create " + part + ": " + std::strerror(errno);
  }
  struct stat st{};
  if (::lstat(dir.c_str(), &st) != 0) return "cannot stat " + dir + ": " + std::strerror(errno);
  if (!S_ISDIR(st.st_mode)) return dir + " is not a directory";
  if (st.st_uid != geteuid())
    return dir + " is owned by uid " + std::to_string(st.st_uid) + ", not by this user";
  if (st.st_mode & 077) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
    return dir + " is accessible to other users (mode " + mode + ", must be 0700)";
  }
  return std::nullopt;
}

std::optional<std::chrono::milliseconds> parse_duration(std::string_view text) {
  std::uint64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end == text.data()) return std::nullopt;
  std::string_view unit(end, static_cast<std::size_t>(text.data() + text.size() - end));
  std::uint64_t ms_per = 0;
  if (unit.empty() || unit == "s") ms_per = 1000;
  else if (unit == "ms") ms_per = 1;
  else if (unit == "m") ms_per = 60 * 1000;
  else if (unit == "h") ms_per = 60 * 60 * 1000;
  else return std::nullopt;
  if (n > (std::uint64_t{1} << 40) / ms_per) return std::nullopt;  // ~34 years
  return std::chrono::milliseconds(n * ms_per);
}

}  // namespace toolchain::daemon
