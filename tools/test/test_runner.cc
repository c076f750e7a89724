#include "tools/test/test_runner.h"

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <boost/json.hpp>
#include <fmt/format.h>

#include "tools/common/discovery.h"
#include "tools/test/reporter.h"

namespace toolchain::tools::test {

namespace {

// The runner's shared state: the tally and the reporters, behind one lock.
class Session {
 public:
  Session(const TestOptions& options, const RunOptions& base) : options_(options), tally_(base.cwd) {
    if (options.reporter == "dot") reporters_.push_back(make_dot_reporter(base.stdio.out));
    else if (options.reporter == "junit") reporters_.push_back(make_junit_reporter(base.stdio.out, "-"));
    else reporters_.push_back(make_pretty_reporter(base.stdio.out, options.jobs > 1));
    if (options.junit_path && options.reporter != "junit")
      // Relative to the caller's cwd: the daemon's own cwd is not the caller's.
      reporters_.push_back(make_junit_reporter(
          base.stdio.out, options.junit_path->starts_with('/') ? *options.junit_path : base.cwd + "/" + *options.junit_path));
  }

  // Applies events in order; false once --fail-fast's limit is reached.
  bool deliver(const std::vector<Event>& events) {
    std::lock_guard lock(mutex_);
    for (const Event& e : events) apply(e);
    return !should_stop_locked();
  }

  // --parallel: file `index` is done; files are reported in discovery order,
  // each in one piece, as soon as all before it are.
  void complete(size_t index, std::vector<Event> events) {
    std::lock_guard lock(mutex_);
    done_[index] = std::move(events);
    for (auto it = done_.find(next_); it != done_.end(); it = done_.find(++next_)) {
      for (const Event& e : it->second) apply(e);
      done_.erase(it);
    }
  }

  // A file --fail-fast kept from running still takes its turn in the order.
  bool should_stop() {
    std::lock_guard lock(mutex_);
    return should_stop_locked();
  }

  void finish(double elapsed_ms) {
    std::lock_guard lock(mutex_);
    for (auto& r : reporters_) r->finish(tally_, elapsed_ms);
  }

  Tally& tally() { return tally_; }

 private:
  bool should_stop_locked() {
    return options_.fail_fast > 0 && tally_.counts.failed + tally_.counts.failed_steps >= options_.fail_fast;
  }

  void apply(const Event& e) {
    const Record* record = tally_.apply(e);
    for (auto& r : reporters_) r->report(e, record, tally_);
    if (e.kind != Event::Kind::Uncaught) return;
    // The file's remaining tests will not run.
    for (Record* left : tally_.unfinished(e.origin)) {
      Event cancel;
      cancel.kind = Event::Kind::Result;
      cancel.origin = e.origin;
      cancel.id = left->id;
      cancel.outcome.kind = Outcome::Kind::Cancelled;
      const Record* r = tally_.apply(cancel);
      for (auto& rep : reporters_) rep->report(cancel, r, tally_);
    }
  }

