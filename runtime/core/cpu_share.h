#pragma once
// Leaving the CPU, briefly, to a thread that waits for it while a server's
// loop is saturated. Under Linux's EEVDF scheduler a thread woken on the CPU
// where our loop runs handlers back to back is often not yet "eligible" and
// then waits for the next scheduler tick (4 ms at HZ=250) however short our
// time slice: with wrk on the same 2 cores that was ~2.5 ms of every 8 ms for
// one of its threads (p99 3 ms where the slower Deno, whose loop idles in
// between, had 1.3 ms). sched_yield() does not help (the waiter is still not
// eligible); only blocking does. So when the loop has been busy for at least
// 90% of the last half millisecond and more threads are runnable than there
// are CPUs, it pauses. Alone on a machine, or with idle moments, it never
// pauses.
//
// The linger, the other side of the same coin: while the loop is loaded (half
// of the last window or more), it does not go to sleep as soon as it has
// nothing to do. For up to 20 µs it polls for work, yielding the CPU between
// polls. A vCPU of this machine that goes idle halts, and waking it again
// costs the next request ~25 µs (perf sched: a client thread's wake-up on
// the idle CPU); polling keeps it awake, and the yield hands it to a waiting
// client thread at once (hello's requests/s +5-8% interleaved; the sixteenth
// session in bench/RESULTS.md). Alone on a machine nothing waits, and a
// lightly loaded loop never lingers.
//
// The pause: where the loop has an io_uring (the server's connections), it
// waits on the ring until two more completions have come (the client has
// run and sent its next requests), at most 300 µs; else it sleeps 50 µs
// (~100 µs with the timer's slack), which left both CPUs idle once the
// waiter was done (hello's requests/s +2-15% with the ring's pause, p99
// 0.1-0.3 ms higher; bench/RESULTS.md, thirteenth session).
#include <chrono>
#include <cstdint>
#include <string_view>

#include <boost/asio/io_context.hpp>

#include "core/io_ring.h"

namespace toolchain {

class CpuShare {
 public:
  CpuShare();
  ~CpuShare();
  CpuShare(const CpuShare&) = delete;
  CpuShare& operator=(const CpuShare&) = delete;

  // While at least one holder wants it (an HTTP server that listens). `ring`,
  // if not null, is the loop's: the pause waits on it.
  void hold(core::IoRing* ring) {
    ++holders_;
    if (ring) ring_ = ring;
  }
  void release() { --holders_; }
  // Called by the loop after each handler; cheap until a window (500 µs) has passed.
  void after_handler() {
    if (holders_ > 0) check(std::chrono::steady_clock::now());
  }

  // Instead of the loop's blocking run_one(): while loaded, runs one handler
  // that is ready within the linger and says true; false if the loop should
  // wait as usual (not loaded, or nothing came).
  bool linger(boost::asio::io_context& loop);

  // The number of runnable threads in /proc/loadavg's text ("0.5 0.4 0.3 3/90 123"), or -1.
  static int runnable_in(std::string_view loadavg);
  // Whether a loop that used `cpu_ns` of CPU in `wall_ns` never waited for work (>= 90%).
  static bool busy(int64_t cpu_ns, int64_t wall_ns);
  // Whether it used at least half of the window: worth lingering.
  static bool loaded(int64_t cpu_ns, int64_t wall_ns);

 private:
  void check(std::chrono::steady_clock::time_point now);
  int runnable();  // now, from /proc/loadavg; -1 if it cannot be read

  void pause();

  int holders_ = 0;
  core::IoRing* ring_ = nullptr;  // the loop's, once a holder gave it (it lives as long as the loop)
  int loadavg_fd_ = -1;
  int cpus_;
  std::chrono::steady_clock::time_point window_start_{};
  int64_t window_cpu_ns_ = 0;
  bool loaded_ = false;  // in the last window
};

}  // namespace toolchain
