#pragma once
// V8's precise (block) coverage of one program, through the inspector protocol:
// v8::debug::Coverage is not public API, but v8_inspector is (libnode108 ships
// v8-inspector.h and exports V8Inspector::create), and its Profiler domain
// offers startPreciseCoverage / takePreciseCoverage. Each file: script's
// ScriptCoverage (V8's JSON) goes to DIR/<uuid>.json, as `deno test
// --coverage` writes it.
#include <memory>
#include <string>

#include <v8.h>

namespace toolchain::coverage {

class PreciseCoverage {
 public:
  // Starts counting in `context` (before any user code is compiled).
  PreciseCoverage(v8::Isolate* isolate, v8::Local<v8::Context> context);
  ~PreciseCoverage();
  // Takes the counts and writes them into `dir` (created if missing). Returns
  // an error message, or empty.
  std::string write(const std::string& dir);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace toolchain::coverage
