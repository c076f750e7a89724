#include "engine.h"

#include "core/runtime.h"
#include "core/snapshot.h"

namespace toolchain {

int run_program(const RunOptions& options) {
  initialize_engine();
  Runtime runtime(options, embedded_snapshot());
  return runtime.run();
}

}  // namespace toolchain
