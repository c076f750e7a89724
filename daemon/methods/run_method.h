#pragma once
// The `run` method (docs/protocol.md): runs a program as `toolchain-engine run …`
// would, on a thread of its own, with the client's stdio, cwd and environment.
#include "server/registry.h"

namespace toolchain::daemon {

void register_run_method(MethodRegistry& registry);

}  // namespace toolchain::daemon
