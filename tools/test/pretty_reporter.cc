// Deno's default test reporter: one line per test and step as they run, the
// program's output framed under the test that printed it, then the ERRORS and
// FAILURES sections and the summary line.
#include <unistd.h>

#include <cerrno>
#include <cmath>

#include <fmt/format.h>

#include "tools/common/discovery.h"
#include "tools/test/reporter.h"

namespace toolchain::tools::test {

void write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    text.remove_prefix(static_cast<size_t>(n));
  }
}

std::string human_duration(double ms, bool micros) {
  if (micros && ms < 1) return fmt::format("{}µs", static_cast<long>(std::floor(ms * 1000)));
  if (ms < 1000) return fmt::format("{}ms", static_cast<long>(std::floor(ms)));
  long seconds = static_cast<long>(std::floor(ms / 1000));
  if (seconds < 60) return fmt::format("{}s", seconds);
  return fmt::format("{}m {}s", seconds / 60, seconds % 60);
}

namespace {

std::string plural(size_t n, const char* one, const char* many) { return n == 1 ? one : many; }

std::string status(const Record& r) {
  const Outcome& o = *r.outcome;
  bool micros = r.parent == 0;
  switch (o.kind) {
    case Outcome::Kind::Ok: return fmt::format("ok ({})", human_duration(r.duration_ms, micros));
    case Outcome::Kind::Ignored: return "ignored (0ms)";
    case Outcome::Kind::Failed: return fmt::format("FAILED ({})", human_duration(r.duration_ms, micros));
    case Outcome::Kind::FailedSteps:
      return fmt::format("FAILED (due to {} failed {}) ({})", o.failed_steps, plural(o.failed_steps, "step", "steps"),
                         human_duration(r.duration_ms, micros));
    case Outcome::Kind::Cancelled: return "cancelled (0ms)";
  }
  return {};
}

class PrettyReporter : public Reporter {
 public:
  PrettyReporter(int fd, bool parallel) : fd_(fd), parallel_(parallel) {}

  void report(const Event& e, const Record* r, Tally& tally) override {
    if (parallel_) return report_parallel(e, r, tally);
    switch (e.kind) {
      case Event::Kind::Plan:
        end_output();
        if (!e.tests.empty())
          write(fmt::format("running {} {} from {}\n", e.tests.size(), plural(e.tests.size(), "test", "tests"),
                            display_path(e.origin, tally.cwd())));
        break;
      case Event::Kind::Wait:
        if (!r) break;
        end_line();
        write(r->name + " ...");
        open_ = r;
        break;
      case Event::Kind::StepWait:
        if (!r) break;
        end_output();
        end_line();
        write(std::string(static_cast<size_t>(r->level) * 2, ' ') + r->name + " ...");
        open_ = r;
        break;
      case Event::Kind::Output:
        if (!output_open_) {
          end_line();
          pretest_ = e.id == 0;
          write(pretest_ ? "------- pre-test output -------\n" : "------- output -------\n");
          output_open_ = true;
        }
        write(e.text);
        break;
      case Event::Kind::Result:
      case Event::Kind::StepResult:
        if (!r || !r->outcome) break;
        end_output();
        if (open_ == r) write(" " + status(*r) + "\n");
        else write(std::string(static_cast<size_t>(r->level) * 2, ' ') + r->name + " ... " + status(*r) + "\n");
        open_ = nullptr;
        break;
      case Event::Kind::Uncaught:
        end_output();
        end_line();
        write(fmt::format("Uncaught error from {} FAILED\n", display_path(e.origin, tally.cwd())));
        break;
    }
  }

  void report_parallel(const Event& e, const Record* r, Tally& tally) {
    std::string file = display_path(e.origin, tally.cwd());
    if (e.kind == Event::Kind::Uncaught) {
      write(fmt::format("Uncaught error from {} FAILED\n", file));
    } else if (e.kind == Event::Kind::Output) {
      write(e.text);
    } else if ((e.kind == Event::Kind::Result || e.kind == Event::Kind::StepResult) && r && r->outcome) {
      write(fmt::format("{} => {} ... {}\n", file, tally.full_name(*r), status(*r)));
    }
  }

  void finish(Tally& tally, double elapsed_ms) override {
    end_output();
    end_line();
    std::string out;
    if (!tally.failures.empty()) {
      out += "\n ERRORS \n\n";
      for (const Failure& f : tally.failures) {
        std::string error = f.error;
        while (error.ends_with('\n')) error.pop_back();
        out += f.title + "\n" + (f.uncaught ? "" : "error: ") + error + "\n";
        if (f.uncaught)
          out +=
              "This error was not caught from a test and caused the test runner to fail on the referenced module.\n"
              "It most likely originated from a dangling promise, event/timeout handler or top-level code.\n";
        out += "\n";
      }
      out += " FAILURES \n\n";
      for (const Failure& f : tally.failures) out += f.title + "\n";
    }
    const Counts& c = tally.counts;
    auto steps = [](size_t n) { return n == 0 ? std::string() : fmt::format(" ({} {})", n, n == 1 ? "step" : "steps"); };
    bool failed = c.failed > 0 || c.failed_steps > 0;
    out += fmt::format("\n{} | {} passed{} | {} failed{}", failed ? "FAILED" : "ok", c.passed, steps(c.passed_steps),
                       c.failed, steps(c.failed_steps));
    if (c.ignored > 0 || c.ignored_steps > 0) out += fmt::format(" | {} ignored{}", c.ignored, steps(c.ignored_steps));
    if (c.filtered_out > 0) out += fmt::format(" | {} filtered out", c.filtered_out);
    out += fmt::format(" ({})\n\n", human_duration(elapsed_ms, false));
    write(out);
  }

 private:
  void write(std::string_view text) { write_all(fd_, text); }
  void end_line() {
    if (open_) write("\n");
    open_ = nullptr;
  }
  void end_output() {
    if (output_open_) write(pretest_ ? "----- pre-test output end -----\n" : "----- output end -----\n");
    output_open_ = false;
  }

  int fd_;
  bool parallel_;
  const Record* open_ = nullptr;  // the test or step whose "name ..." ends the last line
  bool output_open_ = false;
  bool pretest_ = false;  // the open output block is the module's, before its tests
};

}  // namespace

std::unique_ptr<Reporter> make_pretty_reporter(int fd, bool parallel) {
  return std::make_unique<PrettyReporter>(fd, parallel);
}

}  // namespace toolchain::tools::test
