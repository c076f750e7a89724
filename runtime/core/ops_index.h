#pragma once
#include "bridge/op.h"

namespace toolchain {
// Every op of every API family, in one fixed order (the snapshot depends on it).
const bridge::OpRegistry& all_ops();
}  // namespace toolchain
