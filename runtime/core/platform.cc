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
const char kV8Flags[] = "--harmony-import-assertions";

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
