#pragma once
// The engine's whole public face: run one module as a program and return its exit
// code. Everything a program sees of the process (cwd, env, args, permissions,
// stdio) comes from RunOptions, never from the host process, so the daemon can run
// many programs at once in one process.
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "permissions/permissions.h"

namespace toolchain {

struct Stdio {
  int in = 0;
  int out = 1;
  int err = 2;
};

class Runtime;
namespace modules {
class ModuleCache;
}

// Stops a running program from another thread (Ctrl-C in a daemon client, a
// client that went away). Thread-safe; terminate() before the program starts
// makes it end as soon as it does.
class RunControl {
 public:
  void terminate(int exit_code);

  // Engine side.
  void attach(Runtime* runtime);
  void detach();

 private:
  std::mutex mutex_;
  Runtime* runtime_ = nullptr;
  std::optional<int> pending_;
};

// A tool that drives the program instead of letting it end by itself (the test
// and bench runners, tools/): once the main module has been evaluated the engine
// calls the built-in entry `internals.toolEntries[mode](config)` and runs the loop
// until its promise settles. The program's reports reach the tool as JSON text,
// on the program's own thread; an uncaught error goes to `on_uncaught` (already
// formatted, "error: (in promise) Error: …") instead of stderr, and still ends
// the program. The engine knows nothing of what the events mean.
struct ToolHook {
  std::string mode;                                      // "test", "bench"
  std::string config;                                    // JSON, passed to the entry as is
  std::function<bool(const std::string&)> on_event;      // false: the tool asks the program to stop early
  std::function<void(const std::string&)> on_uncaught;
};

struct RunOptions {
  std::string main_module;                   // path (relative to cwd) or URL
  std::vector<std::string> args;             // Deno.args
  std::map<std::string, std::string> env;    // Deno.env
  std::string cwd;                           // absolute
  permissions::Permissions permissions;
  Stdio stdio;
  std::shared_ptr<RunControl> control;       // may be null
  size_t max_heap_mb = 0;                    // 0: V8's default heap limit
  std::shared_ptr<modules::ModuleCache> module_cache;  // a daemon's warm cache; may be null
  std::shared_ptr<ToolHook> tool;            // null: an ordinary program
  std::string coverage_dir;                  // non-empty: write V8's precise coverage JSON here at the end
};

// Initialises V8 once per process. Safe to call more than once.
void initialize_engine();

// Runs the program to completion on the calling thread and returns its exit code.
// Any number of programs may run at once, each on its own thread.
int run_program(const RunOptions& options);

// "10.2.154.26-node.39"
const char* v8_version();

}  // namespace toolchain
