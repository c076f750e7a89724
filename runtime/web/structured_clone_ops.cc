// structuredClone through V8's own ValueSerializer and ValueDeserializer: the
// value is written to bytes and read back, with the transferred ArrayBuffers'
// memory moved (their sources detached) rather than copied. A value V8 cannot
// clone (a function, a symbol, a WeakMap) is a DataCloneError DOMException.
//
// Platform objects (web/platform_object.js) are instances of classes built on
// a FunctionTemplate with an embedder field, so V8 hands them to the delegate
// (WriteHostObject) instead of copying their own properties: the delegate asks
// JS for their parts (strings, numbers, byte arrays; or a DataCloneError) and
// JS rebuilds the object from the parts when reading.
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
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

// The tags of a platform object's parts in the serialized bytes.
enum class PartTag : uint32_t { kUndefined, kString, kNumber, kBytes };

class Serializer : public v8::ValueSerializer::Delegate {
 public:
  Serializer(v8::Isolate* isolate, SharedBuffers& shared, v8::Local<v8::Value> serialize_steps)
      : isolate_(isolate), shared_(shared), serialize_steps_(serialize_steps) {}
  void set_serializer(v8::ValueSerializer* serializer) { serializer_ = serializer; }
  void ThrowDataCloneError(v8::Local<v8::String> message) override {
    throw_data_clone_error(isolate_, bridge::to_std_string(isolate_, message));
  }
  v8::Maybe<bool> WriteHostObject(v8::Isolate* isolate, v8::Local<v8::Object> object) override {
    auto context = isolate->GetCurrentContext();
    if (!serialize_steps_->IsFunction()) {
      throw_data_clone_error(isolate, "Cannot clone object of unsupported type.");
      return v8::Nothing<bool>();
    }
    v8::Local<v8::Value> argv[] = {object};
    v8::Local<v8::Value> result;
    if (!serialize_steps_.As<v8::Function>()->Call(context, v8::Undefined(isolate), 1, argv).ToLocal(&result))
      return v8::Nothing<bool>();
    if (!result->IsArray()) {
      throw_data_clone_error(isolate, "Cannot clone object of unsupported type.");
      return v8::Nothing<bool>();
    }
    auto parts = result.As<v8::Array>();
    serializer_->WriteUint32(parts->Length());
    for (uint32_t i = 0; i < parts->Length(); ++i) {
      v8::Local<v8::Value> part;
      if (!parts->Get(context, i).ToLocal(&part)) return v8::Nothing<bool>();
      if (part->IsString()) {
        auto text = part.As<v8::String>();
        std::vector<uint16_t> units(text->Length());
        text->Write(isolate, units.data(), 0, static_cast<int>(units.size()), v8::String::NO_NULL_TERMINATION);
        serializer_->WriteUint32(static_cast<uint32_t>(PartTag::kString));
        serializer_->WriteUint32(static_cast<uint32_t>(units.size()));
        serializer_->WriteRawBytes(units.data(), units.size() * sizeof(uint16_t));
      } else if (part->IsNumber()) {
        serializer_->WriteUint32(static_cast<uint32_t>(PartTag::kNumber));
        serializer_->WriteDouble(part.As<v8::Number>()->Value());
      } else if (part->IsUint8Array()) {
        auto bytes = part.As<v8::Uint8Array>();
        std::vector<uint8_t> copy(bytes->ByteLength());
        bytes->CopyContents(copy.data(), copy.size());
        serializer_->WriteUint32(static_cast<uint32_t>(PartTag::kBytes));
        serializer_->WriteUint32(static_cast<uint32_t>(copy.size()));
        serializer_->WriteRawBytes(copy.data(), copy.size());
      } else {
        serializer_->WriteUint32(static_cast<uint32_t>(PartTag::kUndefined));
      }
    }
    ++host_objects_;
    return v8::Just(true);
  }
  uint32_t host_objects() const { return host_objects_; }
  v8::Maybe<uint32_t> GetSharedArrayBufferId(v8::Isolate*, v8::Local<v8::SharedArrayBuffer> buffer) override {
    shared_.stores.push_back(buffer->GetBackingStore());
    return v8::Just(static_cast<uint32_t>(shared_.stores.size() - 1));
  }

