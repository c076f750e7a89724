// V8 is initialised once per process; every Runtime shares the platform.
#include <libplatform/libplatform.h>
#include <v8.h>

#include <atomic>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/loop_platform.h"
#include "core/snapshot.h"
#include "core/v8_flags.h"
#include "engine.h"

namespace toolchain {

// --harmony-import-assertions: V8 10.2 parses `import … assert {…}` only with it;
// the transpiler rewrites `with {…}` to that form.
// --no-verify-snapshot-checksum: the snapshot is part of our own binary; a
// checksum over its 1.6 MB at every start buys nothing.
// Not --parallel-compile-tasks-for-lazy: most modules of a cold graph are
// compiled on our prefetch workers (streamed), whose source V8 cannot clone for
// such tasks; for the rest they cost V8's worker ~3 ms of CPU per seed-002
// cold run on the second core for no gain on the program's thread.
// --no-concurrent-array-buffer-sweeping: a young ArrayBuffer's backing store
// is freed by the GC on the program's own thread, so malloc hands it straight
// back to the next one; freed on V8's sweeper thread, every small buffer (a
// TextEncoder.encode result, a byte-stream chunk) cost a trip through malloc's
// arena lock against that thread: TextEncoder.encode of 1 KiB 1.6 -> 0.7 us.
const char kV8Flags[] =
    "--harmony-import-assertions --no-verify-snapshot-checksum --no-concurrent-array-buffer-sweeping";

namespace {
std::unique_ptr<LoopPlatform> the_platform;
std::atomic<bool> flags_from_user{false};
std::mutex eager_flag;
}

LoopPlatform& loop_platform() { return *the_platform; }

void initialize_engine() {
  static std::once_flag once;
  std::call_once(once, [] {
    v8::V8::SetFlagsFromString(kV8Flags);
    the_platform = std::make_unique<LoopPlatform>(v8::platform::NewDefaultPlatform());
    v8::V8::InitializePlatform(the_platform.get());
    v8::V8::Initialize();
  });
}

std::string set_v8_flags(const std::vector<std::string>& flags) {
  if (!flags.empty()) flags_from_user = true;
  // V8 takes the flags it knows out of argv and leaves the others.
  std::vector<std::string> copies{"toolchain"};
  copies.insert(copies.end(), flags.begin(), flags.end());
  std::vector<char*> argv;
  for (auto& flag : copies) argv.push_back(flag.data());
  int argc = static_cast<int>(argv.size());
  v8::V8::SetFlagsFromCommandLine(&argc, argv.data(), true);
  // V8's traces (--trace-opt, --trace-gc) go through C stdio: a line at a
  // time, so they interleave with the program's own output as they happen.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  return argc > 1 ? std::string(argv[1]) : std::string();
}

bool user_v8_flags() { return flags_from_user; }

EagerCompiles::EagerCompiles(Kind kind) {
  if (user_v8_flags()) return;
  eager_flag.lock();
  v8::V8::SetFlagsFromString(kind == kStreaming ? "--no-lazy-streaming" : "--no-lazy");
  restore_ = kind == kStreaming ? "--lazy-streaming" : "--lazy";
}

EagerCompiles::~EagerCompiles() {
  if (!restore_) return;
  v8::V8::SetFlagsFromString(restore_);
  eager_flag.unlock();
}

}  // namespace toolchain
