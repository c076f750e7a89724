// `toolchain-engine`: the engine binary. `toolchain-engine run …` runs a
// program in this process (what `toolchain --no-daemon` execs);
// `toolchain-engine daemon` serves the daemon socket.
#include <unistd.h>

#include <climits>
#include <cstdio>

#include "driver/command.h"

extern char** environ;

int main(int argc, char** argv) {
  toolchain::driver::Invocation invocation;
  char cwd[PATH_MAX];
  if (::getcwd(cwd, sizeof cwd) == nullptr) {
    std::fprintf(stderr, "error: the current directory is not accessible\n");
    return 1;
  }
  invocation.cwd = cwd;
  invocation.argv.assign(argv + 1, argv + argc);
  for (char** e = environ; *e; ++e) {
    std::string entry(*e);
    size_t eq = entry.find('=');
    if (eq != std::string::npos) invocation.env.emplace(entry.substr(0, eq), entry.substr(eq + 1));
  }
  int code = toolchain::driver::run_command(invocation);
  // The program is over and its output written (ops write unbuffered): skip
  // tearing down V8 and libnode's static state, which costs milliseconds.
  std::fflush(stdout);
  ::_exit(code);
}
