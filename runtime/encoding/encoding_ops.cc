// Ops behind TextEncoder, TextDecoder, atob and btoa (encoding/encoding.js).
// They read from and write into the caller's buffers directly: encode writes
// V8's UTF-8 straight into a new ArrayBuffer, encodeInto into the caller's
// Uint8Array, decode reads the caller's bytes in place.
#include <algorithm>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bridge/op.h"
#include "bridge/utf8.h"
#include "core/ops_index.h"

namespace toolchain {

namespace {

using bridge::v8_str;

void throw_error(v8::Isolate* isolate, const bridge::JsError& error) { bridge::throw_js_error(isolate, error); }

// The bytes of an ArrayBuffer or view, or nullopt (the op then throws a TypeError).
std::optional<bridge::ByteView> bytes_of(v8::Local<v8::Value> v) {
  if (!v->IsArrayBufferView() && !v->IsArrayBuffer()) return std::nullopt;
  return bridge::FromV8<bridge::ByteView>::get(nullptr, v);
}

const bridge::JsError kNotBytes = bridge::type_error("Expected an ArrayBuffer or ArrayBufferView");

// TextEncoder.encode(string) -> Uint8Array with the UTF-8 (lone surrogates as U+FFFD).
void op_encoding_encode(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  if (!info[0]->IsString()) return throw_error(isolate, bridge::type_error("Expected a string"));
  auto str = info[0].As<v8::String>();
  // A one-byte string that is all ASCII (most text) is its own UTF-8: copied
  // as it is, without measuring and encoding it character by character.
  if (str->IsOneByte()) {
    int n = str->Length();
    auto buffer = v8::ArrayBuffer::New(isolate, static_cast<size_t>(n));
    auto* data = static_cast<uint8_t*>(buffer->Data());
    if (n > 0) str->WriteOneByte(isolate, data, 0, n, v8::String::NO_NULL_TERMINATION);
    if (bridge::ascii_prefix(data, static_cast<size_t>(n)) == static_cast<size_t>(n)) {
      info.GetReturnValue().Set(v8::Uint8Array::New(buffer, 0, static_cast<size_t>(n)));
      return;
    }
  }
  thread_local std::string utf8;  // (kept for the thread unless very long)
  utf8.clear();
  bridge::append_utf8(isolate, str, utf8);
  auto buffer = v8::ArrayBuffer::New(isolate, utf8.size());
  if (!utf8.empty()) std::memcpy(buffer->Data(), utf8.data(), utf8.size());
  info.GetReturnValue().Set(v8::Uint8Array::New(buffer, 0, utf8.size()));
  if (utf8.capacity() > (1u << 20)) std::string().swap(utf8);
}

// TextEncoder.encodeInto(string, dest, result): writes whole code points only;
// result[0] = UTF-16 units read, result[1] = bytes written.
void op_encoding_encode_into(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  if (!info[0]->IsString() || !info[1]->IsUint8Array() || !info[2]->IsUint32Array() ||
      info[2].As<v8::Uint32Array>()->Length() < 2)
    return throw_error(isolate, bridge::type_error("Expected a string, a Uint8Array and a Uint32Array(2)"));
  auto str = info[0].As<v8::String>();
  auto dest = *bytes_of(info[1]);
  auto result = *bytes_of(info[2]);
  int read = 0;
  int written = 0;
  if (dest.size > 0)
    written = str->WriteUtf8(isolate, reinterpret_cast<char*>(dest.data),
                             static_cast<int>(std::min<size_t>(dest.size, INT32_MAX)), &read,
                             v8::String::REPLACE_INVALID_UTF8 | v8::String::NO_NULL_TERMINATION);
  uint32_t pair[2] = {static_cast<uint32_t>(read), static_cast<uint32_t>(written)};
  std::memcpy(result.data, pair, sizeof pair);
}

// UTF-8 to UTF-16 by the Encoding Standard's decoder: each maximal subpart of
// an ill-formed sequence becomes one U+FFFD, or, if `fatal`, the whole decode
// fails (returns false). `out` has room for n units; *written says how many.
bool decode_utf8(const uint8_t* p, size_t n, bool fatal, uint16_t* out, size_t* written) {
  size_t i = 0, o = 0;
  while (i < n) {
    uint8_t b = p[i];
    if (b < 0x80) {
      size_t run = bridge::ascii_prefix(p + i, n - i);
      for (size_t k = 0; k < run; ++k) out[o + k] = p[i + k];
      i += run;
      o += run;
      continue;
    }
    size_t need;
    uint32_t cp;
    uint8_t lo = 0x80, hi = 0xBF;  // the second byte's range narrows after E0, ED, F0, F4
    if (b >= 0xC2 && b <= 0xDF) { need = 1; cp = b & 0x1F; }
    else if (b >= 0xE0 && b <= 0xEF) { need = 2; cp = b & 0x0F; if (b == 0xE0) lo = 0xA0; if (b == 0xED) hi = 0x9F; }
    else if (b >= 0xF0 && b <= 0xF4) { need = 3; cp = b & 0x07; if (b == 0xF0) lo = 0x90; if (b == 0xF4) hi = 0x8F; }
    else {
      if (fatal) return false;
      out[o++] = 0xFFFD;
      ++i;
      continue;
    }
    size_t j = i + 1, seen = 0;
    for (; seen < need && j < n && p[j] >= lo && p[j] <= hi; ++seen, ++j) {
      cp = cp << 6 | (p[j] & 0x3F);
      lo = 0x80;
      hi = 0xBF;
    }
    i = j;  // a byte that broke the sequence is read again as the start of the next
    if (seen < need) {
      if (fatal) return false;
      out[o++] = 0xFFFD;
    } else if (cp >= 0x10000) {
      cp -= 0x10000;
      out[o++] = static_cast<uint16_t>(0xD800 | (cp >> 10));
      out[o++] = static_cast<uint16_t>(0xDC00 | (cp & 0x3FF));
    } else {
      out[o++] = static_cast<uint16_t>(cp);
    }
  }
  *written = o;
  return true;
}

// Scratch memory reused across calls, so that decoding allocates nothing but
// the string it returns; a buffer grown past 1 MiB is let go after the call.
template <typename T, int Slot>
class Scratch {
 public:
  Scratch() = default;
  Scratch(const Scratch&) = delete;
  ~Scratch() {
    if (buffer().capacity() * sizeof(T) > (1 << 20)) std::vector<T>().swap(buffer());
  }
  std::vector<T>& operator*() { return buffer(); }

