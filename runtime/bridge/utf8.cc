#include "bridge/utf8.h"

#include <cstring>
#include <vector>

namespace toolchain::bridge {

namespace {

constexpr char16_t kReplacement = 0xFFFD;

bool is_high(char16_t c) { return c >= 0xD800 && c <= 0xDBFF; }
bool is_low(char16_t c) { return c >= 0xDC00 && c <= 0xDFFF; }

// Four units that are all ASCII (below 0x80).
bool four_ascii(const char16_t* p) {
  uint64_t word;
  std::memcpy(&word, p, 8);
  return (word & 0xFF80FF80FF80FF80ull) == 0;
}

}  // namespace

size_t ascii_prefix(const uint8_t* p, size_t n) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t word;
    std::memcpy(&word, p + i, 8);
    if (word & 0x8080808080808080ull) break;
  }
  while (i < n && p[i] < 0x80) ++i;
  return i;
}

size_t utf8_length(std::u16string_view units) {
  const char16_t* p = units.data();
  size_t n = units.size(), i = 0, length = 0;
  while (i < n) {
    while (i + 4 <= n && four_ascii(p + i)) {
      i += 4;
      length += 4;
    }
    if (i == n) break;
    char16_t c = p[i++];
    if (c < 0x80) {
      length += 1;
    } else if (c < 0x800) {
      length += 2;
    } else if (is_high(c) && i < n && is_low(p[i])) {
      ++i;
      length += 4;
    } else {
      length += 3;  // the rest of the BMP, and a lone surrogate as U+FFFD
    }
  }
  return length;
}

char* write_utf8(std::u16string_view units, char* out) {
  const char16_t* p = units.data();
  size_t n = units.size(), i = 0;
  while (i < n) {
    while (i + 4 <= n && four_ascii(p + i)) {
      out[0] = static_cast<char>(p[i]);
      out[1] = static_cast<char>(p[i + 1]);
      out[2] = static_cast<char>(p[i + 2]);
      out[3] = static_cast<char>(p[i + 3]);
      out += 4;
      i += 4;
    }
    if (i == n) break;
    uint32_t c = p[i++];
    if (c < 0x80) {
      *out++ = static_cast<char>(c);
    } else if (c < 0x800) {
      *out++ = static_cast<char>(0xC0 | (c >> 6));
      *out++ = static_cast<char>(0x80 | (c & 0x3F));
    } else if (is_high(static_cast<char16_t>(c)) && i < n && is_low(p[i])) {
      uint32_t code_point = 0x10000 + ((c - 0xD800) << 10) + (p[i++] - 0xDC00u);
      *out++ = static_cast<char>(0xF0 | (code_point >> 18));
      *out++ = static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
      *out++ = static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
      *out++ = static_cast<char>(0x80 | (code_point & 0x3F));
    } else {
      if (is_high(static_cast<char16_t>(c)) || is_low(static_cast<char16_t>(c))) c = kReplacement;
      *out++ = static_cast<char>(0xE0 | (c >> 12));
      *out++ = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      *out++ = static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

size_t widen_latin1_in_place(char* buffer, size_t length) {
  auto* bytes = reinterpret_cast<uint8_t*>(buffer);
  size_t ascii = ascii_prefix(bytes, length);
  size_t high = 0;
  for (size_t i = ascii; i < length; ++i) high += bytes[i] >> 7;
  // From the end backwards: each byte moves right by the widened ones before it.
  size_t to = length + high;
  for (size_t from = length; from > ascii;) {
    uint8_t c = bytes[--from];
    if (c < 0x80) {
      bytes[--to] = c;
    } else {
      bytes[--to] = static_cast<uint8_t>(0x80 | (c & 0x3F));
      bytes[--to] = static_cast<uint8_t>(0xC0 | (c >> 6));
    }
  }
  return length + high;
}

void append_utf8(v8::Isolate* isolate, v8::Local<v8::String> str, std::string& out) {
  size_t at = out.size();
  int length = str->Length();
  if (length == 0) return;
  auto n = static_cast<size_t>(length);
  if (str->IsOneByte()) {
    out.resize(at + n);
    auto* data = reinterpret_cast<uint8_t*>(out.data() + at);
    str->WriteOneByte(isolate, data, 0, length, v8::String::NO_NULL_TERMINATION);
    size_t ascii = ascii_prefix(data, n);
    if (ascii == n) return;
    // Latin-1: at most two bytes each.
    out.resize(at + 2 * n);
    out.resize(at + widen_latin1_in_place(out.data() + at, n));
    return;
  }
  // The units go through a buffer kept for the thread (small strings are
  // common); one left by a very long string is not kept.
  thread_local std::vector<char16_t> units;
  units.resize(n);
  str->Write(isolate, reinterpret_cast<uint16_t*>(units.data()), 0, length, v8::String::NO_NULL_TERMINATION);
  std::u16string_view view(units.data(), n);
  out.resize(at + utf8_length(view));
  write_utf8(view, out.data() + at);
  if (units.capacity() > (1u << 20)) std::vector<char16_t>().swap(units);
}

}  // namespace toolchain::bridge
