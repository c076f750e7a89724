#pragma once
// Preparing a module is everything before V8 sees it: fetching or reading its
// source, and its code from the store or the transpiler. It needs no isolate,
// so a Prefetcher does it on worker threads for the modules a graph is about
// to need, while the loader's thread compiles the ones already prepared. On a
// cold cache this puts tree-sitter on every core; on a warm one the SQLite
// look-ups and file reads run beside V8.
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "modules/module_store.h"
#include "modules/source_loader.h"
#include "transpile/transpile.h"

namespace toolchain::modules {

struct PreparedModule {
  std::string url;                               // after redirects
  ModuleSource source;                           // text (empty when `cached` came from find_file) and type
  std::string local_path;                        // the file read; empty for data:
  std::optional<FileIdentity> file;              // a local file's identity (the warm cache's key)
  std::shared_ptr<const CachedModule> cached;    // JS/TS: hash, original, code, maybe a code cache
  bool fresh = false;                            // transpiled here, not found in the store
  std::vector<transpile::Diagnostic> errors;     // the transpiler's; `cached` is null then
  bool compiled_ahead = false;                   // its background job (see Prefetcher::run_ahead) ran
};

// A remote module's type: its Content-Type, or its extension when the server
// says nothing useful (text/plain, application/octet-stream), as Deno does.
ModuleType type_of_remote(const RemoteSource& remote);

// Prepares `url` (file:, data:, http(s): through `store`). `look_up_small`
// says whether to ask the store for the transpiled code of a source under
// kSmallSourceBytes too (a small main module is not worth opening a database for); `v8_tag` is V8's CachedDataVersionTag().
// Throws LoadError.
PreparedModule prepare_module(const std::string& url, ModuleStore* store, const FetchPolicy& policy, bool look_up_small,
                              uint32_t v8_tag);

class Prefetcher {
 public:
  using Resolve = std::function<std::string(std::string_view specifier, std::string_view referrer)>;

  // `policy` as the run's; the workers never download (they use the cache only).
  Prefetcher(std::shared_ptr<ModuleStore> store, const FetchPolicy& policy, Resolve resolve, uint32_t v8_tag);
  ~Prefetcher();

  // Prepares `url` on a worker, then (speculatively) what it imports;
  // `look_up_small` as prepare_module's (false for a main module).
  void start(const std::string& url, bool look_up_small = true);
  // The prepared module, waiting if a worker is on it; nothing if it was never
  // started, is still queued (the caller does it itself) or failed (the caller
  // redoes it to report the error).
  // A job attached to a prepared module (V8 compiling it) waits for the job
  // when it runs, and is dropped when it is still queued.
  std::optional<PreparedModule> take(const std::string& url);

  // The JS/TS modules prepared since the last call that have code and no code
  // cache: what the loader could compile ahead. Called on the loader's thread.
  struct Compilable {
    std::string url;
    std::shared_ptr<const CachedModule> module;
    bool fresh;  // transpiled now: a source the store has not seen before
  };
  std::vector<Compilable> compilable();
  // Runs `job` for `url` (one of compilable()'s) on a worker, after any
  // module still to prepare.
  void run_ahead(const std::string& url, std::function<void()> job);

 private:
  enum class State { Queued, Running, Done, Failed, Taken };
  enum class Job { None, Queued, Running, Done };
  struct Slot {
    State state = State::Queued;
    std::optional<PreparedModule> prepared;
    bool look_up_small = true;
    bool offered = false;  // returned by compilable()
    Job job_state = Job::None;
    std::function<void()> job;
  };
  void work();
  // Takes the first queued module and prepares it, `lock` released meanwhile.
  void prepare_next(std::unique_lock<std::mutex>& lock);
  // Runs the first queued job, `lock` released meanwhile.
  void run_next(std::unique_lock<std::mutex>& lock);

  std::shared_ptr<ModuleStore> store_;
  FetchPolicy policy_;
  Resolve resolve_;
  uint32_t v8_tag_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, Slot> slots_;
  std::deque<std::string> queue_;
  std::deque<std::string> jobs_;
  std::vector<std::string> done_;  // prepared, not yet offered
  std::vector<std::thread> workers_;
  bool stopping_ = false;
};

}  // namespace toolchain::modules
