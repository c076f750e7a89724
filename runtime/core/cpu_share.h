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
// Settling: while the loop is loaded and it is the process's only serving
// loop, its thread stays on the CPU it runs on (its affinity narrowed to that
// CPU; the mask it had comes back after ten milliseconds of light load or when
// the last server stops). Left free, it and wrk's two threads kept changing
// places on the two cores, and one of wrk's threads waited for a CPU behind
// the other or behind us for ~0.5 ms at a time (perf sched): hello's p99
// ~0.45 ms where Deno, always busy on one core, had ~0.25 ms. Settled, the
// p99 halves and requests/s hold (seventeenth session in bench/RESULTS.md).
// Other threads can still be moved away by the kernel; several serving loops
// in one process (`serve --parallel`, a daemon serving two programs) do not
// settle, as they could land on one CPU.
//
// The pause: where the loop has an io_uring (the server's connections), it
// waits on the ring until two more completions have come (the client has
// run and sent its next requests), at most 300 µs; else it sleeps 50 µs
// (~100 µs with the timer's slack), which left both CPUs idle once the
// waiter was done (hello's requests/s +2-15% with the ring's pause, p99
// 0.1-0.3 ms higher; bench/RESULTS.md, thirteenth session).
#include <sched.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
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
    if (holders_++ == 0) ++serving_loops_;
    if (ring) ring_ = ring;
  }
  void release() {
    if (--holders_ > 0) return;
    --serving_loops_;
    settle(false);
  }
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
  // Whether this loop's thread is settled on one CPU now.
  bool settled() const { return home_.has_value(); }

  // While one lives, a settled thread has its old affinity back, so that a
  // thread it makes (they inherit their maker's) is not bound to its CPU.
  class Spawning {
   public:
    explicit Spawning(CpuShare& share) : share_(share), was_settled_(share.settled()) { share_.settle(false); }
    ~Spawning() {
      if (was_settled_) share_.settle(true);
    }
    Spawning(const Spawning&) = delete;
    Spawning& operator=(const Spawning&) = delete;

   private:
    CpuShare& share_;
    bool was_settled_;
  };

 private:
  void check(std::chrono::steady_clock::time_point now);
  int runnable();  // now, from /proc/loadavg; -1 if it cannot be read

  void pause();
  // Narrows this thread's affinity to its CPU (stay) or gives back the mask it had.
  void settle(bool stay);

  int holders_ = 0;
  core::IoRing* ring_ = nullptr;  // the loop's, once a holder gave it (it lives as long as the loop)
  int loadavg_fd_ = -1;
  int cpus_;
  std::chrono::steady_clock::time_point window_start_{};
  int64_t window_cpu_ns_ = 0;
  bool loaded_ = false;  // in the last window
  int64_t light_ns_ = 0;  // of windows not loaded, in a row
  std::optional<cpu_set_t> home_;  // the affinity before settling, while settled
  bool cannot_settle_ = false;  // sched_setaffinity refused once: never again
  static std::atomic<int> serving_loops_;  // CpuShares held in this process
};

}  // namespace toolchain
