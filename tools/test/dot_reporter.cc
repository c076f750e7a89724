// --reporter=dot: one character per finished test or step ("." ok, "," ignored,
// "!" failed), then the same ERRORS, FAILURES and summary as the pretty reporter.
#include "tools/test/reporter.h"

namespace toolchain::tools::test {

namespace {

class DotReporter : public Reporter {
 public:
  explicit DotReporter(int fd) : fd_(fd), summary_(make_pretty_reporter(fd)) {}

  void report(const Event& e, const Record* r, Tally&) override {
    if ((e.kind != Event::Kind::Result && e.kind != Event::Kind::StepResult) || !r || !r->outcome) return;
    switch (r->outcome->kind) {
      case Outcome::Kind::Ok: write_all(fd_, ".\n"); break;
      case Outcome::Kind::Ignored: write_all(fd_, ",\n"); break;
      default: write_all(fd_, "!\n"); break;
    }
  }

  void finish(Tally& tally, double elapsed_ms) override { summary_->finish(tally, elapsed_ms); }

 private:
  int fd_;
  std::unique_ptr<Reporter> summary_;  // only its finish() is used
};

}  // namespace

std::unique_ptr<Reporter> make_dot_reporter(int fd) { return std::make_unique<DotReporter>(fd); }

}  // namespace toolchain::tools::test
