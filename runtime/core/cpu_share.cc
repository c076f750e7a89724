#include "core/cpu_share.h"

#include <fcntl.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

#include <thread>

namespace toolchain {

namespace {

// Measured with wrk on this project's 2-core machine (bench/RESULTS.md,
// 2026-12-05): a 1 ms window left p99 at ~1.1 ms, 500 µs at ~0.8 ms; the sleep
// is about what a client thread needs to read its responses and send the next
// requests (the timer's 50 µs slack comes on top). On the ring, the pause ends
// when the client has sent again: waiting for one completion ended it too soon
// (one from the client's other thread), 300 µs or 500 µs and two or three
// completions measured alike (thirteenth session).
constexpr auto kWindow = std::chrono::microseconds(500);
constexpr auto kSleep = std::chrono::microseconds(50);
constexpr auto kRingPause = std::chrono::microseconds(300);
constexpr unsigned kRingCompletions = 2;
// About a vCPU's wake-up (~25 µs) and a fifth of hello's batch of ten: 10 µs
// measured alike to no linger, 20 and 50 µs alike to each other.
constexpr auto kLinger = std::chrono::microseconds(20);
// Light load (windows not loaded, in a row, or a long wait for work) before a
// settled loop is free again: a dip of a window or two under load must not
// start the moves over.
constexpr auto kUnsettleAfter = std::chrono::milliseconds(10);

int64_t thread_cpu_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

}  // namespace

std::atomic<int> CpuShare::serving_loops_{0};

CpuShare::CpuShare() : cpus_(static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN))) {}

CpuShare::~CpuShare() {
  if (holders_ > 0) --serving_loops_;
  settle(false);
  if (loadavg_fd_ >= 0) ::close(loadavg_fd_);
}

int CpuShare::runnable_in(std::string_view text) {
  // The fourth field, "runnable/total".
  size_t i = 0;
  for (int spaces = 0; i < text.size() && spaces < 3; ++i)
    if (text[i] == ' ') ++spaces;
  size_t start = i;
  int n = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9' && n < 1000000; ++i) n = n * 10 + (text[i] - '0');
  return i > start && i < text.size() && text[i] == '/' ? n : -1;
}

bool CpuShare::busy(int64_t cpu_ns, int64_t wall_ns) { return cpu_ns * 10 >= wall_ns * 9; }

bool CpuShare::loaded(int64_t cpu_ns, int64_t wall_ns) { return cpu_ns * 2 >= wall_ns; }

bool CpuShare::linger(boost::asio::io_context& loop) {
  if (holders_ == 0 || !loaded_) return false;
  auto until = std::chrono::steady_clock::now() + kLinger;
  for (;;) {
    // (A poll with nothing ready looks at epoll without waiting; any system
    // call also lets the kernel post the ring's completions.)
    if (loop.poll_one() > 0) return true;
    if (std::chrono::steady_clock::now() >= until) return false;
    sched_yield();
  }
}

int CpuShare::runnable() {
  if (loadavg_fd_ < 0) loadavg_fd_ = ::open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
  char text[128];
  ssize_t n = loadavg_fd_ < 0 ? -1 : ::pread(loadavg_fd_, text, sizeof text, 0);
  return n > 0 ? runnable_in(std::string_view(text, static_cast<size_t>(n))) : -1;
}

void CpuShare::settle(bool stay) {
  if (stay == home_.has_value()) return;
  if (!stay) {
    sched_setaffinity(0, sizeof *home_, &*home_);
    home_.reset();
    return;
  }
  if (cannot_settle_) return;
  cpu_set_t home, here;
  int cpu = sched_getcpu();
  CPU_ZERO(&here);
  if (cpu >= 0) CPU_SET(cpu, &here);
  if (cpu < 0 || sched_getaffinity(0, sizeof home, &home) != 0 || sched_setaffinity(0, sizeof here, &here) != 0) {
    cannot_settle_ = true;
    return;
  }
  home_ = home;
}

void CpuShare::pause() {
  if (ring_ && ring_->open()) ring_->wait_for_more(kRingCompletions, kRingPause);
  else std::this_thread::sleep_for(kSleep);
}

void CpuShare::check(std::chrono::steady_clock::time_point now) {
  auto wall = now - window_start_;
  if (wall < kWindow) return;
  int64_t cpu = thread_cpu_ns();
  int64_t wall_ns = std::chrono::nanoseconds(wall).count();
  loaded_ = loaded(cpu - window_cpu_ns_, wall_ns);
  light_ns_ = loaded_ ? 0 : light_ns_ + wall_ns;
  if (loaded_ && serving_loops_.load(std::memory_order_relaxed) == 1) settle(true);
  else if (loaded_ || light_ns_ >= std::chrono::nanoseconds(kUnsettleAfter).count()) settle(false);
  // /proc/loadavg is read only when the loop was busy, at most once a window.
  if (busy(cpu - window_cpu_ns_, wall_ns) && runnable() > cpus_) {
    pause();
    now = std::chrono::steady_clock::now();
  }
  window_start_ = now;
  window_cpu_ns_ = cpu;
}

}  // namespace toolchain
