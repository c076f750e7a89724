#pragma once
// Conversions between V8 values and the C++ types ops take and return.
// FromV8<T>::get reads an argument (throwing a TypeError JsError on a bad one);
// ToV8<T>::make builds a JavaScript value. Ops declare plain C++ signatures and
// these do the rest; a family of ops adds its own struct by specialising ToV8.
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include <v8.h>

#include "bridge/js_error.h"
#include "bridge/utf8.h"

namespace toolchain::bridge {

template <typename T, typename = void>
struct FromV8;
template <typename T, typename = void>
struct ToV8;

// Bytes borrowed from a Uint8Array/ArrayBuffer/ArrayBufferView argument, valid during the call.
struct ByteView {
  uint8_t* data = nullptr;
  size_t size = 0;
  std::span<uint8_t> span() const { return {data, size}; }
};

// A byte buffer handed to JavaScript as a Uint8Array without copying.
struct Bytes {
  std::vector<uint8_t> data;
};

// Passed through untouched, for ops that need V8 values themselves.
using Value = v8::Local<v8::Value>;

// UTF-8 of a value's string form; lone surrogates become U+FFFD, as in Deno.
inline std::string to_std_string(v8::Isolate* isolate, v8::Local<v8::Value> value) {
  v8::Local<v8::String> str;
  if (value->IsString()) str = value.As<v8::String>();
  else if (!value->ToString(isolate->GetCurrentContext()).ToLocal(&str)) return {};
  std::string out;
  append_utf8(isolate, str, out);
  return out;
}

// A string longer than V8's maximum (2^29 - 24 code units in V8 10.2) cannot
// be made: that is a JsError, worded as Deno words it, which an op turns into
// a TypeError instead of V8's fatal "Empty MaybeLocal" (btoa of 400 MB, a URL
// whose percent-encoding outgrows the limit).
inline v8::Local<v8::String> v8_str(v8::Isolate* isolate, std::string_view s) {
  v8::Local<v8::String> out;
  if (s.size() > static_cast<size_t>(v8::String::kMaxLength) ||
      !v8::String::NewFromUtf8(isolate, s.data(), v8::NewStringType::kNormal, static_cast<int>(s.size()))
           .ToLocal(&out))
    throw string_too_long();
  return out;
}

template <>
struct FromV8<std::string> {
  static std::string get(v8::Isolate* isolate, v8::Local<v8::Value> v) {
    if (!v->IsString()) throw type_error("Expected a string");
    return to_std_string(isolate, v);
  }
};
template <>
struct FromV8<bool> {
  static bool get(v8::Isolate* isolate, v8::Local<v8::Value> v) { return v->BooleanValue(isolate); }
};
template <typename T>
struct FromV8<T, std::enable_if_t<std::is_arithmetic_v<T> && !std::is_same_v<T, bool>>> {
  static T get(v8::Isolate* isolate, v8::Local<v8::Value> v) {
    if (v->IsNumber()) return static_cast<T>(v.As<v8::Number>()->Value());
    if (v->IsBigInt()) return static_cast<T>(v.As<v8::BigInt>()->Int64Value());
    throw type_error("Expected a number");
  }
};
template <typename T>
struct FromV8<std::optional<T>> {
  static std::optional<T> get(v8::Isolate* isolate, v8::Local<v8::Value> v) {
    if (v->IsNullOrUndefined()) return std::nullopt;
    return FromV8<T>::get(isolate, v);
  }
};
template <>
struct FromV8<Value> {
  static Value get(v8::Isolate*, v8::Local<v8::Value> v) { return v; }
};
template <>
struct FromV8<ByteView> {
  static ByteView get(v8::Isolate*, v8::Local<v8::Value> v) {
    if (v->IsArrayBufferView()) {
      auto view = v.As<v8::ArrayBufferView>();
      auto* base = static_cast<uint8_t*>(view->Buffer()->Data());
      return {base + view->ByteOffset(), view->ByteLength()};
    }
    if (v->IsArrayBuffer()) {
      auto buffer = v.As<v8::ArrayBuffer>();
      return {static_cast<uint8_t*>(buffer->Data()), buffer->ByteLength()};
    }
    throw type_error("Expected an ArrayBuffer or ArrayBufferView");
  }
};
template <typename T>
struct FromV8<std::vector<T>> {
  static std::vector<T> get(v8::Isolate* isolate, v8::Local<v8::Value> v) {
    if (!v->IsArray()) throw type_error("Expected an array");
    auto array = v.As<v8::Array>();
    auto context = isolate->GetCurrentContext();
    std::vector<T> out;
    out.reserve(array->Length());
    for (uint32_t i = 0; i < array->Length(); ++i) {
      v8::Local<v8::Value> element;
      if (!array->Get(context, i).ToLocal(&element)) throw JsExceptionPending{};
      out.push_back(FromV8<T>::get(isolate, element));
    }
    return out;
  }
};

template <>
struct ToV8<std::string> {
  static v8::Local<v8::Value> make(v8::Isolate* isolate, const std::string& s) { return v8_str(isolate, s); }
};
template <>
struct ToV8<bool> {
  static v8::Local<v8::Value> make(v8::Isolate* isolate, bool b) { return v8::Boolean::New(isolate, b); }
};
template <typename T>
struct ToV8<T, std::enable_if_t<std::is_arithmetic_v<T> && !std::is_same_v<T, bool>>> {
  static v8::Local<v8::Value> make(v8::Isolate* isolate, T n) {
    return v8::Number::New(isolate, static_cast<double>(n));
  }
};
template <typename T>
struct ToV8<std::optional<T>> {
  static v8::Local<v8::Value> make(v8::Isolate* isolate, const std::optional<T>& v) {
    if (!v) return v8::Null(isolate);
    return ToV8<T>::make(isolate, *v);
  }
};
template <typename T>
struct ToV8<std::vector<T>> {
  static v8::Local<v8::Value> make(v8::Isolate* isolate, const std::vector<T>& items) {
    std::vector<v8::Local<v8::Value>> values;
    values.reserve(items.size());
    for (const auto& item : items) values.push_back(ToV8<T>::make(isolate, item));
    return v8::Array::New(isolate, values.data(), values.size());
  }
};
template <>
struct ToV8<Bytes> {
  static v8::Local<v8::Value> make(v8::Isolate* isolate, Bytes bytes) {
    auto* heap = new std::vector<uint8_t>(std::move(bytes.data));
    size_t size = heap->size();
    auto store = v8::ArrayBuffer::NewBackingStore(
        heap->data(), size, [](void*, size_t, void* owner) { delete static_cast<std::vector<uint8_t>*>(owner); },
        heap);
    auto buffer = v8::ArrayBuffer::New(isolate, std::move(store));
    return v8::Uint8Array::New(buffer, 0, size);
  }
};
template <>
struct ToV8<Value> {
  static v8::Local<v8::Value> make(v8::Isolate*, Value v) { return v; }
};

// Builds a plain object from name/value pairs: object(isolate, "size", 3, "isFile", true).
inline void set_fields(v8::Isolate*, v8::Local<v8::Context>, v8::Local<v8::Object>) {}
template <typename V, typename... Rest>
void set_fields(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> obj,
                const char* name, const V& value, const Rest&... rest) {
  obj->Set(context, v8_str(isolate, name), ToV8<V>::make(isolate, value)).FromMaybe(false);  // fails only if terminating
  set_fields(isolate, context, obj, rest...);
}
template <typename... Fields>
v8::Local<v8::Object> object(v8::Isolate* isolate, const Fields&... fields) {
  auto obj = v8::Object::New(isolate);
  set_fields(isolate, isolate->GetCurrentContext(), obj, fields...);
  return obj;
}

}  // namespace toolchain::bridge
