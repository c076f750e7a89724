// TransferArrayBuffer for the streams: a new ArrayBuffer over the same memory,
// the old one detached. Moving the BackingStore keeps BYOB reads zero-copy
// (ArrayBuffer.prototype.transfer on V8 10.2 is a script that copies).
#include "bridge/op.h"

namespace toolchain {

namespace {

void op_transfer_array_buffer(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsArrayBuffer()) {
    bridge::throw_js_error(isolate, bridge::type_error("expected an ArrayBuffer"));
    return;
  }
  auto buffer = info[0].As<v8::ArrayBuffer>();
  if (!buffer->IsDetachable() || buffer->WasDetached()) {
    bridge::throw_js_error(isolate, bridge::type_error("Cannot transfer a non-detachable ArrayBuffer"));
    return;
  }
  auto store = buffer->GetBackingStore();
  buffer->Detach();
  info.GetReturnValue().Set(v8::ArrayBuffer::New(isolate, std::move(store)));
}

}  // namespace

void register_transfer_ops(bridge::OpRegistry& r) {
  r.raw("op_transfer_array_buffer", op_transfer_array_buffer);
}

}  // namespace toolchain
