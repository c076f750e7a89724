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

#include "modules/module_store.h"
#include "permissions/permissions.h"

namespace toolchain {

struct Stdio {
  int in = 0;
  int out = 1;
  int err = 2;
};

class Runtime;
class IsolateAhead;
namespace modules {
class ImportMap;
}

// Stops a running program from another thread (Ctrl-C in a daemon client, a
// client that went away). Thread-safe; terminate() before the program starts
// makes it end as soon as it does. One control may drive several runtimes at
// once (`serve --parallel`'s workers): each call reaches all of them.
class RunControl {
 public:
  void terminate(int exit_code);
  // A signal the user sent the program (the daemon client forwards Ctrl-C as
  // SIGINT). If the program listens for it (Deno.addSignalListener), its
  // listeners run and this returns true; otherwise the signal's default action
  // applies: a signal that ends processes ends the program with exit code
  // 128 + signo (130 for SIGINT), and this returns false.
  bool interrupt(int signo);

  // Called on the run's thread once the program's exit code is known and its
  // stdio released, before the isolate is torn down (milliseconds): the daemon
  // answers its client here, the in-process engine exits the process here.
  void on_finished(std::function<void(int exit_code)> fn) { on_finished_ = std::move(fn); }

  // Engine side.
  void attach(Runtime* runtime);
  void detach(Runtime* runtime);
  void finished(int exit_code) {
    if (on_finished_) on_finished_(exit_code);
  }

 private:
  std::function<void(int)> on_finished_;
  std::mutex mutex_;
  std::vector<Runtime*> runtimes_;
  std::optional<int> pending_;
};

// A tool that drives the program instead of letting it end by itself (the test
// and bench runners, tools/): once the main module has been evaluated the engine
// calls the built-in entry `internals.toolEntries[mode](config, mainModuleNamespace)` and runs the loop
// until its promise settles. The program's reports reach the tool as JSON text,
// on the program's own thread; an uncaught error goes to `on_uncaught` (already
// formatted, "error: (in promise) Error: …") instead of stderr, and still ends
// the program. The engine knows nothing of what the events mean.
struct ToolHook {
  std::string mode;                                      // "test", "bench"
  std::string config;                                    // JSON, passed to the entry as is
  std::function<bool(const std::string&)> on_event;      // false: the tool asks the program to stop early
  std::function<void(const std::string&)> on_uncaught;   // null: reported as an ordinary program's
  // After the entry (and its promise) the program runs on as an ordinary one
  // until its loop has no work left (`serve`: the entry starts a server).
  bool runs_on = false;
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
  // In-process runs: the program's signal listeners catch this process's own
  // signals. The daemon leaves it false and delivers signals with RunControl::interrupt.
  bool process_signals = false;
  // Keeps modules between runs (a daemon's warm cache, the on-disk cache);
  // fetches remote modules. May be null: no remote modules then.
  std::shared_ptr<modules::ModuleStore> module_store;
  modules::FetchPolicy fetch_policy;                 // --reload, --cached-only
  std::shared_ptr<const modules::ImportMap> import_map;  // deno.json "imports"/"scopes"; may be null
  std::shared_ptr<ToolHook> tool;            // null: an ordinary program
  std::string coverage_dir;                  // non-empty: write V8's precise coverage JSON here at the end
  std::string console_prefix;                // before each console.log/error's output ("[serve-worker-0 ] ")
  // An isolate prepare_isolate began making (on another thread) for this run;
  // null: the run makes its own. Used once.
  std::shared_ptr<IsolateAhead> isolate_ahead;
};

// One import of a graph's module. The span is the specifier's literal, quotes
// included, as 0-based lines and UTF-16 columns (`info` only).
struct GraphDependency {
  std::string specifier;
  std::string url;                           // resolved, before redirects
  std::string type;                          // the `type` import attribute: "" or "json"
  bool dynamic = false;                      // import("…") (`info` only)
  int line = 0, character = 0, end_line = 0, end_character = 0;
};

// One module of a graph loaded without running it (`toolchain info`, `cache`).
struct GraphModule {
  std::string url;
  std::string local_path;                    // the file read (a remote module's cached copy)
  std::string type;                          // "JavaScript", "TypeScript", "JSON"
  size_t size = 0;
  std::vector<GraphDependency> dependencies;
  // `info`: a module that could not be loaded, with Deno's message and its
  // short form ("missing", "parsing error", …); the fields above are empty.
  std::string error;
  std::string error_kind;
};

struct ModuleGraph {
  std::string root;                          // the main module's URL (after redirects)
  std::vector<GraphModule> modules;          // in load order, root first
  std::map<std::string, std::string> redirects;
  std::string error;                         // set if the graph could not load (Deno's message)
};

// Loads (fetching remote modules) and analyses the graph of `options.main_module`
// without running it. `describe` (`info`): dynamic imports and spans too, and a
// module that cannot be loaded is recorded in the graph instead of failing it.
ModuleGraph load_graph(const RunOptions& options, bool describe = false);

// Initialises V8 once per process. Safe to call more than once.
void initialize_engine();

// V8's own flags (`--v8-flags`), set for the whole process before it runs a
// program, so only a program that has the process to itself sets them. Returns
// the first flag V8 does not know ("" if it took them all).
std::string set_v8_flags(const std::vector<std::string>& flags);

// Starts making, on a thread of its own, the isolate and context of a run with
// `options` (its heap limit), so a tool running files one after another
// overlaps the next file's start-up (72% of a small test file's cost) with the
// current file's run. Put it in the next run's RunOptions::isolate_ahead; one
// nobody takes is disposed.
std::shared_ptr<IsolateAhead> prepare_isolate(const RunOptions& options);

// One isolate kept made ahead for whichever run comes next: a daemon's runs
// take it and skip Isolate::New and the context's deserialisation (two thirds
// of a small program's cost there). Taking it starts making the next, on a
// thread of its own, while the taker runs. Thread-safe.
class SpareIsolate {
 public:
  SpareIsolate();  // starts making the first
  // The spare for a run with this heap limit (RunOptions::max_heap_mb), or
  // null if its limit is another (that run makes its own).
  std::shared_ptr<IsolateAhead> take(size_t max_heap_mb);

 private:
  std::mutex mutex_;
  std::shared_ptr<IsolateAhead> spare_;
};

// Runs the program to completion on the calling thread and returns its exit code.
// Any number of programs may run at once, each on its own thread.
int run_program(const RunOptions& options);

// "10.2.154.26-node.39"
const char* v8_version();

}  // namespace toolchain
