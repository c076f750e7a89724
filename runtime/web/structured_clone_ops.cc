// structuredClone through V8's own ValueSerializer and ValueDeserializer: the
// value is written to bytes and read back, with the transferred ArrayBuffers'
// memory moved (their sources detached) rather than copied. A value V8 cannot
// clone (a function, a symbol, a WeakMap) is a DataCloneError DOMException.
#include <cstdlib>
#include <memory>
#include <vector>

#include <v8.h>

#include "bridge/op.h"
#include "core/ops_index.h"

namespace toolchain {

namespace {

void throw_data_clone_error(v8::Isolate* isolate, std::string message) {
  bridge::throw_js_error(isolate, {"DOMException.DataCloneError", std::move(message)});
}

// SharedArrayBuffers are shared, not copied: the clone sees the same memory.
struct SharedBuffers {
  std::vector<std::shared_ptr<v8::BackingStore>> stores;
};

class Serializer : public v8::ValueSerializer::Delegate {
 public:
  Serializer(v8::Isolate* isolate, SharedBuffers& shared) : isolate_(isolate), shared_(shared) {}
  void ThrowDataCloneError(v8::Local<v8::String> message) override {
    throw_data_clone_error(isolate_, bridge::to_std_string(isolate_, message));
  }
  v8::Maybe<uint32_t> GetSharedArrayBufferId(v8::Isolate*, v8::Local<v8::SharedArrayBuffer> buffer) override {
    shared_.stores.push_back(buffer->GetBackingStore());
    return v8::Just(static_cast<uint32_t>(shared_.stores.size() - 1));
  }

 private:
  v8::Isolate* isolate_;
  SharedBuffers& shared_;
};

class Deserializer : public v8::ValueDeserializer::Delegate {
 public:
  explicit Deserializer(SharedBuffers& shared) : shared_(shared) {}
  v8::MaybeLocal<v8::SharedArrayBuffer> GetSharedArrayBufferFromId(v8::Isolate* isolate, uint32_t id) override {
    return v8::SharedArrayBuffer::New(isolate, shared_.stores.at(id));
  }

 private:
  SharedBuffers& shared_;
};

// op_structured_clone(value, transfer): transfer is an array of ArrayBuffers
// (web/structured_clone.js checks the WebIDL conversion first).
void op_structured_clone(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  auto context = isolate->GetCurrentContext();
  std::vector<v8::Local<v8::ArrayBuffer>> transfer;
  if (info[1]->IsArray()) {
    auto list = info[1].As<v8::Array>();
    for (uint32_t i = 0; i < list->Length(); ++i) {
      v8::Local<v8::Value> item;
      if (!list->Get(context, i).ToLocal(&item)) return;
      if (!item->IsArrayBuffer()) return throw_data_clone_error(isolate, "Value not transferable");
      auto buffer = item.As<v8::ArrayBuffer>();
      if (buffer->WasDetached())
        return throw_data_clone_error(isolate, "ArrayBuffer at index " + std::to_string(i) + " is already detached");
      if (!buffer->IsDetachable()) return throw_data_clone_error(isolate, "Value not transferable");
      bool seen = false;  // a buffer listed twice moves once, as in Deno
      for (auto& earlier : transfer) seen = seen || earlier == buffer;
      if (!seen) transfer.push_back(buffer);
    }
  }

  SharedBuffers shared;
  Serializer serializer_delegate(isolate, shared);
  v8::ValueSerializer serializer(isolate, &serializer_delegate);
  serializer.WriteHeader();
  for (size_t i = 0; i < transfer.size(); ++i) serializer.TransferArrayBuffer(static_cast<uint32_t>(i), transfer[i]);
  if (serializer.WriteValue(context, info[0]).IsNothing()) return;  // the delegate threw
  auto [data, size] = serializer.Release();
  std::unique_ptr<uint8_t, decltype(&std::free)> bytes(data, &std::free);

  std::vector<std::shared_ptr<v8::BackingStore>> moved;
  for (auto& buffer : transfer) {
    moved.push_back(buffer->GetBackingStore());
    buffer->Detach();
  }

  Deserializer deserializer_delegate(shared);
  v8::ValueDeserializer deserializer(isolate, bytes.get(), size, &deserializer_delegate);
  if (deserializer.ReadHeader(context).IsNothing()) return;
  for (size_t i = 0; i < moved.size(); ++i)
    deserializer.TransferArrayBuffer(static_cast<uint32_t>(i), v8::ArrayBuffer::New(isolate, moved[i]));
  v8::Local<v8::Value> result;
  if (deserializer.ReadValue(context).ToLocal(&result)) info.GetReturnValue().Set(result);
}

}  // namespace

void register_structured_clone_ops(bridge::OpRegistry& r) {
  r.raw("op_structured_clone", op_structured_clone);
}

}  // namespace toolchain