 private:
  v8::Isolate* isolate_;
  SharedBuffers& shared_;
  v8::Local<v8::Value> serialize_steps_;
  v8::ValueSerializer* serializer_ = nullptr;
  uint32_t host_objects_ = 0;
};

// Reading runs no JS (V8 forbids it), so each platform object is read as a
// placeholder made beforehand (an instance of PlatformObject); JS adopts the
// placeholders with their parts once the whole value is read.
class Deserializer : public v8::ValueDeserializer::Delegate {
 public:
  Deserializer(v8::Isolate* isolate, SharedBuffers& shared, std::vector<v8::Local<v8::Object>> placeholders)
      : shared_(shared), placeholders_(std::move(placeholders)), parts_(v8::Array::New(isolate)) {}
  void set_deserializer(v8::ValueDeserializer* deserializer) { deserializer_ = deserializer; }
  v8::MaybeLocal<v8::SharedArrayBuffer> GetSharedArrayBufferFromId(v8::Isolate* isolate, uint32_t id) override {
    return v8::SharedArrayBuffer::New(isolate, shared_.stores.at(id));
  }
  v8::MaybeLocal<v8::Object> ReadHostObject(v8::Isolate* isolate) override {
    auto context = isolate->GetCurrentContext();
    uint32_t count = 0;
    if (adopted_ >= placeholders_.size() || !deserializer_->ReadUint32(&count)) return fail(isolate);
    auto parts = v8::Array::New(isolate, static_cast<int>(count));
    for (uint32_t i = 0; i < count; ++i) {
      uint32_t tag = 0, length = 0;
      double number = 0;
      const void* data = nullptr;
      v8::Local<v8::Value> part = v8::Undefined(isolate);
      if (!deserializer_->ReadUint32(&tag)) return fail(isolate);
      switch (static_cast<PartTag>(tag)) {
        case PartTag::kString: {
          if (!deserializer_->ReadUint32(&length) || !deserializer_->ReadRawBytes(length * sizeof(uint16_t), &data))
            return fail(isolate);
          std::vector<uint16_t> units(length);  // the raw bytes need not be aligned
          if (length > 0) std::memcpy(units.data(), data, length * sizeof(uint16_t));
          if (!v8::String::NewFromTwoByte(isolate, units.data(), v8::NewStringType::kNormal, static_cast<int>(length))
                   .ToLocal(&part))
            return {};
          break;
        }
        case PartTag::kNumber:
          if (!deserializer_->ReadDouble(&number)) return fail(isolate);
          part = v8::Number::New(isolate, number);
          break;
        case PartTag::kBytes: {
          if (!deserializer_->ReadUint32(&length) || !deserializer_->ReadRawBytes(length, &data)) return fail(isolate);
          auto buffer = v8::ArrayBuffer::New(isolate, length);
          if (length > 0) std::memcpy(buffer->GetBackingStore()->Data(), data, length);
          part = v8::Uint8Array::New(buffer, 0, length);
          break;
        }
        case PartTag::kUndefined:
          break;
        default:
          return fail(isolate);
      }
      if (parts->Set(context, i, part).IsNothing()) return {};
    }
    // Kept in an array made outside: V8 reads inside HandleScopes of its own.
    if (parts_->Set(context, adopted_, parts).IsNothing()) return {};
    return placeholders_[adopted_++];
  }
  // Hands each placeholder and its parts to JS's adopt steps.
  bool adopt(v8::Isolate* isolate, v8::Local<v8::Value> adopt_steps) {
    auto context = isolate->GetCurrentContext();
    for (uint32_t i = 0; i < adopted_; ++i) {
      v8::Local<v8::Value> parts;
      if (!parts_->Get(context, i).ToLocal(&parts)) return false;
      v8::Local<v8::Value> argv[] = {placeholders_[i], parts};
      if (adopt_steps.As<v8::Function>()->Call(context, v8::Undefined(isolate), 2, argv).IsEmpty()) return false;
    }
    return true;
  }

