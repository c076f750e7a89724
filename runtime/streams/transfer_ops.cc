// Two engine-level helpers the streams need and JavaScript lacks:
// TransferArrayBuffer, a new ArrayBuffer over the same memory with the old one
// detached (moving the BackingStore keeps BYOB reads zero-copy, where
// ArrayBuffer.prototype.transfer on V8 10.2 is a script that copies); and
// "set promise.[[PromiseIsHandled]] to true" without adding a reaction.
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
    bridge::throw_js_error(isolate, bridge::type_error("ArrayBuffer is not detachable and could not be cloned."));
    return;
  }
  auto store = buffer->GetBackingStore();
  buffer->Detach();
  info.GetReturnValue().Set(v8::ArrayBuffer::New(isolate, std::move(store)));
}

void op_promise_mark_handled(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (info[0]->IsPromise()) info[0].As<v8::Promise>()->MarkAsHandled();
}

}  // namespace

void register_transfer_ops(bridge::OpRegistry& r) {
  r.raw("op_transfer_array_buffer", op_transfer_array_buffer);
  r.raw("op_promise_mark_handled", op_promise_mark_handled);
}

}  // namespace toolchain
