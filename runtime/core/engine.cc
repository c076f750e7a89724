#include "engine.h"

#include <future>
#include <utility>

#include "core/fresh_isolate.h"
#include "core/runtime.h"
#include "core/snapshot.h"
#include "signals/signal_hub.h"
#include "signals/signal_names.h"

namespace toolchain {

class IsolateAhead {
 public:
  explicit IsolateAhead(size_t max_heap_mb)
      : made_(std::async(std::launch::async, [max_heap_mb] {
          return make_fresh_isolate(embedded_snapshot(), max_heap_mb, true);
        })) {}
  std::unique_ptr<FreshIsolate> take() { return made_.get(); }

 private:
  std::future<std::unique_ptr<FreshIsolate>> made_;
};

std::shared_ptr<IsolateAhead> prepare_isolate(const RunOptions& options) {
  initialize_engine();
  return std::make_shared<IsolateAhead>(options.max_heap_mb);
}

SpareIsolate::SpareIsolate() : spare_(prepare_isolate(RunOptions{})) {}

std::shared_ptr<IsolateAhead> SpareIsolate::take(size_t max_heap_mb) {
  if (max_heap_mb != 0) return nullptr;  // the spare has V8's default heap limit
  std::lock_guard lock(mutex_);
  return std::exchange(spare_, prepare_isolate(RunOptions{}));
}

int run_program(const RunOptions& options) {
  initialize_engine();
  Runtime runtime(options, embedded_snapshot(), options.isolate_ahead ? options.isolate_ahead->take() : nullptr);
  if (options.control) options.control->attach(&runtime);
  int code = runtime.run();
  runtime.finish();
  if (options.control) {
    options.control->detach(&runtime);
    // A tool's run (one test file of many) is not the end of the invocation.
    if (!options.tool) options.control->finished(code);
  }
  return code;
}

ModuleGraph load_graph(const RunOptions& options, bool describe) {
  initialize_engine();
  Runtime runtime(options, embedded_snapshot(), nullptr, true);
  return runtime.load_graph(describe);
}

const char* v8_version() { return v8::V8::GetVersion(); }

void RunControl::terminate(int exit_code) {
  std::lock_guard lock(mutex_);
  if (runtimes_.empty()) pending_ = exit_code;
  for (Runtime* runtime : runtimes_) runtime->terminate(exit_code);
}

bool RunControl::interrupt(int signo) {
  std::lock_guard lock(mutex_);
  bool delivered = false;
  for (Runtime* runtime : runtimes_) delivered = runtime->signals().deliver(signo) || delivered;
  if (delivered) return true;
  if (signals::terminates_by_default(signo)) {
    if (runtimes_.empty()) pending_ = 128 + signo;
    for (Runtime* runtime : runtimes_) runtime->terminate(128 + signo);
  }
  return false;
}

void RunControl::attach(Runtime* runtime) {
  std::lock_guard lock(mutex_);
  runtimes_.push_back(runtime);
  if (pending_) runtime->terminate(*pending_);
}

void RunControl::detach(Runtime* runtime) {
  std::lock_guard lock(mutex_);
  std::erase(runtimes_, runtime);
}

}  // namespace toolchain
