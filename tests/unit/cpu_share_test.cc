// core/cpu_share: reading the runnable count from /proc/loadavg's text, and
// what counts as a busy loop.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

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

}  // namespace
}  // namespace toolchain
