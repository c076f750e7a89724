#pragma once
// `toolchain test`: finds the test files, runs each as its own program on the
// engine (one isolate per file, several at once with --parallel), and reports
// what their Deno.test registrations did.
#include <optional>
#include <string>
#include <vector>

#include "engine.h"

namespace toolchain::tools::test {

struct TestOptions {
  std::vector<std::string> paths;        // files or folders; none: the cwd
  std::optional<std::string> filter;     // text, or /regex/
  size_t fail_fast = 0;                  // stop after this many failures; 0: never
  bool permit_no_files = false;
  std::string reporter = "pretty";       // pretty | dot | junit
  std::optional<std::string> junit_path; // also write JUnit XML here
  size_t jobs = 1;                       // files at once
  bool trace_leaks = false;
};

// `base` carries what every file's program gets (cwd, env, permissions, stdio,
// the daemon's module cache, control); its main_module and tool are set per file.
// Returns the exit code: 1 when a test failed, `only` was used, or no file was found.
int run_tests(const TestOptions& options, const RunOptions& base);

}  // namespace toolchain::tools::test
