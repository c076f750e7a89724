#pragma once
// V8's platform, with each program's foreground tasks run by the program's
// own event loop.
//
// V8 posts work for an isolate's thread to its "foreground task runner": the
// cleanup callbacks of FinalizationRegistry, the memory reducer, a scavenge
// scheduled before new space fills up, incremental marking steps. libplatform's
// default runner only queues them until the embedder pumps it; a runtime
// attaches its Asio loop here so that they run between the loop's other
// handlers, followed by a microtask checkpoint (as Deno and Node run them).
// They never keep a program alive. Worker-thread tasks, jobs, time and tracing
// are libplatform's.
#include <v8-platform.h>

#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>

#include <boost/asio/io_context.hpp>

namespace toolchain {

class LoopTaskRunner;

class LoopPlatform final : public v8::Platform {
 public:
  explicit LoopPlatform(std::unique_ptr<v8::Platform> inner);
  ~LoopPlatform() override;

  // On the isolate's thread, with the isolate entered: from now on its
  // foreground tasks run on `loop`, each followed by `after_task`. Tasks V8
  // posted before (while the isolate was made) run now.
  void attach(v8::Isolate* isolate, boost::asio::io_context& loop, std::function<void()> after_task);
  // Before the isolate is disposed: its waiting tasks are dropped, later ones too.
  void detach(v8::Isolate* isolate);
  // After the isolate is disposed: forgets it (its address may be reused).
  void forget(v8::Isolate* isolate);

  std::shared_ptr<v8::TaskRunner> GetForegroundTaskRunner(v8::Isolate* isolate) override;
  v8::PageAllocator* GetPageAllocator() override { return inner_->GetPageAllocator(); }
  void OnCriticalMemoryPressure() override { inner_->OnCriticalMemoryPressure(); }
  bool OnCriticalMemoryPressure(size_t length) override { return inner_->OnCriticalMemoryPressure(length); }
  int NumberOfWorkerThreads() override { return inner_->NumberOfWorkerThreads(); }
  void CallOnWorkerThread(std::unique_ptr<v8::Task> task) override { inner_->CallOnWorkerThread(std::move(task)); }
  void CallBlockingTaskOnWorkerThread(std::unique_ptr<v8::Task> task) override {
    inner_->CallBlockingTaskOnWorkerThread(std::move(task));
  }
  void CallLowPriorityTaskOnWorkerThread(std::unique_ptr<v8::Task> task) override {
    inner_->CallLowPriorityTaskOnWorkerThread(std::move(task));
  }
  void CallDelayedOnWorkerThread(std::unique_ptr<v8::Task> task, double delay_in_seconds) override {
    inner_->CallDelayedOnWorkerThread(std::move(task), delay_in_seconds);
  }
  bool IdleTasksEnabled(v8::Isolate*) override { return false; }
  std::unique_ptr<v8::JobHandle> PostJob(v8::TaskPriority priority, std::unique_ptr<v8::JobTask> job_task) override {
    return inner_->PostJob(priority, std::move(job_task));
  }
  double MonotonicallyIncreasingTime() override { return inner_->MonotonicallyIncreasingTime(); }
  double CurrentClockTimeMillis() override { return inner_->CurrentClockTimeMillis(); }
  StackTracePrinter GetStackTracePrinter() override { return inner_->GetStackTracePrinter(); }
  v8::TracingController* GetTracingController() override { return inner_->GetTracingController(); }

 private:
  std::unique_ptr<v8::Platform> inner_;
  std::mutex mutex_;
  std::unordered_map<v8::Isolate*, std::shared_ptr<LoopTaskRunner>> runners_;
};

// The process's platform (initialize_engine() makes it).
LoopPlatform& loop_platform();

}  // namespace toolchain
