// Ops behind TextEncoder, TextDecoder, atob and btoa (encoding/encoding.js).
// They read from and write into the caller's buffers directly: encode writes
// V8's UTF-8 straight into a new ArrayBuffer, encodeInto into the caller's
// Uint8Array, decode reads the caller's bytes in place.
#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "bridge/op.h"
#include "core/ops_index.h"

namespace toolchain {

namespace {

using bridge::v8_str;

void throw_error(v8::Isolate* isolate, const bridge::JsError& error) { bridge::throw_js_error(isolate, error); }

bridge::ByteView bytes_of(v8::Local<v8::Value> v) {
  return bridge::FromV8<bridge::ByteView>::get(nullptr, v);
}

// TextEncoder.encode(string) -> Uint8Array with the UTF-8 (lone surrogates as U+FFFD).
void op_encoding_encode(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  auto str = info[0].As<v8::String>();
  size_t length = static_cast<size_t>(str->Utf8Length(isolate));
  auto buffer = v8::ArrayBuffer::New(isolate, length);
  if (length > 0)
    str->WriteUtf8(isolate, static_cast<char*>(buffer->Data()), static_cast<int>(length), nullptr,
                   v8::String::REPLACE_INVALID_UTF8 | v8::String::NO_NULL_TERMINATION);
  info.GetReturnValue().Set(v8::Uint8Array::New(buffer, 0, length));
}

// TextEncoder.encodeInto(string, dest, result): writes whole code points only;
// result[0] = UTF-16 units read, result[1] = bytes written.
void op_encoding_encode_into(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  auto str = info[0].As<v8::String>();
  auto dest = bytes_of(info[1]);
  auto result = bytes_of(info[2]);
  int read = 0;
  int written = 0;
  if (dest.size > 0)
    written = str->WriteUtf8(isolate, reinterpret_cast<char*>(dest.data),
                             static_cast<int>(std::min<size_t>(dest.size, INT32_MAX)), &read,
                             v8::String::REPLACE_INVALID_UTF8 | v8::String::NO_NULL_TERMINATION);
  uint32_t pair[2] = {static_cast<uint32_t>(read), static_cast<uint32_t>(written)};
  std::memcpy(result.data, pair, sizeof pair);
}

// UTF-8 well-formedness (Unicode table 3-7), eight ASCII bytes at a time.
bool valid_utf8(const uint8_t* p, size_t n) {
  size_t i = 0;
  while (i < n) {
    if (i + 8 <= n) {
      uint64_t word;
      std::memcpy(&word, p + i, 8);
      if ((word & 0x8080808080808080ull) == 0) {
        i += 8;
        continue;
      }
    }
    uint8_t b = p[i];
    if (b < 0x80) { ++i; continue; }
    size_t need;
    uint8_t lo = 0x80, hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) need = 1;
    else if (b >= 0xE0 && b <= 0xEF) { need = 2; if (b == 0xE0) lo = 0xA0; if (b == 0xED) hi = 0x9F; }
    else if (b >= 0xF0 && b <= 0xF4) { need = 3; if (b == 0xF0) lo = 0x90; if (b == 0xF4) hi = 0x8F; }
    else return false;
    if (i + need >= n) return false;  // truncated sequence
    if (p[i + 1] < lo || p[i + 1] > hi) return false;
    for (size_t k = 2; k <= need; ++k)
      if ((p[i + k] & 0xC0) != 0x80) return false;
    i += need + 1;
  }
  return true;
}

constexpr uint16_t kWindows1252High[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

enum Encoding { kUtf8 = 0, kUtf16le = 1, kUtf16be = 2, kWindows1252 = 3 };

const bridge::JsError kInvalidData = bridge::type_error("The encoded data is not valid");

// TextDecoder.decode(bytes, encoding, fatal) -> string. Streaming callers pass
// only complete sequences (encoding.js keeps the incomplete tail).
void op_encoding_decode(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  auto bytes = bytes_of(info[0]);
  int encoding = info[1]->Int32Value(isolate->GetCurrentContext()).FromMaybe(0);
  bool fatal = info[2]->BooleanValue(isolate);
  if (bytes.size > static_cast<size_t>(INT32_MAX)) {
    throw_error(isolate, bridge::range_error("Invalid string length"));
    return;
  }
  v8::MaybeLocal<v8::String> result;
  switch (encoding) {
    case kUtf8:
      if (fatal && !valid_utf8(bytes.data, bytes.size)) return throw_error(isolate, kInvalidData);
      result = v8::String::NewFromUtf8(isolate, reinterpret_cast<const char*>(bytes.data),
                                       v8::NewStringType::kNormal, static_cast<int>(bytes.size));
      break;
    case kUtf16le:
    case kUtf16be: {
      size_t units = bytes.size / 2;
      std::vector<uint16_t> text(units + (bytes.size & 1));
      int hi = encoding == kUtf16le ? 1 : 0;
      for (size_t i = 0; i < units; ++i)
        text[i] = static_cast<uint16_t>(bytes.data[2 * i + hi] << 8 | bytes.data[2 * i + 1 - hi]);
      // Lone surrogates and an odd last byte are errors.
      for (size_t i = 0; i < units; ++i) {
        uint16_t u = text[i];
        if (u < 0xD800 || u > 0xDFFF) continue;
        if (u <= 0xDBFF && i + 1 < units && text[i + 1] >= 0xDC00 && text[i + 1] <= 0xDFFF) { ++i; continue; }
        if (fatal) return throw_error(isolate, kInvalidData);
        text[i] = 0xFFFD;
      }
      if (bytes.size & 1) {
        if (fatal) return throw_error(isolate, kInvalidData);
        text[units] = 0xFFFD;
      }
      result = v8::String::NewFromTwoByte(isolate, text.data(), v8::NewStringType::kNormal,
                                          static_cast<int>(text.size()));
      break;
    }
    case kWindows1252: {
      bool plain = true;  // no byte in 0x80-0x9F: Latin-1 is the answer as it is
      for (size_t i = 0; i < bytes.size && plain; ++i) plain = bytes.data[i] < 0x80 || bytes.data[i] > 0x9F;
      if (plain) {
        result = v8::String::NewFromOneByte(isolate, bytes.data, v8::NewStringType::kNormal,
                                            static_cast<int>(bytes.size));
        break;
      }
      std::vector<uint16_t> text(bytes.size);
      for (size_t i = 0; i < bytes.size; ++i) {
        uint8_t b = bytes.data[i];
        text[i] = b >= 0x80 && b <= 0x9F ? kWindows1252High[b - 0x80] : b;
      }
      result = v8::String::NewFromTwoByte(isolate, text.data(), v8::NewStringType::kNormal,
                                          static_cast<int>(text.size()));
      break;
    }
    default:
      return throw_error(isolate, bridge::range_error("Unknown encoding"));
  }
  v8::Local<v8::String> out;
  if (!result.ToLocal(&out)) return throw_error(isolate, bridge::range_error("Invalid string length"));
  info.GetReturnValue().Set(out);
}

// Latin-1 bytes of a string, or nullopt if a code unit is above U+00FF.
std::optional<std::string> latin1_of(v8::Isolate* isolate, v8::Local<v8::String> str) {
  std::string out(static_cast<size_t>(str->Length()), '\0');
  if (str->IsOneByte() || str->ContainsOnlyOneByte()) {
    str->WriteOneByte(isolate, reinterpret_cast<uint8_t*>(out.data()), 0, str->Length(),
                      v8::String::NO_NULL_TERMINATION);
    return out;
  }
  return std::nullopt;
}

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// btoa(string): the Latin-1 bytes of the string, base64-encoded.
void op_base64_encode(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  auto input = latin1_of(isolate, info[0].As<v8::String>());
  if (!input)
    return throw_error(isolate, {"DOMException.InvalidCharacterError",
                                 "Cannot encode string: string contains characters outside of the Latin1 range"});
  const auto* in = reinterpret_cast<const uint8_t*>(input->data());
  size_t n = input->size();
  std::string out;
  out.reserve((n + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 3 <= n; i += 3) {
    uint32_t v = in[i] << 16 | in[i + 1] << 8 | in[i + 2];
    out += kAlphabet[v >> 18];
    out += kAlphabet[(v >> 12) & 63];
    out += kAlphabet[(v >> 6) & 63];
    out += kAlphabet[v & 63];
  }
  if (n - i == 1) {
    uint32_t v = in[i] << 16;
    out += kAlphabet[v >> 18];
    out += kAlphabet[(v >> 12) & 63];
    out += "==";
  } else if (n - i == 2) {
    uint32_t v = in[i] << 16 | in[i + 1] << 8;
    out += kAlphabet[v >> 18];
    out += kAlphabet[(v >> 12) & 63];
    out += kAlphabet[(v >> 6) & 63];
    out += '=';
  }
  info.GetReturnValue().Set(v8::String::NewFromOneByte(isolate, reinterpret_cast<const uint8_t*>(out.data()),
                                                       v8::NewStringType::kNormal, static_cast<int>(out.size()))
                                .ToLocalChecked());
}

// atob(string): the WHATWG forgiving-base64 decode, as a Latin-1 string.
void op_base64_decode(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  const bridge::JsError invalid{"DOMException.InvalidCharacterError", "Failed to decode base64"};
  auto input = latin1_of(isolate, info[0].As<v8::String>());
  if (!input)
    return throw_error(isolate, {"DOMException.InvalidCharacterError", "Failed to decode base64: invalid character"});
  std::string data;
  data.reserve(input->size());
  for (char c : *input)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\f' && c != '\r') data += c;
  if (data.size() % 4 == 0 && !data.empty() && data.back() == '=') {
    data.pop_back();
    if (data.back() == '=') data.pop_back();
  }
  if (data.size() % 4 == 1) return throw_error(isolate, invalid);
  std::string out;
  out.reserve(data.size() / 4 * 3 + 2);
  uint32_t buffer = 0;
  int bits = 0;
  for (char c : data) {
    int v;
    if (c >= 'A' && c <= 'Z') v = c - 'A';
    else if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
    else if (c >= '0' && c <= '9') v = c - '0' + 52;
    else if (c == '+') v = 62;
    else if (c == '/') v = 63;
    else return throw_error(isolate, invalid);
    buffer = buffer << 6 | static_cast<uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((buffer >> bits) & 0xFF);
    }
  }
  info.GetReturnValue().Set(v8::String::NewFromOneByte(isolate, reinterpret_cast<const uint8_t*>(out.data()),
                                                       v8::NewStringType::kNormal, static_cast<int>(out.size()))
                                .ToLocalChecked());
}

}  // namespace

void register_encoding_ops(bridge::OpRegistry& r) {
  r.raw("op_encoding_encode", op_encoding_encode);
  r.raw("op_encoding_encode_into", op_encoding_encode_into);
  r.raw("op_encoding_decode", op_encoding_decode);
  r.raw("op_base64_encode", op_base64_encode);
  r.raw("op_base64_decode", op_base64_decode);
}

}  // namespace toolchain
