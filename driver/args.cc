#include "driver/args.h"

#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

#include "driver/v8_flags.h"

namespace toolchain::driver {

const char kUsage[] =
    "toolchain: a Deno-compatible JavaScript and TypeScript runtime\n"
    "\n"
    "Usage: toolchain [COMMAND] [OPTIONS]\n"
    "\n"
    "Commands:\n"
    "  run [OPTIONS] FILE [ARGS]...   Run a JavaScript or TypeScript program\n"
    "  FILE [ARGS]...                 The same as `run`\n"
    "  cache [OPTIONS] FILE           Fetch a module's remote dependencies into the cache\n"
    "  info [--json] FILE             Show a module's dependency graph\n"
    "  test [OPTIONS] [PATHS]...      Run the tests of {*_,*.,}test.{ts,tsx,mts,js,mjs,jsx} files\n"
    "  bench [OPTIONS] [PATHS]...     Run the benchmarks of {*_,*.,}bench.{ts,…} files\n"
    "  coverage [--lcov] DIR          Report the coverage `test --coverage=DIR` collected\n"
    "  serve [OPTIONS] FILE [ARGS]... Serve the module's `export default { fetch }` over HTTP\n"
    "                                 (--port N (8000), --host H (0.0.0.0), --parallel: one worker\n"
    "                                 per core, or TOOLCHAIN_JOBS workers)\n"
    "\n"
    "Options:\n"
    "  -A, --allow-all                Allow all permissions\n"
    "  --allow-read[=PATHS], -R       Allow file system reads (also write, net, env, run, sys, ffi;\n"
    "  --deny-read[=PATHS]            and the matching --deny-* flags)\n"
    "  -q, --quiet                    Suppress diagnostic output\n"
    "  -r, --reload[=PREFIXES]        Fetch remote modules again (all, or those URL prefixes)\n"
    "  --cached-only                  Use only cached remote modules; fail if one is missing\n"
    "  --no-daemon                    Run in this process, without the daemon\n"
    "  -V, --version                  Print the version\n"
    "  -h, --help                     Print this help\n";

namespace {

// Flags Deno accepts that change nothing here (type checking is `toolchain check`).
bool is_ignored_flag(const std::string& arg) {
  return arg == "--no-check" || arg.starts_with("--check") || arg == "--no-daemon" ||
         arg.starts_with("--unstable") || arg == "--no-config" || arg == "--no-lock";
}

void parse_v8_flags(std::string_view value, Command& command) {
  V8Flags flags = split_v8_flags(value);
  if (flags.max_heap_mb) command.max_heap_mb = flags.max_heap_mb;
  for (auto& flag : flags.process_wide) command.v8_flags.push_back(std::move(flag));
}

// A flag's value: "--flag=VALUE" or "--flag VALUE".
bool flag_value(const std::vector<std::string>& argv, size_t& i, std::string_view name, std::string& out) {
  const std::string& arg = argv[i];
  if (arg.starts_with(std::string(name) + "=")) {
    out = arg.substr(name.size() + 1);
    return true;
  }
  if (arg != name) return false;
  if (i + 1 >= argv.size())
    throw std::invalid_argument(fmt::format("a value is required for '{} <VALUE>' but none was supplied", name));
  out = argv[++i];
  return true;
}

// `toolchain test [OPTIONS] [PATHS]... [-- SCRIPT_ARGS]...`
void parse_test_args(const std::vector<std::string>& argv, size_t i, const std::string& cwd, Command& command) {
  auto& test = command.test;
  for (; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    std::string value;
    if (arg == "--") {
      command.script_args.assign(argv.begin() + static_cast<long>(i) + 1, argv.end());
      return;
    }
    if (!arg.starts_with('-') || arg == "-") test.paths.push_back(arg);
    else if (flag_value(argv, i, "--filter", value)) test.filter = value;
    else if (arg == "--fail-fast") test.fail_fast = 1;
    else if (arg.starts_with("--fail-fast=")) {
      char* end = nullptr;
      unsigned long n = std::strtoul(arg.c_str() + 12, &end, 10);
      if (*end != '\0' || n == 0)
        throw std::invalid_argument(fmt::format("invalid value '{}' for '--fail-fast[=<N>]': expected a number > 0",
                                                arg.substr(12)));
      test.fail_fast = n;
    } else if (arg == "--permit-no-files") test.permit_no_files = true;
    else if (arg == "--parallel") command.parallel = true;
    else if (arg == "--trace-leaks") test.trace_leaks = true;
    else if (arg.starts_with("--coverage=")) {
      std::string dir = arg.substr(11);
      command.coverage_dir = dir.starts_with('/') ? dir : cwd + "/" + dir;
    }
    else if (flag_value(argv, i, "--reporter", value)) {
      if (value != "pretty" && value != "dot" && value != "junit" && value != "tap")
        throw std::invalid_argument(fmt::format(
            "invalid value '{}' for '--reporter <REPORTER>'\n  [possible values: pretty, dot, junit, tap]", value));
      if (value == "tap") throw std::invalid_argument("--reporter=tap is not supported");
      test.reporter = value;
    } else if (arg == "--junit-path") throw std::invalid_argument("a value is required for '--junit-path <PATH>'");
    else if (arg.starts_with("--junit-path=")) test.junit_path = arg.substr(13);
    else if (arg == "-q" || arg == "--quiet") command.quiet = true;
    else if (arg == "--no-prompt") command.permissions.set_prompt(false);
    else if (arg == "--doc" || arg == "--no-run" || arg.starts_with("--shuffle") || arg == "--hide-stacktraces" ||
             arg == "--clean" || arg == "--coverage")
      throw std::invalid_argument(fmt::format("{} is not supported by toolchain test yet", arg));
    else if (is_ignored_flag(arg)) continue;
    else if (!command.permissions.parse_flag(arg, cwd))
      throw std::invalid_argument(fmt::format(
          "unexpected argument '{}' found\n\n  tip: to pass '{}' as a value, use '-- {}'\n\nUsage: toolchain test "
          "[OPTIONS] [FILES]... [-- [SCRIPT_ARG]...]",
          arg, arg, arg));
  }
}

// `toolchain bench [OPTIONS] [PATHS]... [-- SCRIPT_ARGS]...`
void parse_bench_args(const std::vector<std::string>& argv, size_t i, const std::string& cwd, Command& command) {
  auto& bench = command.bench;
  for (; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    std::string value;
    if (arg == "--") {
      command.script_args.assign(argv.begin() + static_cast<long>(i) + 1, argv.end());
      return;
    }
    if (!arg.starts_with('-') || arg == "-") bench.paths.push_back(arg);
    else if (flag_value(argv, i, "--filter", value)) bench.filter = value;
    else if (arg == "--json") bench.json = true;
    else if (arg == "--no-history") bench.no_history = true;
    else if (arg == "--permit-no-files") bench.permit_no_files = true;
    else if (arg == "-q" || arg == "--quiet") command.quiet = true;
    else if (arg == "--no-prompt") command.permissions.set_prompt(false);
    else if (is_ignored_flag(arg)) continue;
    else if (!command.permissions.parse_flag(arg, cwd))
      throw std::invalid_argument(fmt::format(
          "unexpected argument '{}' found\n\n  tip: to pass '{}' as a value, use '-- {}'\n\nUsage: toolchain bench "
          "[OPTIONS] [FILES]... [-- [SCRIPT_ARG]...]",
          arg, arg, arg));
  }
}

// `toolchain serve [OPTIONS] FILE [SCRIPT_ARGS]...`: run's flags and --port, --host, --parallel.
void parse_serve_args(const std::vector<std::string>& argv, size_t i, const std::string& cwd, Command& command) {
  for (; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    std::string value;
    if (!arg.starts_with('-') || arg == "-") {
      command.script = arg;
      command.script_args.assign(argv.begin() + static_cast<long>(i) + 1, argv.end());
      break;
    }
    if (flag_value(argv, i, "--port", value)) {
      char* end = nullptr;
      unsigned long port = std::strtoul(value.c_str(), &end, 10);
      if (value.empty() || *end != '\0' || port > 65535 || value[0] == '-' || value[0] == '+')
        throw std::invalid_argument(fmt::format("invalid value '{}' for '--port'", value));
      command.serve_port = static_cast<uint16_t>(port);
    } else if (flag_value(argv, i, "--host", value)) command.serve_host = value;
    else if (arg == "--parallel") command.parallel = true;
    else if (arg == "-q" || arg == "--quiet") command.quiet = true;
    else if (arg == "-r" || arg == "--reload") command.reload = true;
    else if (arg == "--cached-only") command.cached_only = true;
    else if (arg == "--no-prompt") command.permissions.set_prompt(false);
    else if (arg.starts_with("--v8-flags=")) parse_v8_flags(std::string_view(arg).substr(11), command);
    else if (is_ignored_flag(arg)) continue;
    else if (!command.permissions.parse_flag(arg, cwd))
      throw std::invalid_argument(fmt::format(
          "unexpected argument '{}' found\n\n  tip: to pass '{}' as a value, use '-- {}'\n\nUsage: toolchain serve "
          "[OPTIONS] [SCRIPT_ARG]...",
          arg, arg, arg));
  }
  if (command.script.empty())
    throw std::invalid_argument(
        "the following required arguments were not provided:\n  <SCRIPT_ARG>...\n\nUsage: toolchain serve [OPTIONS] "
        "<SCRIPT_ARG>...");
}

}  // namespace

Command parse_args(const std::vector<std::string>& argv, const std::string& cwd, const std::string& path_env) {
  Command command;
  command.permissions.set_cwd(cwd);
  // --allow-run=NAME grants the executable NAME resolves to on PATH, as in Deno.
  command.permissions.set_command_resolver(permissions::path_resolver(path_env, cwd));
  size_t i = 0;
  if (argv.empty()) return command;
  const std::string& first = argv[0];
  if (first == "-V" || first == "--version") {
    command.kind = Command::Kind::Version;
    return command;
  }
  if (first == "-h" || first == "--help" || first == "help") return command;
  if (first == "test") {
    command.kind = Command::Kind::Test;
    parse_test_args(argv, 1, cwd, command);
    return command;
  }
  if (first == "bench") {
    command.kind = Command::Kind::Bench;
    parse_bench_args(argv, 1, cwd, command);
    return command;
  }
  if (first == "serve") {
    command.kind = Command::Kind::Serve;
    parse_serve_args(argv, 1, cwd, command);
    return command;
  }
  if (first == "coverage") {
    command.kind = Command::Kind::Coverage;
    for (size_t k = 1; k < argv.size(); ++k) {
      const std::string& arg = argv[k];
      if (arg == "--lcov") command.coverage_lcov = true;
      else if (arg.starts_with('-')) throw std::invalid_argument(fmt::format("unexpected argument '{}' found", arg));
      else command.coverage_dir = arg.starts_with('/') ? arg : cwd + "/" + arg;
    }
    if (command.coverage_dir.empty())
      throw std::invalid_argument("the following required arguments were not provided:\n  <DIR>\n\nUsage: toolchain coverage [--lcov] <DIR>");
    return command;
  }
  command.kind = Command::Kind::Run;
  if (first == "run") ++i;
  else if (first == "cache") command.kind = Command::Kind::Cache, ++i;
  else if (first == "info") command.kind = Command::Kind::Info, ++i;
  const char* name = command.kind == Command::Kind::Cache ? "cache" : command.kind == Command::Kind::Info ? "info" : "run";
  for (; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    if (!arg.starts_with('-') || arg == "-") {
      command.script = arg;
      command.script_args.assign(argv.begin() + static_cast<long>(i) + 1, argv.end());
      if (command.kind != Command::Kind::Run && !command.script_args.empty())
        throw std::invalid_argument(fmt::format("unexpected argument '{}' found\n\nUsage: toolchain {} [OPTIONS] <FILE>",
                                                command.script_args.front(), name));
      return command;
    }
    if (arg == "-q" || arg == "--quiet") command.quiet = true;
    else if (arg == "-r" || arg == "--reload") command.reload = true;
    else if (arg.starts_with("--reload=") || arg.starts_with("-r=")) {
      std::string_view list = std::string_view(arg).substr(arg.find('=') + 1);
      while (!list.empty()) {
        size_t comma = list.find(',');
        if (auto prefix = list.substr(0, comma); !prefix.empty()) command.reload_prefixes.emplace_back(prefix);
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
      }
      if (command.reload_prefixes.empty()) command.reload = true;
    } else if (arg == "--cached-only") command.cached_only = true;
    else if (arg == "--json" && command.kind == Command::Kind::Info) command.json = true;
    else if (arg == "--no-prompt") command.permissions.set_prompt(false);
    else if (arg.starts_with("--v8-flags=")) parse_v8_flags(std::string_view(arg).substr(11), command);
    else if (is_ignored_flag(arg)) continue;
    else if (!command.permissions.parse_flag(arg, cwd))
      throw std::invalid_argument(fmt::format(
          "unexpected argument '{}' found\n\n  tip: to pass '{}' as a value, use '-- {}'\n\nUsage: toolchain {} [OPTIONS] "
          "[SCRIPT_ARG]...",
          arg, arg, arg, name));
  }
  throw std::invalid_argument(
      fmt::format("the following required arguments were not provided:\n  <SCRIPT_ARG>...\n\nUsage: toolchain {} [OPTIONS] "
      "<SCRIPT_ARG>...", name));
}

}  // namespace toolchain::driver
