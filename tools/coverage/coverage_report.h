#pragma once
// `toolchain coverage DIR [--lcov]`: merges the V8 precise-coverage files that
// `toolchain test --coverage=DIR` wrote and reports, per source file (test
// files and non-file: scripts left out), branch, function and line coverage in
// Deno's table, or LCOV.
#include <string>

#include "engine.h"

namespace toolchain::tools::coverage {

int report(const std::string& dir, bool lcov, const std::string& cwd, const Stdio& stdio);

}  // namespace toolchain::tools::coverage
