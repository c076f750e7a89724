#pragma once
// Test reporters: each turns the events of the test programs into what the
// user reads. They are fed one event at a time, after the Tally has applied it,
// from one thread at a time.
#include <memory>
#include <string>

#include "tools/test/test_events.h"

namespace toolchain::tools::test {

class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual void report(const Event& event, const Record* record, Tally& tally) = 0;
  // After the last file: summaries. `elapsed_ms` is the whole run.
  virtual void finish(Tally& tally, double elapsed_ms) = 0;
};

// Writes all of `text` to `fd`.
void write_all(int fd, std::string_view text);

// Deno's durations: "503µs", "12ms", "3s", "1m 5s".
std::string human_duration(double ms, bool micros);

// `parallel`: files run at once, so each line names its file and stands alone
// ("./a_test.ts => name ... ok (1ms)"), as Deno prints with --parallel.
std::unique_ptr<Reporter> make_pretty_reporter(int fd, bool parallel = false);
std::unique_ptr<Reporter> make_dot_reporter(int fd);
// The JUnit XML of the whole run, written at the end to `path` ("-": to `fd`).
std::unique_ptr<Reporter> make_junit_reporter(int fd, std::string path);

}  // namespace toolchain::tools::test
