#pragma once
// `toolchain coverage DIR [--lcov]`: merges the V8 precise-coverage files that
// `toolchain test --coverage=DIR` wrote and reports, per source file (test
// files and non-file: scripts left out), branch, function and line coverage in
// Deno's table, or LCOV, with Deno 2.9.6's figures for the same counts.
#include <string>

#include "engine.h"

namespace toolchain::tools::coverage {

int report(const std::string& dir, bool lcov, const std::string& cwd, const Stdio& stdio);

// What `deno test --coverage=DIR` shows and leaves after the tests: the table
// on stdout, DIR/lcov.info and an HTML report in DIR/html (named on stderr);
// a report that cannot be made is said on stderr and fails nothing.
void report_after_test(const std::string& dir, const std::string& cwd, const Stdio& stdio);

}  // namespace toolchain::tools::coverage
