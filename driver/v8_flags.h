#pragma once
// `--v8-flags=a,b`, split as both the engine's argument parser and the thin
// client see it (header-only: the client links no engine code). The heap
// limit is honoured per program (each isolate has its own); every other flag
// is V8's own and process-wide, so a program that gives one runs in a process
// of its own, never in the daemon.
#include <string>
#include <string_view>
#include <vector>

namespace toolchain::driver {

struct V8Flags {
  size_t max_heap_mb = 0;                 // --max-old-space-size=N
  std::vector<std::string> process_wide;  // the rest, in order
};

inline V8Flags split_v8_flags(std::string_view value) {
  V8Flags flags;
  while (!value.empty()) {
    size_t comma = value.find(',');
    std::string_view flag = value.substr(0, comma);
    if (flag.starts_with("--max-old-space-size=") || flag.starts_with("--max_old_space_size=")) {
      flags.max_heap_mb = 0;
      for (char c : flag.substr(flag.find('=') + 1)) {
        if (c < '0' || c > '9') break;
        flags.max_heap_mb = flags.max_heap_mb * 10 + static_cast<size_t>(c - '0');
      }
    } else if (!flag.empty()) {
      flags.process_wide.emplace_back(flag);
    }
    if (comma == std::string_view::npos) break;
    value.remove_prefix(comma + 1);
  }
  return flags;
}

// Whether `arg` is --v8-flags=… with a process-wide flag.
inline bool has_process_wide_v8_flags(std::string_view arg) {
  constexpr std::string_view kPrefix = "--v8-flags=";
  return arg.starts_with(kPrefix) && !split_v8_flags(arg.substr(kPrefix.size())).process_wide.empty();
}

}  // namespace toolchain::driver
