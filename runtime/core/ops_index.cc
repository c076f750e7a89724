#include "core/ops_index.h"

namespace toolchain {

void register_core_ops(bridge::OpRegistry&);
void register_deno_ops(bridge::OpRegistry&);
void register_fs_ops(bridge::OpRegistry&);
void register_testing_ops(bridge::OpRegistry&);

const bridge::OpRegistry& all_ops() {
  static const bridge::OpRegistry registry = [] {
    bridge::OpRegistry r;
    register_core_ops(r);
    register_deno_ops(r);
    register_fs_ops(r);
    register_testing_ops(r);
    return r;
  }();
  return registry;
}

}  // namespace toolchain
