#include "driver/args.h"

#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

namespace toolchain::driver {

const char kUsage[] =
    "toolchain: a Deno-compatible JavaScript and TypeScript runtime\n"
    "\n"
    "Usage: toolchain [COMMAND] [OPTIONS]\n"
    "\n"
    "Commands:\n"
    "  run [OPTIONS] FILE [ARGS]...   Run a JavaScript or TypeScript program\n"
    "  FILE [ARGS]...                 The same as `run`\n"
    "\n"
    "Options:\n"
    "  -A, --allow-all                Allow all permissions\n"
    "  --allow-read[=PATHS], -R       Allow file system reads (also write, net, env, run, sys, ffi;\n"
    "  --deny-read[=PATHS]            and the matching --deny-* flags)\n"
    "  -q, --quiet                    Suppress diagnostic output\n"
    "  --no-daemon                    Run in this process, without the daemon\n"
    "  -V, --version                  Print the version\n"
    "  -h, --help                     Print this help\n";

namespace {

// Flags Deno accepts that change nothing here (type checking is `toolchain check`).
bool is_ignored_flag(const std::string& arg) {
  return arg == "--no-check" || arg.starts_with("--check") || arg == "--no-daemon" ||
         arg.starts_with("--unstable") || arg == "--no-config" || arg == "--no-lock";
}

// --v8-flags=a,b: only the heap limit is honoured, per program; other V8 flags
// are process-wide and would leak between the daemon's programs.
void parse_v8_flags(std::string_view value, Command& command) {
  while (!value.empty()) {
    size_t comma = value.find(',');
    std::string_view flag = value.substr(0, comma);
    for (std::string_view prefix : {"--max-old-space-size=", "--max_old_space_size="}) {
      if (flag.starts_with(prefix)) command.max_heap_mb = std::stoul(std::string(flag.substr(prefix.size())));
    }
    if (comma == std::string_view::npos) break;
    value.remove_prefix(comma + 1);
  }
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
  if (first == "run") ++i;
  command.kind = Command::Kind::Run;
  for (; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    if (!arg.starts_with('-') || arg == "-") {
      command.script = arg;
      command.script_args.assign(argv.begin() + static_cast<long>(i) + 1, argv.end());
      return command;
    }
    if (arg == "-q" || arg == "--quiet") command.quiet = true;
    else if (arg == "--no-prompt") command.permissions.set_prompt(false);
    else if (arg.starts_with("--v8-flags=")) parse_v8_flags(std::string_view(arg).substr(11), command);
    else if (is_ignored_flag(arg)) continue;
    else if (!command.permissions.parse_flag(arg, cwd))
      throw std::invalid_argument(fmt::format(
          "unexpected argument '{}' found\n\n  tip: to pass '{}' as a value, use '-- {}'\n\nUsage: toolchain run [OPTIONS] "
          "[SCRIPT_ARG]...",
          arg, arg, arg));
  }
  throw std::invalid_argument(
      "the following required arguments were not provided:\n  <SCRIPT_ARG>...\n\nUsage: toolchain run [OPTIONS] "
      "<SCRIPT_ARG>...");
}

}  // namespace toolchain::driver
