#pragma once
// V8's flags are process-wide (runtime/core/platform.cc sets them once, and
// `--v8-flags` for a program that has the process to itself). One of them is
// also switched per compile, where V8 10.2 has no per-compile option.
#include <v8.h>

namespace toolchain {

// Whether the program's `--v8-flags` were set (then the runtime switches none).
bool user_v8_flags();

// While one lives, V8 compiles every function of the modules it compiles,
// not just their top level: for streaming compiles started (StartStreaming,
// their tasks run later on a worker) or for compiles on this thread. V8 10.2
// reads --lazy-streaming when a streaming task is made and --lazy when it
// compiles, and has no per-compile option, so the flag is off for the
// guard's lifetime, under a lock shared by both kinds. Each switch re-hashes
// V8's flags (a batch of tasks is started under one guard); back on, the
// flags hash in code caches is the same again. Does nothing when the
// program's own `--v8-flags` were given.
class EagerCompiles {
 public:
  enum Kind { kStreaming, kHere };
  explicit EagerCompiles(Kind kind);
  ~EagerCompiles();
  EagerCompiles(const EagerCompiles&) = delete;
  EagerCompiles& operator=(const EagerCompiles&) = delete;

 private:
  const char* restore_ = nullptr;
};

}  // namespace toolchain