 private:
  static v8::MaybeLocal<v8::Object> fail(v8::Isolate* isolate) {
    throw_data_clone_error(isolate, "Unable to deserialize cloned data.");
    return {};
  }
  SharedBuffers& shared_;
  std::vector<v8::Local<v8::Object>> placeholders_;
  v8::Local<v8::Array> parts_;  // each placeholder's parts, in reading order
  uint32_t adopted_ = 0;
  v8::ValueDeserializer* deserializer_ = nullptr;
};

// op_structured_clone(value, transfer, serializeSteps, adoptSteps, PlatformObject, checkRefused):
// transfer is an array of ArrayBuffers (web/structured_clone.js checks the
// WebIDL conversion first); the steps and the class are web/platform_object.js's;
// checkRefused(value) runs once V8 has accepted the value (so it meets no
// proxies and no functions) and throws for the platform objects Deno refuses.
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
  Serializer serializer_delegate(isolate, shared, info[2]);
  v8::ValueSerializer serializer(isolate, &serializer_delegate);
  serializer_delegate.set_serializer(&serializer);
  serializer.WriteHeader();
  for (size_t i = 0; i < transfer.size(); ++i) serializer.TransferArrayBuffer(static_cast<uint32_t>(i), transfer[i]);
  if (serializer.WriteValue(context, info[0]).IsNothing()) return;  // the delegate threw
  if (info[5]->IsFunction()) {
    v8::Local<v8::Value> argv[] = {info[0]};
    if (info[5].As<v8::Function>()->Call(context, v8::Undefined(isolate), 1, argv).IsEmpty()) return;
  }
  auto [data, size] = serializer.Release();
  std::unique_ptr<uint8_t, decltype(&std::free)> bytes(data, &std::free);

  std::vector<std::shared_ptr<v8::BackingStore>> moved;
  for (auto& buffer : transfer) {
    moved.push_back(buffer->GetBackingStore());
    buffer->Detach();
  }

  std::vector<v8::Local<v8::Object>> placeholders;
  if (serializer_delegate.host_objects() > 0) {
    if (!info[3]->IsFunction() || !info[4]->IsFunction()) return throw_data_clone_error(isolate, "no adopt steps");
    for (uint32_t i = 0; i < serializer_delegate.host_objects(); ++i) {
      v8::Local<v8::Object> placeholder;
      if (!info[4].As<v8::Function>()->NewInstance(context).ToLocal(&placeholder)) return;
      placeholders.push_back(placeholder);
    }
  }
  Deserializer deserializer_delegate(isolate, shared, std::move(placeholders));
  v8::ValueDeserializer deserializer(isolate, bytes.get(), size, &deserializer_delegate);
  deserializer_delegate.set_deserializer(&deserializer);
  if (deserializer.ReadHeader(context).IsNothing()) return;
  for (size_t i = 0; i < moved.size(); ++i)
    deserializer.TransferArrayBuffer(static_cast<uint32_t>(i), v8::ArrayBuffer::New(isolate, moved[i]));
  v8::Local<v8::Value> result;
  if (!deserializer.ReadValue(context).ToLocal(&result) || !deserializer_delegate.adopt(isolate, info[3])) return;
  info.GetReturnValue().Set(result);
}

// op_platform_object_class() → the native base of web/platform_object.js's
// PlatformObject (called once, at load): a constructor without a callback
// whose instances have one embedder field, which is what makes V8's
// serializer call WriteHostObject.
void op_platform_object_class(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  auto base = v8::FunctionTemplate::New(isolate);
  base->SetClassName(bridge::v8_str(isolate, "PlatformObject"));
  base->InstanceTemplate()->SetInternalFieldCount(1);
  v8::Local<v8::Function> constructor;
  if (base->GetFunction(isolate->GetCurrentContext()).ToLocal(&constructor)) info.GetReturnValue().Set(constructor);
}

}  // namespace

void register_structured_clone_ops(bridge::OpRegistry& r) {
  r.raw("op_structured_clone", op_structured_clone);
  r.raw("op_platform_object_class", op_platform_object_class);
}

}  // namespace toolchain