 private:
  static std::vector<T>& buffer() {
    static thread_local std::vector<T> instance;
    return instance;
  }
};

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
  auto maybe_bytes = bytes_of(info[0]);
  if (!maybe_bytes) return throw_error(isolate, kNotBytes);
  auto bytes = *maybe_bytes;
  int encoding = info[1]->Int32Value(isolate->GetCurrentContext()).FromMaybe(0);
  bool fatal = info[2]->BooleanValue(isolate);
  // A text over V8's maximum string length, in Deno's words (its UTF-8 path
  // and its UTF-16 one word it differently).
  // (Made only when needed: decode is a hot path.)
  auto too_long = [encoding] {
    return encoding == kUtf8 ? bridge::type_error("buffer exceeds maximum length") : bridge::utf16_string_too_long();
  };
  if (bytes.size > static_cast<size_t>(INT32_MAX)) return throw_error(isolate, too_long());
  v8::MaybeLocal<v8::String> result;
  switch (encoding) {
    case kUtf8: {
      if (bridge::ascii_prefix(bytes.data, bytes.size) == bytes.size) {
        result = v8::String::NewFromOneByte(isolate, bytes.data, v8::NewStringType::kNormal,
                                            static_cast<int>(bytes.size));
        break;
      }
      Scratch<uint16_t, 0> scratch;
      auto& text = *scratch;
      if (text.size() < bytes.size) text.resize(bytes.size);
      size_t units = 0;
      if (!decode_utf8(bytes.data, bytes.size, fatal, text.data(), &units)) return throw_error(isolate, kInvalidData);
      result = v8::String::NewFromTwoByte(isolate, text.data(), v8::NewStringType::kNormal, static_cast<int>(units));
      break;
    }
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
  if (!result.ToLocal(&out)) return throw_error(isolate, too_long());
  info.GetReturnValue().Set(out);
}

// The Latin-1 bytes of a string into `out` (resized), or false if a code unit is above U+00FF.
bool latin1_of(v8::Isolate* isolate, v8::Local<v8::String> str, std::vector<uint8_t>& out) {
  if (!str->IsOneByte() && !str->ContainsOnlyOneByte()) return false;
  out.resize(static_cast<size_t>(str->Length()));
  str->WriteOneByte(isolate, out.data(), 0, str->Length(), v8::String::NO_NULL_TERMINATION);
  return true;
}

void return_latin1(const v8::FunctionCallbackInfo<v8::Value>& info, const uint8_t* data, size_t size) {
  v8::Local<v8::String> out;
  if (size > static_cast<size_t>(v8::String::kMaxLength) ||
      !v8::String::NewFromOneByte(info.GetIsolate(), data, v8::NewStringType::kNormal, static_cast<int>(size))
           .ToLocal(&out))
    return throw_error(info.GetIsolate(), bridge::string_too_long());
  info.GetReturnValue().Set(out);
}

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// btoa(string): the Latin-1 bytes of the string, base64-encoded.
void op_base64_encode(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  Scratch<uint8_t, 0> in_scratch;
  Scratch<uint8_t, 1> out_scratch;
  auto& in = *in_scratch;
  if (!info[0]->IsString()) return throw_error(isolate, bridge::type_error("Expected a string"));
  if (!latin1_of(isolate, info[0].As<v8::String>(), in))
    return throw_error(isolate, {"DOMException.InvalidCharacterError",
                                 "Cannot encode string: string contains characters outside of the Latin1 range"});
  size_t n = in.size();
  auto& out = *out_scratch;
  out.resize((n + 2) / 3 * 4);
  uint8_t* o = out.data();
  size_t i = 0;
  for (; i + 3 <= n; i += 3, o += 4) {
    uint32_t v = in[i] << 16 | in[i + 1] << 8 | in[i + 2];
    o[0] = kAlphabet[v >> 18];
    o[1] = kAlphabet[(v >> 12) & 63];
    o[2] = kAlphabet[(v >> 6) & 63];
    o[3] = kAlphabet[v & 63];
  }
  if (i < n) {
    uint32_t v = in[i] << 16 | (i + 1 < n ? in[i + 1] << 8 : 0);
    o[0] = kAlphabet[v >> 18];
    o[1] = kAlphabet[(v >> 12) & 63];
    o[2] = i + 1 < n ? kAlphabet[(v >> 6) & 63] : '=';
    o[3] = '=';
  }
  return_latin1(info, out.data(), out.size());
}

// Base64 digit values; the rest are kSpace (ASCII whitespace), kPad ('=') or kBad.
enum : uint8_t { kPad = 64, kSpace = 65, kBad = 66 };
struct Base64Table {
  uint8_t value[256];
  constexpr Base64Table() : value() {
    for (auto& v : value) v = kBad;
    for (int i = 0; i < 64; ++i) value[static_cast<uint8_t>(kAlphabet[i])] = static_cast<uint8_t>(i);
    value['='] = kPad;
    for (char c : {' ', '\t', '\n', '\f', '\r'}) value[static_cast<uint8_t>(c)] = kSpace;
  }
};
constexpr Base64Table kBase64;

// atob(string): the WHATWG forgiving-base64 decode, as a Latin-1 string.
void op_base64_decode(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* isolate = info.GetIsolate();
  Scratch<uint8_t, 0> in_scratch;
  Scratch<uint8_t, 1> out_scratch;
  auto& in = *in_scratch;
  if (!info[0]->IsString()) return throw_error(isolate, bridge::type_error("Expected a string"));
  if (!latin1_of(isolate, info[0].As<v8::String>(), in))
    return throw_error(isolate, {"DOMException.InvalidCharacterError", "Failed to decode base64: invalid character"});
  const bridge::JsError invalid{"DOMException.InvalidCharacterError", "Failed to decode base64"};
  auto& out = *out_scratch;
  out.resize(in.size() / 4 * 3 + 2);
  uint8_t* o = out.data();
  // Fast path: whole groups of four digits, until whitespace, padding or the last group.
  size_t start = 0;
  for (; start + 8 <= in.size(); start += 4) {
    uint8_t a = kBase64.value[in[start]], b = kBase64.value[in[start + 1]], c = kBase64.value[in[start + 2]],
            d = kBase64.value[in[start + 3]];
    if ((a | b | c | d) & 0xC0) break;
    uint32_t v = a << 18 | b << 12 | c << 6 | d;
    o[0] = static_cast<uint8_t>(v >> 16);
    o[1] = static_cast<uint8_t>(v >> 8);
    o[2] = static_cast<uint8_t>(v);
    o += 3;
  }
  // The rest: digit values with whitespace removed, in place.
  size_t m = start;
  for (uint8_t c : std::span(in).subspan(start)) {
    uint8_t v = kBase64.value[c];
    if (v == kSpace) continue;
    if (v == kBad) return throw_error(isolate, invalid);
    in[m++] = v;
  }
  if (m % 4 == 0 && m > start && in[m - 1] == kPad) {  // in[0, start) holds digits already decoded
    --m;
    if (m > start && in[m - 1] == kPad) --m;
  }
  if (m % 4 == 1) return throw_error(isolate, invalid);
  size_t i = start;
  for (; i + 4 <= m; i += 4) {
    uint8_t a = in[i], b = in[i + 1], c = in[i + 2], d = in[i + 3];
    if ((a | b | c | d) & kPad) return throw_error(isolate, invalid);  // '=' inside the data
    uint32_t v = a << 18 | b << 12 | c << 6 | d;
    *o++ = static_cast<uint8_t>(v >> 16);
    *o++ = static_cast<uint8_t>(v >> 8);
    *o++ = static_cast<uint8_t>(v);
  }
  size_t rest = m - i;  // 0, 2 or 3 digits: 0, 1 or 2 bytes (leftover bits are dropped)
  if (rest >= 2) {
    uint8_t a = in[i], b = in[i + 1], c = rest == 3 ? in[i + 2] : 0;
    if ((a | b | c) & kPad) return throw_error(isolate, invalid);
    uint32_t v = a << 18 | b << 12 | c << 6;
    *o++ = static_cast<uint8_t>(v >> 16);
    if (rest == 3) *o++ = static_cast<uint8_t>(v >> 8);
  }
  return_latin1(info, out.data(), static_cast<size_t>(o - out.data()));
}

}  // namespace

void register_legacy_encoding_ops(bridge::OpRegistry& r);  // legacy_ops.cc

void register_encoding_ops(bridge::OpRegistry& r) {
  register_legacy_encoding_ops(r);
  r.raw("op_encoding_encode", op_encoding_encode);
  r.raw("op_encoding_encode_into", op_encoding_encode_into);
  r.raw("op_encoding_decode", op_encoding_decode);
  r.raw("op_base64_encode", op_base64_encode);
  r.raw("op_base64_decode", op_base64_decode);
}

}  // namespace toolchain