  const TestOptions& options_;
  std::mutex mutex_;
  Tally tally_;
  std::vector<std::unique_ptr<Reporter>> reporters_;
  std::map<size_t, std::vector<Event>> done_;
  size_t next_ = 0;
};

// Runs one test file to the end. With `stream` its events reach the session as
// they happen; otherwise (--parallel) they are delivered together at the end so
// each file's report stays in one piece.
void run_file(size_t index, const std::string& path, const TestOptions& options, const RunOptions& base,
              Session& session, bool stream, std::shared_ptr<IsolateAhead> isolate = nullptr) {
  std::string origin = "file://" + path;
  boost::json::object config;
  config["origin"] = origin;
  config["filter"] = options.filter ? boost::json::value(*options.filter) : boost::json::value(nullptr);
  config["traceLeaks"] = options.trace_leaks;

  std::vector<Event> pending;
  std::vector<uint64_t> planned, finished;  // this file's tests, to see if the program ended early
  bool uncaught = false;
  auto hook = std::make_shared<ToolHook>();
  hook->mode = "test";
  hook->config = boost::json::serialize(config);
  auto deliver = [&](Event e) {
    if (!stream) {
      pending.push_back(std::move(e));
      return !session.should_stop();
    }
    return session.deliver({std::move(e)});
  };
  hook->on_event = [&](const std::string& json) {
    Event e = parse_event(origin, json);
    if (e.kind == Event::Kind::Plan)
      for (const auto& t : e.tests) planned.push_back(t.id);
    if (e.kind == Event::Kind::Result) finished.push_back(e.id);
    return deliver(std::move(e));
  };
  auto fail_file = [&](std::string text) {
    uncaught = true;
    Event e;
    e.kind = Event::Kind::Uncaught;
    e.origin = origin;
    e.text = std::move(text);
    deliver(std::move(e));
  };
  // The runner's own frames (built-ins, "ext:…") mean nothing to the reader.
  hook->on_uncaught = [&](const std::string& text) {
    std::string kept;
    size_t pos = 0;
    while (pos < text.size()) {
      size_t nl = text.find('\n', pos);
      size_t end = nl == std::string::npos ? text.size() : nl + 1;
      std::string_view line(text.data() + pos, end - pos);
      if (!(line.starts_with("    at ") && line.find("ext:") != std::string_view::npos)) kept += line;
      pos = end;
    }
    fail_file(kept);
  };
  RunOptions options_for_file = base;
  options_for_file.main_module = path;
  options_for_file.tool = hook;
  options_for_file.isolate_ahead = std::move(isolate);
  int code = run_program(options_for_file);
  // The program ended before its tests did (Deno.exit with sanitizeExit off).
  if (!uncaught && code != 0 && finished.size() < planned.size() && !session.should_stop())
    fail_file(fmt::format("error: The test program exited with code {} before its tests finished\n", code));
  if (!stream) session.complete(index, std::move(pending));
}

}  // namespace

int run_tests(const TestOptions& options, const RunOptions& base) {
  auto start = std::chrono::steady_clock::now();
  std::vector<std::string> files;
  try {
    files = discover(options.paths, base.cwd, "test", "test");
  } catch (const std::exception& e) {
    write_all(base.stdio.err, fmt::format("error: {}\n", e.what()));
    return 1;
  }
  if (files.empty() && !options.permit_no_files) {
    write_all(base.stdio.err, "error: No test modules found\n");
    return 1;
  }
  Session session(options, base);
  size_t jobs = std::max<size_t>(1, std::min(options.jobs, files.size()));
  if (jobs == 1) {
    // The next file's isolate is made on the other core while this one runs
    // (the first file's may come made: the daemon's spare).
    std::shared_ptr<IsolateAhead> isolate = base.isolate_ahead;
    for (size_t n = 0; n < files.size() && !session.should_stop(); ++n) {
      std::shared_ptr<IsolateAhead> next = n + 1 < files.size() ? prepare_isolate(base) : nullptr;
      run_file(n, files[n], options, base, session, true, std::move(isolate));
      isolate = std::move(next);
    }
  } else {
    std::atomic<size_t> next{0};
    std::vector<std::thread> workers;
    for (size_t i = 0; i < jobs; ++i) {
      workers.emplace_back([&] {
        for (size_t n; (n = next++) < files.size();) {
          if (session.should_stop()) session.complete(n, {});
          else run_file(n, files[n], options, base, session, false);
        }
      });
    }
    for (auto& w : workers) w.join();
  }
  double elapsed = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  session.finish(elapsed);
  const Counts& c = session.tally().counts;
  if (c.failed > 0 || c.failed_steps > 0) {
    write_all(base.stdio.err, "error: Test failed\n");
    return 1;
  }
  if (session.tally().used_only) {
    write_all(base.stdio.err, "error: Test failed because the \"only\" option was used\n");
    return 1;
  }
  return 0;
}

}  // namespace toolchain::tools::test
