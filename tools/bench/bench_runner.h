#pragma once
// `toolchain bench`: finds the bench files, runs each as its own program on the
// engine (one after another: benchmarks must not share the cores), prints the
// table of the seeds (or Deno's JSON with --json) and keeps the history.
#include <optional>
#include <string>
#include <vector>

#include "engine.h"

namespace toolchain::tools::bench {

struct BenchOptions {
  std::vector<std::string> paths;     // files or folders; none: the cwd
  std::optional<std::string> filter;  // text, or /regex/
  bool json = false;
  bool no_history = false;
  bool permit_no_files = false;
  std::string runtime_version;        // "toolchain 0.1.0"
};

// Returns the exit code: 1 when a bench failed, `only` was used, or no file was found.
int run_benches(const BenchOptions& options, const RunOptions& base);

}  // namespace toolchain::tools::bench
