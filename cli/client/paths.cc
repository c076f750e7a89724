#include "cli/client/paths.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace toolchain::client {

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

namespace {

std::string executable_dir() {
  char buffer[PATH_MAX];
  ssize_t n = ::readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  if (n <= 0) return ".";
  std::string path(buffer, static_cast<size_t>(n));
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
}

}  // namespace

Paths paths() {
  Paths p;
  if (std::string dir = env("TOOLCHAIN_RUNTIME_DIR"); !dir.empty()) p.runtime_dir = dir;
  else if (std::string xdg = env("XDG_RUNTIME_DIR"); !xdg.empty()) p.runtime_dir = xdg + "/toolchain";
  else p.runtime_dir = "/tmp/toolchain-" + std::to_string(::getuid());
  p.socket = p.runtime_dir + "/daemon.sock";
  p.lock = p.runtime_dir + "/daemon.lock";

  if (std::string dir = env("TOOLCHAIN_DIR"); !dir.empty()) p.toolchain_dir = dir;
  else if (std::string xdg = env("XDG_CACHE_HOME"); !xdg.empty()) p.toolchain_dir = xdg + "/toolchain";
  else p.toolchain_dir = env("HOME") + "/.cache/toolchain";
  p.log = p.toolchain_dir + "/daemon.log";

  if (std::string engine = env("TOOLCHAIN_ENGINE"); !engine.empty()) p.engine = engine;
  else p.engine = executable_dir() + "/toolchain-engine";
  return p;
}

bool make_dirs(const std::string& dir, unsigned mode) {
  if (dir.empty()) return false;
  if (::mkdir(dir.c_str(), mode) == 0 || errno == EEXIST) return true;
  if (errno != ENOENT) return false;
  size_t slash = dir.find_last_of('/');
  if (slash == std::string::npos || slash == 0) return false;
  if (!make_dirs(dir.substr(0, slash), 0755)) return false;
  return ::mkdir(dir.c_str(), mode) == 0 || errno == EEXIST;
}

std::string prepare_runtime_dir(const std::string& dir) {
  if (!make_dirs(dir, 0700)) return "cannot create the runtime directory " + dir + ": " + std::strerror(errno);
  struct stat st;
  if (::lstat(dir.c_str(), &st) != 0) return "cannot read the runtime directory " + dir + ": " + std::strerror(errno);
  if (!S_ISDIR(st.st_mode) || st.st_uid != ::getuid() || (st.st_mode & 077) != 0)
    return "the runtime directory " + dir + " must be a directory owned by you with mode 0700";
  return "";
}

}  // namespace toolchain::client
