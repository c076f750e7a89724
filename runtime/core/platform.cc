// V8 is initialised once per process; every Runtime shares the platform.
#include <libplatform/libplatform.h>
#include <v8.h>

#include <memory>
#include <mutex>

#include "core/snapshot.h"
#include "engine.h"

namespace toolchain {

// --harmony-import-assertions: V8 10.2 parses `import … assert {…}` only with it;
// the transpiler rewrites `with {…}` to that form.
// --no-verify-snapshot-checksum: the snapshot is part of our own binary; a
// checksum over its 1.6 MB at every start buys nothing.
// --parallel-compile-tasks-for-lazy: the top-level functions of a script or
// module compiled from source are compiled on V8's worker thread while the
// graph loads, so their first calls do not compile them on the program's
// thread (a module read from a code cache posts none).
// --no-concurrent-array-buffer-sweeping: a young ArrayBuffer's backing store
// is freed by the GC on the program's own thread, so malloc hands it straight
// back to the next one; freed on V8's sweeper thread, every small buffer (a
// TextEncoder.encode result, a byte-stream chunk) cost a trip through malloc's
// arena lock against that thread: TextEncoder.encode of 1 KiB 1.6 -> 0.7 us.
const char kV8Flags[] =
    "--harmony-import-assertions --no-verify-snapshot-checksum --parallel-compile-tasks-for-lazy "
    "--no-concurrent-array-buffer-sweeping";

void initialize_engine() {
  static std::once_flag once;
  std::call_once(once, [] {
    v8::V8::SetFlagsFromString(kV8Flags);
    static std::unique_ptr<v8::Platform> platform = v8::platform::NewDefaultPlatform();
    v8::V8::InitializePlatform(platform.get());
    v8::V8::Initialize();
  });
}

}  // namespace toolchain
