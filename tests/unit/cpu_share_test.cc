// core/cpu_share: reading the runnable count from /proc/loadavg's text, what
// counts as a busy or a loaded loop, the linger, and settling on a CPU.
#include <gtest/gtest.h>
#include <sched.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include <boost/asio/post.hpp>

#include "core/cpu_share.h"

namespace toolchain {
namespace {

TEST(CpuShare, RunnableFromLoadavg) {
  EXPECT_EQ(CpuShare::runnable_in("0.52 0.41 0.30 3/90 12345\n"), 3);
  EXPECT_EQ(CpuShare::runnable_in("12.00 8.50 4.25 117/2048 999999\n"), 117);
}

TEST(CpuShare, MalformedLoadavgIsUnknown) {
  EXPECT_EQ(CpuShare::runnable_in(""), -1);
  EXPECT_EQ(CpuShare::runnable_in("0.52 0.41 0.30"), -1);
  EXPECT_EQ(CpuShare::runnable_in("0.52 0.41 0.30 /90 1"), -1);
  EXPECT_EQ(CpuShare::runnable_in("0.52 0.41 0.30 3"), -1);   // truncated before '/'
  EXPECT_EQ(CpuShare::runnable_in("0.52 0.41 0.30 x/90 1"), -1);
  EXPECT_EQ(CpuShare::runnable_in("0.52 0.41 0.30 99999999999999/90 1"), -1);  // stops, no overflow
}

TEST(CpuShare, ThisMachinesLoadavgParses) {
  std::ifstream file("/proc/loadavg");
  std::stringstream text;
  text << file.rdbuf();
  EXPECT_GE(CpuShare::runnable_in(text.str()), 1);  // this thread is running
}

TEST(CpuShare, BusyIsNinetyPercentOfTheWindow) {
  EXPECT_TRUE(CpuShare::busy(500'000, 500'000));
  EXPECT_TRUE(CpuShare::busy(450'000, 500'000));
  EXPECT_FALSE(CpuShare::busy(449'000, 500'000));
  EXPECT_FALSE(CpuShare::busy(0, 5'000'000));  // a loop that slept in epoll_wait
}

TEST(CpuShare, LoadedIsHalfTheWindow) {
  EXPECT_TRUE(CpuShare::loaded(250'000, 500'000));
  EXPECT_FALSE(CpuShare::loaded(249'000, 500'000));
  EXPECT_FALSE(CpuShare::loaded(0, 5'000'000));
}

// Burns this thread's CPU for `d`, then lets the share look at the window.
void busy_for(CpuShare& share, std::chrono::microseconds d) {
  auto until = std::chrono::steady_clock::now() + d;
  while (std::chrono::steady_clock::now() < until) {
  }
  share.after_handler();
}

TEST(CpuShare, NoLingerWhileNotHeld) {
  CpuShare share;
  boost::asio::io_context loop;
  bool ran = false;
  boost::asio::post(loop, [&] { ran = true; });
  EXPECT_FALSE(share.linger(loop));
  EXPECT_FALSE(ran);  // the caller's run_one() runs it
}

TEST(CpuShare, LingerRunsWhatIsReadyOnceLoaded) {
  CpuShare share;
  share.hold(nullptr);
  boost::asio::io_context loop;
  bool ran = false;
  boost::asio::post(loop, [&] { ran = true; });
  share.after_handler();  // opens a window
  EXPECT_FALSE(share.linger(loop));  // not loaded yet
  // (A window is loaded if this thread had the CPU half of it: on a machine
  // busy with other tests that can take a few windows.)
  bool lingered = false;
  for (int window = 0; window < 50 && !lingered; ++window) {
    busy_for(share, std::chrono::microseconds(1000));
    lingered = share.linger(loop);
  }
  EXPECT_TRUE(lingered);
  EXPECT_TRUE(ran);
  // Nothing more: it gives up after its few microseconds (the caller then waits).
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(share.linger(loop));
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::microseconds(20));
  share.release();
  EXPECT_FALSE(share.linger(loop));
}

cpu_set_t affinity() {
  cpu_set_t set;
  CPU_ZERO(&set);
  sched_getaffinity(0, sizeof set, &set);
  return set;
}

bool affinity_is(const cpu_set_t& expected) {
  cpu_set_t now = affinity();
  return CPU_EQUAL(&now, &expected);
}

// Loaded windows until the share settles (a few tries on a busy machine).
bool load_until_settled(CpuShare& share) {
  share.after_handler();
  for (int window = 0; window < 50 && !share.settled(); ++window) busy_for(share, std::chrono::microseconds(1000));
  return share.settled();
}

// A server's share: held, then loaded until it settles.
bool hold_and_settle(CpuShare& share) {
  share.hold(nullptr);
  return load_until_settled(share);
}

TEST(CpuShare, SettlesOnItsCpuWhileLoaded) {
  cpu_set_t before = affinity();
  CpuShare share;
  ASSERT_TRUE(hold_and_settle(share));
  cpu_set_t settled = affinity();
  EXPECT_EQ(CPU_COUNT(&settled), 1);
  EXPECT_TRUE(CPU_ISSET(sched_getcpu(), &settled));
  share.release();  // the last server stopped: free again
  EXPECT_FALSE(share.settled());
  EXPECT_TRUE(affinity_is(before));
}

TEST(CpuShare, FreeAgainAfterTenMillisecondsOfLightLoad) {
  cpu_set_t before = affinity();
  CpuShare share;
  ASSERT_TRUE(hold_and_settle(share));
  busy_for(share, std::chrono::microseconds(1000));
  std::this_thread::sleep_for(std::chrono::milliseconds(2));  // a short wait for work: stays
  share.after_handler();
  EXPECT_TRUE(share.settled());
  std::this_thread::sleep_for(std::chrono::milliseconds(11));
  share.after_handler();
  EXPECT_FALSE(share.settled());
  EXPECT_TRUE(affinity_is(before));
  share.release();
}

TEST(CpuShare, AThreadMadeWhileSpawningIsNotBound) {
  cpu_set_t before = affinity();
  CpuShare share;
  ASSERT_TRUE(hold_and_settle(share));
  bool child_free = false;
  {
    CpuShare::Spawning spawning(share);
    std::thread([&] { child_free = affinity_is(before); }).join();
  }
  EXPECT_TRUE(child_free);
  EXPECT_TRUE(share.settled());  // settled again
  share.release();
}

TEST(CpuShare, TwoServingLoopsInTheProcessDoNotSettle) {
  CpuShare first, second;
  first.hold(nullptr);
  second.hold(nullptr);
  first.after_handler();
  for (int window = 0; window < 10; ++window) busy_for(first, std::chrono::microseconds(1000));
  EXPECT_FALSE(first.settled());
  second.release();  // alone again: it settles
  EXPECT_TRUE(load_until_settled(first));
  first.release();
}

}  // namespace
}  // namespace toolchain
