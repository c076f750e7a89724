#include "core/ops_index.h"

namespace toolchain {

void register_core_ops(bridge::OpRegistry&);
void register_deno_ops(bridge::OpRegistry&);
void register_fs_ops(bridge::OpRegistry&);
void register_fs_file_ops(bridge::OpRegistry&);
void register_io_ops(bridge::OpRegistry&);
void register_signal_ops(bridge::OpRegistry&);
void register_url_ops(bridge::OpRegistry&);
void register_encoding_ops(bridge::OpRegistry&);
void register_events_ops(bridge::OpRegistry&);
void register_structured_clone_ops(bridge::OpRegistry&);
void register_navigator_ops(bridge::OpRegistry&);
void register_crypto_ops(bridge::OpRegistry&);
void register_compression_ops(bridge::OpRegistry&);
void register_native_stream_ops(bridge::OpRegistry&);
void register_transfer_ops(bridge::OpRegistry&);
void register_fetch_ops(bridge::OpRegistry&);
void register_testing_ops(bridge::OpRegistry&);
void register_http_server_ops(bridge::OpRegistry&);
void register_websocket_ops(bridge::OpRegistry&);

const bridge::OpRegistry& all_ops() {
  static const bridge::OpRegistry registry = [] {
    bridge::OpRegistry r;
    register_core_ops(r);
    register_deno_ops(r);
    register_fs_ops(r);
    register_fs_file_ops(r);
    register_io_ops(r);
    register_signal_ops(r);
    register_url_ops(r);
    register_encoding_ops(r);
    register_events_ops(r);
    register_structured_clone_ops(r);
    register_navigator_ops(r);
    register_crypto_ops(r);
    register_compression_ops(r);
    register_native_stream_ops(r);
    register_transfer_ops(r);
    register_fetch_ops(r);
    register_testing_ops(r);
    register_http_server_ops(r);
    register_websocket_ops(r);
    return r;
  }();
  return registry;
}

}  // namespace toolchain
