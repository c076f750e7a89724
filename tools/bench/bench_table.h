#pragma once
// The bench table of the seed documents (Deno 1.36's layout):
//
//   cpu: AMD EPYC
//   runtime: toolchain 0.1.0 (x86_64-unknown-linux-gnu)
//
//   file:///…/a_bench.ts
//   benchmark            time (avg)        iter/s             (min … max)       p75       p99      p995
//   -------------------------------------------------------------------- -----------------------------
//   Headers iterator    329.5 ns/iter   3,034,909.0 (318.55 ns … 364.34 ns) 331.1 ns 355.72 ns 364.34 ns
//
// plus, with history, a change column ("+4.1%", "*" when the change is larger
// than the run's own spread), and per group a summary against the baseline.
#include <optional>
#include <string>
#include <vector>

namespace toolchain::tools::bench {

struct Stats {
  size_t n = 0;
  double min = 0, max = 0, avg = 0, p75 = 0, p99 = 0, p995 = 0, p999 = 0;  // ns per iteration
};

// "329.5 ns", "2.59 µs": two decimals without trailing zeros.
std::string format_duration(double ns);
// "3,034,909.0"
std::string format_rate(double per_second);

std::string header(size_t name_width, bool history);
std::string row(const std::string& name, size_t name_width, const Stats& stats);
// " +4.1%", " -12.0% *" against the previous average; empty without one.
std::string change(const Stats& now, std::optional<double> previous_avg);
// "summary\n  base\n   2.50x faster than other\n…"
struct GroupEntry {
  std::string name;
  double avg;
  bool baseline;
};
std::string group_summary(const std::vector<GroupEntry>& entries);

}  // namespace toolchain::tools::bench
