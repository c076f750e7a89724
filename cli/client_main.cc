// `toolchain`, the thin client (see docs/protocol.md and ../shared/DESIGN.md,
// "Processes"). It answers --version and --help itself, runs `toolchain daemon
// start|stop|status`, execs `toolchain-engine` for --no-daemon, and sends
// everything else to the daemon as one `run` request with its stdio, cwd and
// environment. No V8 here: start-up must cost about a millisecond.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "cli/client/daemon.h"
#include "cli/client/paths.h"
#include "cli/client/run.h"
#include "driver/v8_flags.h"
#include "client_texts.h"  // generated from the engine: kVersionText, kUsageText

namespace {

using toolchain::client::env;

void write_all(int fd, const char* text) {
  size_t left = std::strlen(text);
  while (left > 0) {
    ssize_t n = ::write(fd, text, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    text += n;
    left -= static_cast<size_t>(n);
  }
}

// The engine's usage, with the command only the client knows.
void print_usage() {
  std::string usage = kUsageText;
  const char anchor[] = "  FILE [ARGS]...";
  size_t at = usage.find(anchor);
  if (at != std::string::npos) {
    at = usage.find('\n', at) + 1;
    usage.insert(at, "  daemon start|stop|status      Start, stop or inspect the background daemon\n");
  }
  write_all(1, usage.c_str());
}

// Whether --no-daemon comes before the script name (the engine's parser stops
// at the first argument that is not a flag: the script).
bool take_no_daemon(std::vector<std::string>& args) {
  bool found = false;
  static const std::set<std::string> subcommands = {"run", "serve", "cache", "info", "test", "bench", "coverage"};
  bool serve = !args.empty() && args[0] == "serve";
  size_t i = !args.empty() && subcommands.contains(args[0]) ? 1 : 0;
  while (i < args.size()) {
    const std::string& arg = args[i];
    if (arg.empty() || arg[0] != '-' || arg == "-") break;
    if (serve && (arg == "--port" || arg == "--host")) {  // their value is not the script
      i += 2;
      continue;
    }
    if (arg == "--no-daemon") {
      args.erase(args.begin() + static_cast<long>(i));
      found = true;
      continue;
    }
    ++i;
  }
  return found;
}

bool no_daemon_env() {
  std::string value = env("TOOLCHAIN_NO_DAEMON");
  return !value.empty() && value != "0" && value != "false";
}

// In-process: become the engine, with the same command line minus --no-daemon.
int exec_engine(const std::vector<std::string>& args, const std::string& engine) {
  std::vector<char*> argv;
  std::string arg0 = "toolchain";
  argv.push_back(arg0.data());
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  ::execv(engine.c_str(), argv.data());
  toolchain::client::print_error("cannot run " + engine + ": " + std::strerror(errno));
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);

  if (args.empty() || args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
    print_usage();
    return 0;
  }
  if (args[0] == "-V" || args[0] == "--version") {
    write_all(1, kVersionText);
    return 0;
  }

  // Descriptors 0-2 must exist: they are handed to the daemon, and nothing the
  // client opens may land on them.
  for (int fd = 0; fd <= 2; ++fd)
    if (::fcntl(fd, F_GETFD) < 0 && errno == EBADF) ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);

  toolchain::client::Paths paths = toolchain::client::paths();
  if (args[0] == "daemon")
    return toolchain::client::daemon_command(std::vector<std::string>(args.begin() + 1, args.end()), paths);
  bool in_process = take_no_daemon(args);
  // V8's flags are process-wide: a program that sets them gets a process of its own.
  in_process = in_process || std::any_of(args.begin(), args.end(), [](const std::string& arg) {
                 return toolchain::driver::has_process_wide_v8_flags(arg);
               });
  if (in_process || no_daemon_env()) return exec_engine(args, paths.engine);
  return toolchain::client::run_in_daemon(args, paths);
}
