#include "driver/command.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cache/disk_cache.h"
#include "driver/args.h"
#include "driver/info.h"
#include "driver/serve.h"
#include "modules/import_map.h"
#include "modules/specifier.h"
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

// deno.json or deno.jsonc, looked for from the main module's folder upward
// as Deno does; its "imports" and "scopes" are the import map.
std::shared_ptr<const modules::ImportMap> find_import_map(const std::string& main_url) {
  auto path = modules::file_url_to_path(main_url);
  if (!path) return nullptr;
  std::string dir = path->substr(0, path->rfind('/'));
  for (;;) {
    for (const char* name : {"/deno.json", "/deno.jsonc"}) {
      std::string candidate = dir + name;
      FILE* file = std::fopen(candidate.c_str(), "rb");
      if (!file) continue;
      std::string text;
      char buffer[8192];
      size_t n;
      while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, n);
      std::fclose(file);
      try {
        auto map = modules::ImportMap::parse(text, modules::path_to_file_url(candidate));
        return map.empty() ? nullptr : std::make_shared<const modules::ImportMap>(std::move(map));
      } catch (const std::invalid_argument& error) {
        throw std::invalid_argument(fmt::format("Unable to parse config file \"{}\": {}", candidate, error.what()));
      }
    }
    if (dir.empty()) return nullptr;
    dir.resize(dir.rfind('/'));
  }
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
  if (!command.v8_flags.empty()) {
    if (inv.owns_process) {
      if (std::string unknown = set_v8_flags(command.v8_flags); !unknown.empty()) {
        write_fd(inv.stdio.err, error_prefix(inv) + "V8 did not recognize flag '" + unknown +
                                    "'\n\nFor a list of V8 flags, use '--v8-flags=--help'\n");
        return 1;
      }
    } else {
      // The toolchain client runs such programs in-process; another client
      // may still send them: the daemon's V8 is shared, so they are not set.
      write_fd(inv.stdio.err, "Warning: V8 flags are process-wide and not applied in the daemon (run with "
                              "--no-daemon to use them): " + fmt::format("{}", fmt::join(command.v8_flags, ",")) + "\n");
    }
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
    case Command::Kind::Cache:
    case Command::Kind::Info:
    case Command::Kind::Test:
    case Command::Kind::Bench:
    case Command::Kind::Serve:
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
  options.process_signals = inv.owns_process;
  options.max_heap_mb = command.max_heap_mb;
  int err = inv.stdio.err;
  options.module_store = inv.module_store;
  if (!options.module_store)
    options.module_store = std::make_shared<cache::DiskCache>(
        cache::cache_dir(inv.env), cache::make_http_client(), [err](const std::string& line) { write_fd(err, line + "\n"); });
  options.fetch_policy.reload_all = command.reload;
  options.fetch_policy.reload_prefixes = command.reload_prefixes;
  options.fetch_policy.cached_only = command.cached_only;
  if (!command.quiet) {
    bool colors = !inv.env.contains("NO_COLOR") && ::isatty(err) == 1;
    options.fetch_policy.on_download = [err, colors](const std::string& url) {
      write_fd(err, fmt::format("{}Download{} {}\n", colors ? "\x1b[32m" : "", colors ? "\x1b[0m" : "", url));
    };
  }
  if (command.kind == Command::Kind::Test) {
    options.coverage_dir = command.coverage_dir;
    if (command.parallel) command.test.jobs = parallel_jobs(inv.env);
    if (inv.spare_isolate && command.test.jobs <= 1) options.isolate_ahead = inv.spare_isolate->take(options.max_heap_mb);
    int code = tools::test::run_tests(command.test, options);
    if (code == 0 && !command.coverage_dir.empty())  // as Deno: no report after a failure
      tools::coverage::report_after_test(command.coverage_dir, inv.cwd, inv.stdio);
    return code;
  }
  if (command.kind == Command::Kind::Bench) {
    command.bench.runtime_version = fmt::format("toolchain {}", kVersion);
    return tools::bench::run_benches(command.bench, options);
  }
  try {
    options.import_map = find_import_map(modules::resolve_main(command.script, inv.cwd));
  } catch (const std::exception& error) {
    write_fd(err, error_prefix(inv) + error.what() + "\n");
    return 1;
  }
  if (command.kind == Command::Kind::Run) {
    if (inv.spare_isolate) options.isolate_ahead = inv.spare_isolate->take(options.max_heap_mb);
    return run_program(options);
  }
  if (command.kind == Command::Kind::Serve) return run_serve(command, std::move(options));
  ModuleGraph graph = load_graph(options, command.kind == Command::Kind::Info);
  if (!graph.error.empty()) {
    // `info` records what its modules lack; only a missing main module fails it, in Deno's words.
    if (command.kind == Command::Kind::Info && graph.error.starts_with("Module not found"))
      graph.error = "module could not be found";
    write_fd(err, error_prefix(inv) + graph.error + "\n");
    return 1;
  }
  if (command.kind == Command::Kind::Info)
    write_fd(inv.stdio.out, command.json ? format_info_json(graph) : format_info(graph));
  return 0;
}

}  // namespace toolchain::driver
