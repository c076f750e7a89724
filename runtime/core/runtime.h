#pragma once
// One running program: its isolate and context, its event loop, and the
// per-program process state (cwd, env, args, permissions, stdio) that ops read.
// Lives on one thread from construction to destruction.
#include <atomic>
#include <functional>
#include <unordered_map>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <string_view>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <v8.h>

#include "core/cpu_share.h"
#include "core/fresh_isolate.h"

#include "core/resources.h"
#include "engine.h"

namespace toolchain {

namespace modules {
class ModuleLoader;
}
namespace io {
class StdioState;
}
namespace signals {
class SignalHub;
}
namespace http_client {
class HttpClient;
}
namespace coverage {
class PreciseCoverage;
}
using modules::ModuleLoader;

// A way for other threads to post work to a runtime's loop that stays safe after
// the runtime is gone (the work is then dropped).
class LoopHandle {
 public:
  explicit LoopHandle(class Runtime* rt) : rt_(rt) {}
  void post(std::function<void(class Runtime&)> fn);
  void close();

 private:
  std::mutex mutex_;
  class Runtime* rt_;
};

class Runtime {
 public:
  // `snapshot` null: evaluate the built-ins from source (slow; for tools and tests).
  // `fresh`: an isolate made ahead (possibly on another thread); null: make one.
  // `graph_only`: for load_graph(), which may compile nothing (no V8 compile is started ahead).
  Runtime(const RunOptions& options, const v8::StartupData* snapshot, std::unique_ptr<FreshIsolate> fresh = nullptr,
          bool graph_only = false);
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  // Loads and evaluates the main module, runs the event loop until no work is
  // left or the program exits, and returns the exit code.
  int run();

  // Loads the main module's graph without running it (`toolchain info`, `cache`).
  ModuleGraph load_graph(bool describe);

  static Runtime& from(v8::Isolate* isolate) {
    return *static_cast<Runtime*>(isolate->GetData(0));
  }

  v8::Isolate* isolate() const { return isolate_; }
  v8::Local<v8::Context> context() const { return context_.Get(isolate_); }
  // The `core` object built-in JavaScript shares with C++ (bootstrap/core.js).
  v8::Local<v8::Object> core() const { return core_.Get(isolate_); }
  boost::asio::io_context& loop() { return loop_; }
  std::shared_ptr<LoopHandle> loop_handle() const { return loop_handle_; }
  ModuleLoader& modules() { return *modules_; }
  // Deno.stdin/stdout/stderr state (io/), made when first used.
  io::StdioState& stdio_state();
  // After run(): writes what the run learnt to the module store, gives the
  // terminal its mode back and lets go of the stdio fds. What is left to the
  // destructor (the isolate) is invisible to the program's caller.
  void finish();
  // The program's signal listeners (signals/); thread-safe deliver().
  signals::SignalHub& signals() { return *signals_; }

  // Per-program process state.
  std::string cwd;
  std::map<std::string, std::string> env;
  std::vector<std::string> args;
  permissions::Permissions permissions;
  Stdio stdio;
  std::string main_module_url;
  // Native resources JavaScript names by id (core/resources.h).
  ResourceTable resources;
  // fetch()'s HTTP client and its keep-alive pool (fetch/fetch_ops.cc), made when first used.
  std::shared_ptr<http_client::HttpClient> http_client;
  std::shared_ptr<ToolHook> tool;  // set when a tool (test, bench) drives the program
  std::string console_prefix;      // put before each console call's output (RunOptions)
  // Held by a listening HTTP server: the loop gives a waiting thread the CPU (core/cpu_share.h).
  CpuShare cpu_share;
  // Outer permission sets while a narrower one applies (a test's `permissions`).
  std::vector<permissions::Permissions> saved_permissions;
  // Async ops started and not yet settled, by their parked promise (bridge/op.h);
  // with trace_async_ops each keeps the stack that started it.
  struct InFlightOp {
    v8::FunctionCallback op;
    std::string stack;
  };
  std::map<uint64_t, InFlightOp> async_ops_in_flight;
  bool trace_async_ops = false;
  // --coverage: counting since the runtime started; written when run() ends.
  std::unique_ptr<coverage::PreciseCoverage> coverage;
  std::string coverage_dir;

  // Throws the JsError Deno throws (NotCapable: Requires read access to …) unless
  // the program may do this. Every op checks here, in C++, before acting.
  void require(permissions::Kind kind, std::string_view value, std::string_view api_name = {});
  void require_all(permissions::Kind kind, std::string_view api_name = {});

  // A path as the program means it: relative paths are relative to its cwd.
  std::string resolve_path(std::string_view path) const;

  // Keeps the event loop alive while > 0 (pending ops, ref'd timers).
  void ref() { ++refs_; }
  void unref() { --refs_; }

