// The bench table reproduces the seed documents' layout to the character.
#include <gtest/gtest.h>

#include "tools/bench/bench_table.h"

using namespace toolchain::tools::bench;

TEST(BenchTable, SeedRowAndHeader) {
  Stats s;
  s.avg = 1e9 / 3034909.0;  // 329.499… ns: the seed prints 329.5 ns and 3,034,909.0 iter/s
  s.min = 318.55;
  s.max = 364.34;
  s.p75 = 331.1;
  s.p99 = 355.72;
  s.p995 = 364.34;
  EXPECT_EQ(header(16, false),
            "benchmark            time (avg)        iter/s             (min … max)       p75       p99      p995\n"
            "-------------------------------------------------------------------- -----------------------------\n");
  EXPECT_EQ(row("Headers iterator", 16, s),
            "Headers iterator    329.5 ns/iter   3,034,909.0 (318.55 ns … 364.34 ns) 331.1 ns 355.72 ns 364.34 ns");
}

TEST(BenchTable, Durations) {
  EXPECT_EQ(format_duration(2590), "2.59 µs");
  EXPECT_EQ(format_duration(0.5), "500 ps");
  EXPECT_EQ(format_duration(5), "5 ns");
  EXPECT_EQ(format_duration(12.5e6), "12.5 ms");
  EXPECT_EQ(format_rate(386372.1), "386,372.1");
}

TEST(BenchTable, ChangeAgainstPrevious) {
  Stats s;
  s.avg = 104.1;
  s.min = 100;
  s.p75 = 101;  // spread (p75 - min) / avg ≈ 1%: a 4.1% change is beyond it
  EXPECT_EQ(change(s, 100.0), "     +4.1% *");
  s.p75 = 150;  // spread ≈ 48%: within it
  EXPECT_EQ(change(s, 100.0), "     +4.1%");
  EXPECT_EQ(change(s, std::nullopt), "");
}

TEST(BenchTable, GroupSummary) {
  EXPECT_EQ(group_summary({{"a", 10, false}, {"b", 25, true}, {"c", 50, false}}),
            "summary\n  b\n   2.50x slower than a\n   2.00x faster than c\n");
  EXPECT_EQ(group_summary({{"only", 10, false}}), "");
}
