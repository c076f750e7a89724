#pragma once
// The version a daemon and its clients agree on: the release plus an identity
// of the engine binary (its size and modification time), so that a rebuilt
// engine of the same release replaces the daemon still running the old one.
// Header-only: the thin client and the engine both use it.
#include <sys/stat.h>

#include <cstdint>
#include <cstdio>
#include <string>

namespace toolchain::cli {

inline std::string engine_identity(const std::string& release, const std::string& engine_path) {
  struct stat st {};
  if (::stat(engine_path.c_str(), &st) != 0) return release;
  uint64_t h = 1469598103934665603ull;  // FNV-1a over size and mtime
  for (uint64_t v : {uint64_t(st.st_size), uint64_t(st.st_mtim.tv_sec), uint64_t(st.st_mtim.tv_nsec)})
    for (int i = 0; i < 8; ++i) h = (h ^ ((v >> (8 * i)) & 0xff)) * 1099511628211ull;
  char build[17];
  std::snprintf(build, sizeof build, "%08x", unsigned(h ^ (h >> 32)));
  return release + "+" + build;
}

}  // namespace toolchain::cli
