#include "core/loop_platform.h"

#include <libplatform/libplatform.h>

#include <chrono>
#include <map>
#include <vector>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

namespace toolchain {

namespace asio = boost::asio;
using Clock = std::chrono::steady_clock;

// One isolate's foreground tasks. V8 asks for the runner while the isolate is
// being made (its heap keeps it), before any loop exists: until attach() the
// tasks wait here. Posted from any thread; run on the loop's thread.
class LoopTaskRunner final : public v8::TaskRunner, public std::enable_shared_from_this<LoopTaskRunner> {
 public:
  void PostTask(std::unique_ptr<v8::Task> task) override {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    ready_.push_back(std::move(task));
    post_run();
  }

  // Tasks only ever run from the loop, never inside one another.
  void PostNonNestableTask(std::unique_ptr<v8::Task> task) override { PostTask(std::move(task)); }

  void PostDelayedTask(std::unique_ptr<v8::Task> task, double delay_in_seconds) override {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    auto delay = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(delay_in_seconds));
    delayed_.emplace(Clock::now() + delay, std::move(task));
    post_arm();
  }

  void PostNonNestableDelayedTask(std::unique_ptr<v8::Task> task, double delay_in_seconds) override {
    PostDelayedTask(std::move(task), delay_in_seconds);
  }

  void PostIdleTask(std::unique_ptr<v8::IdleTask>) override {}  // IdleTasksEnabled() says no
  bool IdleTasksEnabled() override { return false; }
  bool NonNestableTasksEnabled() const override { return true; }
  bool NonNestableDelayedTasksEnabled() const override { return true; }

  // On the loop's thread.
  void attach(asio::io_context& loop, std::function<void()> after_task) {
    after_task_ = std::move(after_task);
    timer_ = std::make_unique<asio::steady_timer>(loop);
    std::lock_guard lock(mutex_);
    if (closed_) return;
    loop_ = &loop;
    post_run();
    post_arm();
  }

  // On the loop's thread (or the isolate's, if it never had a loop). The
  // tasks are destroyed here, while the isolate still exists.
  void close() {
    std::vector<std::unique_ptr<v8::Task>> ready;
    std::multimap<Clock::time_point, std::unique_ptr<v8::Task>> delayed;
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
      loop_ = nullptr;
      ready.swap(ready_);
      delayed.swap(delayed_);
    }
    timer_.reset();  // before the loop it belongs to
    after_task_ = nullptr;
  }

 private:
  // With mutex_ held.
  void post_run() {
    if (!loop_ || run_posted_ || ready_.empty()) return;
    run_posted_ = true;
    asio::post(*loop_, [self = shared_from_this()] { self->run_ready(); });
  }
  void post_arm() {
    if (!loop_ || delayed_.empty()) return;
    asio::post(*loop_, [self = shared_from_this()] { self->arm(); });
  }

  void run_ready() {
    std::vector<std::unique_ptr<v8::Task>> ready;
    {
      std::lock_guard lock(mutex_);
      run_posted_ = false;
      if (closed_) return;
      ready.swap(ready_);
    }
    run(ready);
  }

  void run(std::vector<std::unique_ptr<v8::Task>>& tasks) {
    for (auto& task : tasks) {
      task->Run();
      task.reset();
      if (!after_task_) return;  // a task's callback ended the program (closed)
      after_task_();
    }
  }

  // The timer waits for the earliest delayed task (on the loop's thread).
  void arm() {
    Clock::time_point due;
    {
      std::lock_guard lock(mutex_);
      if (closed_ || delayed_.empty()) return;
      due = delayed_.begin()->first;
    }
    if (armed_ && armed_for_ <= due) return;
    armed_ = true;
    armed_for_ = due;
    timer_->expires_at(due);
    timer_->async_wait([self = shared_from_this()](boost::system::error_code ec) {
      if (ec) return;  // re-armed earlier, or closed
      self->armed_ = false;
      self->run_due();
    });
  }

  void run_due() {
    std::vector<std::unique_ptr<v8::Task>> due;
    {
      std::lock_guard lock(mutex_);
      if (closed_) return;
      auto now = Clock::now();
      while (!delayed_.empty() && delayed_.begin()->first <= now) {
        due.push_back(std::move(delayed_.begin()->second));
        delayed_.erase(delayed_.begin());
      }
    }
    run(due);
    arm();
  }

  std::mutex mutex_;
  bool closed_ = false;
  bool run_posted_ = false;
  asio::io_context* loop_ = nullptr;
  std::vector<std::unique_ptr<v8::Task>> ready_;
  std::multimap<Clock::time_point, std::unique_ptr<v8::Task>> delayed_;
  // The loop thread's own.
  std::function<void()> after_task_;
  std::unique_ptr<asio::steady_timer> timer_;
  bool armed_ = false;
  Clock::time_point armed_for_;
};

LoopPlatform::LoopPlatform(std::unique_ptr<v8::Platform> inner) : inner_(std::move(inner)) {}

LoopPlatform::~LoopPlatform() = default;

std::shared_ptr<v8::TaskRunner> LoopPlatform::GetForegroundTaskRunner(v8::Isolate* isolate) {
  std::lock_guard lock(mutex_);
  auto& runner = runners_[isolate];
  if (!runner) runner = std::make_shared<LoopTaskRunner>();
  return runner;
}

void LoopPlatform::attach(v8::Isolate* isolate, boost::asio::io_context& loop, std::function<void()> after_task) {
  std::shared_ptr<LoopTaskRunner> runner;
  {
    std::lock_guard lock(mutex_);
    auto& slot = runners_[isolate];
    if (!slot) slot = std::make_shared<LoopTaskRunner>();
    runner = slot;
  }
  runner->attach(loop, std::move(after_task));
}

void LoopPlatform::detach(v8::Isolate* isolate) {
  std::shared_ptr<LoopTaskRunner> runner;
  {
    std::lock_guard lock(mutex_);
    auto it = runners_.find(isolate);
    if (it == runners_.end()) return;
    runner = it->second;
  }
  runner->close();
}

void LoopPlatform::forget(v8::Isolate* isolate) {
  std::shared_ptr<LoopTaskRunner> runner;
  {
    std::lock_guard lock(mutex_);
    auto it = runners_.find(isolate);
    if (it == runners_.end()) return;
    runner = std::move(it->second);
    runners_.erase(it);
  }
  runner->close();  // destroyed outside the lock
}

}  // namespace toolchain
