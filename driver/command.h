#pragma once
// Runs one toolchain command line (`run -A main.ts …`) on the engine, with the
// caller's cwd, environment and stdio: what `toolchain-engine` does in-process
// and what the daemon does for each `run` request.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine.h"

namespace toolchain::driver {

struct Invocation {
  std::vector<std::string> argv;           // after the program name
  std::string cwd;                         // absolute
  std::map<std::string, std::string> env;
  Stdio stdio;
  std::shared_ptr<RunControl> control;     // may be null
  // In-process: the program has this process to itself, so it takes the
  // process's signals (RunOptions::process_signals) and may set V8's flags.
  bool owns_process = false;
  // The daemon's warm cache (in front of its disk cache); null: the disk cache
  // of TOOLCHAIN_DIR is opened for this run.
  std::shared_ptr<modules::ModuleStore> module_store;
  // The daemon's isolate made ahead; null: a run makes its own.
  std::shared_ptr<SpareIsolate> spare_isolate;
};

// Parses argv, prints usage errors to stdio.err, runs, and returns the exit code.
int run_command(const Invocation& invocation);

extern const char kVersion[];

}  // namespace toolchain::driver
