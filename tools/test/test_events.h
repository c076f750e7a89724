#pragma once
// What a test program tells the test runner (runtime/testing/test.js sends them
// as JSON through RunOptions::tool), and the record the runner keeps of them.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace toolchain::tools::test {

struct Location {
  std::string file;  // URL
  int line = 0;
  int column = 0;
};

// How a test or step ended.
struct Outcome {
  enum class Kind { Ok, Ignored, Failed, FailedSteps, Cancelled } kind = Kind::Ok;
  std::string error;     // Failed: "error: Error: boom\n…"
  int failed_steps = 0;  // FailedSteps
};

struct Event {
  enum class Kind { Plan, Wait, Output, Result, StepWait, StepResult, Uncaught } kind = Kind::Plan;
  std::string origin;  // the test file's URL
  uint64_t id = 0;
  uint64_t parent = 0;  // StepWait
  int level = 0;        // StepWait: 1 for a test's own steps
  std::string name;     // StepWait; for Plan see `tests`
  Location location;    // StepWait
  std::string text;     // Output (the program's text), Uncaught (the report)
  bool stderr = false;  // Output
  Outcome outcome;      // Result, StepResult
  double duration_ms = 0;
  // Plan
  struct Test {
    uint64_t id;
    std::string name;
    Location location;
  };
  std::vector<Test> tests;
  size_t filtered_out = 0;
  bool used_only = false;
};

// Parses one JSON event of test.js; throws std::runtime_error if malformed.
// JSON text with each lone-surrogate escape (`\ud800`, valid JSON that
// JSON.stringify writes, refused by Boost.JSON) turned into U+FFFD.
std::string well_formed_json(const std::string& text);

Event parse_event(const std::string& origin, const std::string& json);

// One test or step as far as it has run.
struct Record {
  std::string origin;
  uint64_t id = 0;
  uint64_t parent = 0;  // 0 for a test
  int level = 0;
  std::string name;
  Location location;
  std::optional<Outcome> outcome;
  double duration_ms = 0;
  std::string output;
  std::vector<uint64_t> steps;  // ids of its steps, in the order they started
};

struct Failure {
  std::string title;  // "name => ./a_test.ts:5:6", "steps ... deep => …", "./x_test.ts (uncaught error)"
  std::string error;  // the report, without a trailing newline
  bool uncaught = false;
};

struct Counts {
  size_t passed = 0, failed = 0, ignored = 0, filtered_out = 0;
  size_t passed_steps = 0, failed_steps = 0, ignored_steps = 0;
};

// Everything the reporters need to know, built from the events of all files.
class Tally {
 public:
  explicit Tally(std::string cwd) : cwd_(std::move(cwd)) {}

  // Updates the record; returns the record the event is about (null for Plan/Uncaught).
  Record* apply(const Event& event);
  Record* find(const std::string& origin, uint64_t id);
  // Tests and steps of `origin` without an outcome when an uncaught error ended
  // it, in the order they were planned/started (the runner cancels them).
  std::vector<Record*> unfinished(const std::string& origin);
  // "outer ... inner" names down to `record`.
  std::string full_name(const Record& record);
  // "steps ... deep => ./a_test.ts:12:13"
  std::string title(const Record& record);
  const std::string& cwd() const { return cwd_; }

  Counts counts;
  bool used_only = false;
  std::vector<Failure> failures;  // in the order they happened
  std::vector<std::string> origins;  // files in the order they were planned
  std::map<std::string, std::vector<uint64_t>> tests_of;  // origin → planned test ids

 private:
  std::string cwd_;
  std::map<std::pair<std::string, uint64_t>, Record> records_;
};

}  // namespace toolchain::tools::test
