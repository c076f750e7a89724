#pragma once
// The command line, parsed as Deno parses its own: `toolchain run [flags] FILE
// [args…]` and the shorthand `toolchain FILE [args…]`.
#include <optional>
#include <string>
#include <vector>

#include "permissions/permissions.h"
#include "tools/bench/bench_runner.h"
#include "tools/test/test_runner.h"

namespace toolchain::driver {

struct Command {
  enum class Kind { Run, Version, Help, Cache, Info, Test, Bench, Coverage, Serve } kind = Kind::Help;
  std::string script;
  std::vector<std::string> script_args;
  permissions::Permissions permissions;
  bool quiet = false;
  bool reload = false;                       // --reload / -r: every remote module
  std::vector<std::string> reload_prefixes;  // --reload=a,b: those URL prefixes
  bool cached_only = false;                  // --cached-only
  bool json = false;                         // info --json
  size_t max_heap_mb = 0;  // --v8-flags=--max-old-space-size=N (per program, not process-wide)
  std::vector<std::string> v8_flags;  // the other --v8-flags: V8's own, process-wide (in-process runs)
  tools::test::TestOptions test;  // `test`
  bool parallel = false;          // `test --parallel`: jobs from DENO_JOBS or the cores; `serve --parallel`
  uint16_t serve_port = 8000;     // `serve --port`
  std::string serve_host = "0.0.0.0";  // `serve --host`
  tools::bench::BenchOptions bench;  // `bench`
  std::string coverage_dir;          // `test --coverage=DIR` (absolute), `coverage DIR`
  bool coverage_lcov = false;        // `coverage --lcov`
};

// Throws std::invalid_argument with the message to print after "error: ".
// `path_env` is the caller's PATH, for resolving --allow-run=NAME.
Command parse_args(const std::vector<std::string>& argv, const std::string& cwd, const std::string& path_env = "");

extern const char kUsage[];

}  // namespace toolchain::driver