  // From any thread (RunControl): stops JavaScript and ends the program with `code`.
  void terminate(int code);

  // Promises of async ops in flight, kept here so no V8 handle leaves this thread.
  uint64_t park_resolver(v8::Local<v8::Promise::Resolver> resolver);
  v8::Local<v8::Promise::Resolver> take_resolver(uint64_t id);

  // Deno.exit: stops JavaScript now and ends the program with `code`.
  void exit(int code);
  bool exiting() const { return exiting_; }
  // The program is being ended (Deno.exit, terminate(), the heap limit): no
  // module may start evaluating. V8 10.2 aborts the process if a termination
  // lands between a module's link and the moment it is marked evaluating.
  bool ending() const { return exiting_ || out_of_memory_ || terminate_code_.load() >= 0; }
  // Deno.exitCode: the code the program ends with when it ends by itself.
  void set_exit_code(int code) { exit_code_ = code; }
  int exit_code() const { return exit_code_; }

  // The one native timer behind setTimeout/setInterval (timers/timers.js keeps
  // the list and arms this for the earliest deadline).
  void arm_timer(double delay_ms, bool keep_alive);
  void disarm_timer();

  // Calls a JavaScript function from a macrotask (timer, op completion), then
  // runs microtasks; an exception thrown is reported as uncaught and ends the program.
  void call_from_loop(v8::Local<v8::Function> fn, int argc, v8::Local<v8::Value>* argv);
  // Runs microtasks and reports unhandled rejections.
  void after_macrotask();

  // Prints `error: Uncaught …` for an exception and ends the program with exit code 1.
  void report_uncaught(v8::Local<v8::Value> exception, bool in_promise);
  // An exception no JavaScript caught (a callback's, a listener's): first an
  // `error` ErrorEvent at globalThis; report_uncaught unless a listener canceled it.
  void report_exception(v8::Local<v8::Value> exception);
  // A program that cannot start (load or compile error): to stderr, or to the tool.
  void report_failure(const std::string& text);
  // Writes to the program's stderr.
  void write_stderr(std::string_view text);
  bool stderr_colors() const;

 private:
  static void on_promise_reject(v8::PromiseRejectMessage message);
  static size_t on_near_heap_limit(void* data, size_t current, size_t initial);
  // After V8 stopped JavaScript (TerminateExecution): true if the program is ending.
  bool handle_termination();
  // Calls core[name](...args) (events/global_events.js); its result as a boolean,
  // false if the hook is missing or threw.
  bool call_hook(const char* name, int argc, v8::Local<v8::Value>* argv);
  // `load` once the main module has finished evaluating.
  void dispatch_load_when_evaluated(v8::Local<v8::Value> evaluation);
  // After the main module: the tool's entry, then the loop until its promise settles.
  int run_tool(v8::Local<v8::Value> evaluation, v8::Local<v8::Value> main_namespace);

  std::string main_specifier_;
  v8::Isolate* isolate_ = nullptr;
  std::optional<v8::Locker> locker_;  // held for the whole run if the isolate was made on another thread
  std::unique_ptr<v8::ArrayBuffer::Allocator> allocator_;
  v8::Global<v8::Context> context_;
  v8::Global<v8::Object> core_;
  boost::asio::io_context loop_;
  std::shared_ptr<LoopHandle> loop_handle_ = std::make_shared<LoopHandle>(this);
  std::unique_ptr<ModuleLoader> modules_;
  // After loop_: destroyed before it, as they hold Asio objects of the loop.
  std::unique_ptr<io::StdioState> stdio_state_;
  std::unique_ptr<signals::SignalHub> signals_;
  std::shared_ptr<modules::ModuleStore> store_;
  std::thread writer_;  // writes the module store's new entries while the program runs
  void start_load_writes();
  void start_cache_writes();
  void finish_cache_writes();
  boost::asio::steady_timer timer_{loop_};
  bool timer_keeps_alive_ = false;
  int refs_ = 0;
  bool exiting_ = false;
  std::atomic<int> terminate_code_{-1};   // set by terminate(), from any thread
  bool out_of_memory_ = false;
  size_t heap_limit_mb_ = 0;
  // Ends JavaScript at its next instruction, from inside it (see terminate()).
  void request_termination();
  std::unordered_map<uint64_t, v8::Global<v8::Promise::Resolver>> parked_;
  uint64_t next_parked_ = 1;
  int exit_code_ = 0;
  bool load_dispatched_ = false;
  // Rejections with no handler yet, reported after the current macrotask.
  std::vector<std::pair<v8::Global<v8::Promise>, v8::Global<v8::Value>>> unhandled_;
};

}  // namespace toolchain
