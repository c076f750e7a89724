#pragma once
// The engine's whole public face: run one module as a program and return its exit
// code. Everything a program sees of the process (cwd, env, args, permissions,
// stdio) comes from RunOptions, never from the host process, so the daemon can run
// many programs at once in one process.
#include <map>
#include <string>
#include <vector>

#include "permissions/permissions.h"

namespace toolchain {

struct Stdio {
  int in = 0;
  int out = 1;
  int err = 2;
};

struct RunOptions {
  std::string main_module;                   // path (relative to cwd) or URL
  std::vector<std::string> args;             // Deno.args
  std::map<std::string, std::string> env;    // Deno.env
  std::string cwd;                           // absolute
  permissions::Permissions permissions;
  Stdio stdio;
};

// Initialises V8 once per process. Safe to call more than once.
void initialize_engine();

// Runs the program to completion on the calling thread and returns its exit code.
int run_program(const RunOptions& options);

}  // namespace toolchain
