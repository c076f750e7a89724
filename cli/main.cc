// `toolchain`: parses the command line and runs the program.
#include <unistd.h>

#include <climits>
#include <cstdio>
#include <stdexcept>

#include "cli/args.h"
#include "engine.h"

extern char** environ;

int main(int argc, char** argv) {
  char cwd[PATH_MAX];
  if (::getcwd(cwd, sizeof cwd) == nullptr) {
    std::fprintf(stderr, "error: the current directory is not accessible\n");
    return 1;
  }
  toolchain::cli::Command command;
  try {
    command = toolchain::cli::parse_args(std::vector<std::string>(argv + 1, argv + argc), cwd);
  } catch (const std::invalid_argument& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 1;
  }
  switch (command.kind) {
    case toolchain::cli::Command::Kind::Help:
      std::fputs(toolchain::cli::kUsage, stdout);
      return 0;
    case toolchain::cli::Command::Kind::Version:
      std::printf("toolchain 0.1.0 (deno 2.9.6 compatible)\nv8 10.2\n");
      return 0;
    case toolchain::cli::Command::Kind::Run:
      break;
  }
  toolchain::RunOptions options;
  options.main_module = command.script;
  options.args = command.script_args;
  options.cwd = cwd;
  options.permissions = command.permissions;
  for (char** e = environ; *e; ++e) {
    std::string entry(*e);
    size_t eq = entry.find('=');
    if (eq != std::string::npos) options.env.emplace(entry.substr(0, eq), entry.substr(eq + 1));
  }
  return toolchain::run_program(options);
}
