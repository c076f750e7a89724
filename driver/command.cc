#include "driver/command.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "driver/args.h"
#include "tools/coverage/coverage_report.h"

namespace toolchain::driver {

const char kVersion[] = "0.1.0";

namespace {

void write_fd(int fd, std::string_view text) {
  while (!text.empty()) {
    ssize_t n = ::write(fd, text.data(), text.size());
    if (n <= 0) return;
    text.remove_prefix(static_cast<size_t>(n));
  }
}

std::string error_prefix(const Invocation& inv) {
  bool colors = !inv.env.contains("NO_COLOR") && ::isatty(inv.stdio.err) == 1;
  return colors ? "\x1b[1m\x1b[31merror\x1b[0m: " : "error: ";
}

// --parallel: DENO_JOBS if set to a number, else one job per core (Deno's rule).
size_t parallel_jobs(const std::map<std::string, std::string>& env) {
  if (auto it = env.find("DENO_JOBS"); it != env.end()) {
    char* end = nullptr;
    unsigned long n = std::strtoul(it->second.c_str(), &end, 10);
    if (end != it->second.c_str() && *end == '\0' && n > 0) return n;
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace

int run_command(const Invocation& inv) {
  Command command;
  try {
    // --allow-run=NAME is resolved on the caller's PATH, not the daemon's.
    auto path = inv.env.find("PATH");
    command = parse_args(inv.argv, inv.cwd, path == inv.env.end() ? "" : path->second);
  } catch (const std::invalid_argument& error) {
    write_fd(inv.stdio.err, error_prefix(inv) + error.what() + "\n");
    return 1;
  }
  switch (command.kind) {
    case Command::Kind::Help:
      write_fd(inv.stdio.out, kUsage);
      return 0;
    case Command::Kind::Version:
      write_fd(inv.stdio.out, fmt::format("toolchain {} (deno 2.9.6 compatible)\nv8 {}\n", kVersion,
                                          v8_version()));
      return 0;
    case Command::Kind::Coverage:
      return tools::coverage::report(command.coverage_dir, command.coverage_lcov, inv.cwd, inv.stdio);
    case Command::Kind::Run:
    case Command::Kind::Test:
    case Command::Kind::Bench:
      break;
  }
  RunOptions options;
  options.main_module = command.script;
  options.args = command.script_args;
  options.cwd = inv.cwd;
  options.env = inv.env;
  options.permissions = std::move(command.permissions);
  options.stdio = inv.stdio;
  options.control = inv.control;
  options.module_cache = inv.module_cache;
  options.max_heap_mb = command.max_heap_mb;
  if (command.kind == Command::Kind::Test) {
    options.coverage_dir = command.coverage_dir;
    if (command.parallel) command.test.jobs = parallel_jobs(inv.env);
    return tools::test::run_tests(command.test, options);
  }
  if (command.kind == Command::Kind::Bench) {
    command.bench.runtime_version = fmt::format("toolchain {}", kVersion);
    return tools::bench::run_benches(command.bench, options);
  }
  return run_program(options);
}

}  // namespace toolchain::driver
