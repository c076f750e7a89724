#include "core/ops_index.h"

namespace toolchain {

void register_core_ops(bridge::OpRegistry&);
void register_deno_ops(bridge::OpRegistry&);
void register_fs_ops(bridge::OpRegistry&);
void register_compression_ops(bridge::OpRegistry&);
void register_native_stream_ops(bridge::OpRegistry&);
void register_transfer_ops(bridge::OpRegistry&);

const bridge::OpRegistry& all_ops() {
  static const bridge::OpRegistry registry = [] {
    bridge::OpRegistry r;
    register_core_ops(r);
    register_deno_ops(r);
    register_fs_ops(r);
    register_compression_ops(r);
    register_native_stream_ops(r);
    register_transfer_ops(r);
    return r;
  }();
  return registry;
}

}  // namespace toolchain
