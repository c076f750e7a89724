#include "core/snapshot.h"

extern "C" const char toolchain_snapshot_start[];
extern "C" const char toolchain_snapshot_end[];

namespace toolchain {

const v8::StartupData* embedded_snapshot() {
  static const v8::StartupData data{toolchain_snapshot_start,
                                    static_cast<int>(toolchain_snapshot_end - toolchain_snapshot_start)};
  return &data;
}

}  // namespace toolchain
