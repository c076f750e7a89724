// JUnit XML in Deno's shape: one <testsuite> per file, one <testcase> per test
// and per step ("test > step"), <failure> with the error, <skipped/> when ignored.
#include <fstream>

#include <fmt/format.h>

#include "tools/common/discovery.h"
#include "tools/test/reporter.h"

namespace toolchain::tools::test {

namespace {

std::string escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

class JunitReporter : public Reporter {
 public:
  JunitReporter(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}

  void report(const Event&, const Record*, Tally&) override {}

  void finish(Tally& tally, double elapsed_ms) override {
    std::string suites;
    size_t total = 0, total_failures = 0, total_errors = 0;
    for (const std::string& origin : tally.origins) {
      std::string cases;
      size_t tests = 0, disabled = 0, failures = 0;
      std::string name = display_path(origin, tally.cwd());
      auto add = [&](auto& self, const Record& r, const std::string& prefix) -> void {
        std::string full = prefix.empty() ? r.name : prefix + " > " + r.name;
        ++tests;
        cases += fmt::format("        <testcase name=\"{}\" classname=\"{}\" time=\"{:.3f}\" line=\"{}\" col=\"{}\">\n",
                             escape(full), escape(name), r.duration_ms / 1000, r.location.line, r.location.column);
        if (r.outcome) {
          const Outcome& o = *r.outcome;
          if (o.kind == Outcome::Kind::Ignored) {
            ++disabled;
            cases += "            <skipped/>\n";
          } else if (o.kind == Outcome::Kind::Failed) {
            ++failures;
            std::string error = o.error;
            while (error.ends_with('\n')) error.pop_back();
            cases += fmt::format("            <failure message=\"Uncaught {}\">{}</failure>\n",
                                 escape(error.substr(0, error.find('\n'))), escape(error));
          } else if (o.kind == Outcome::Kind::FailedSteps) {
            ++failures;
            std::string what = o.failed_steps == 1 ? "1 test step failed" : fmt::format("{} test steps failed", o.failed_steps);
            cases += fmt::format("            <failure message=\"{}\">{}.</failure>\n", what, what);
          } else if (o.kind == Outcome::Kind::Cancelled) {
            ++failures;
            cases += "            <failure message=\"Test was cancelled\">Test was cancelled.</failure>\n";
          }
        }
        cases += "        </testcase>\n";
        for (uint64_t step : r.steps)
          if (const Record* s = tally.find(origin, step)) self(self, *s, full);
      };
      for (uint64_t id : tally.tests_of[origin])
        if (const Record* r = tally.find(origin, id)) add(add, *r, "");
      // An uncaught error fails the file as a whole: an <error> of the suite.
      size_t errors = 0;
      std::string suite_errors;
      for (const Failure& f : tally.failures) {
        if (!f.uncaught || f.title != name + " (uncaught error)") continue;
        ++errors;
        suite_errors += fmt::format("        <error message=\"{}\">{}</error>\n",
                                    escape(f.error.substr(0, f.error.find('\n'))), escape(f.error));
      }
      total += tests;
      total_failures += failures;
      total_errors += errors;
      suites += fmt::format("    <testsuite name=\"{}\" tests=\"{}\" disabled=\"{}\" errors=\"{}\" failures=\"{}\">\n{}{}    </testsuite>\n",
                            escape(name), tests, disabled, errors, failures, cases, suite_errors);
    }
    std::string xml = fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"deno test\" tests=\"{}\" failures=\"{}\" "
        "errors=\"{}\" time=\"{:.3f}\">\n{}</testsuites>\n",
        total, total_failures, total_errors, elapsed_ms / 1000, suites);
    if (path_ == "-") {
      write_all(fd_, xml);
    } else {
      std::ofstream out(path_, std::ios::binary | std::ios::trunc);
      out << xml;
    }
  }

 private:
  int fd_;
  std::string path_;
};

}  // namespace

std::unique_ptr<Reporter> make_junit_reporter(int fd, std::string path) {
  return std::make_unique<JunitReporter>(fd, std::move(path));
}

}  // namespace toolchain::tools::test
