#pragma once
// The UTF-8 of V8 strings, for every op that hands a string's bytes to C++.
//
// V8 10.2's String::Utf8Length and WriteUtf8 walk a string a character at a
// time, once to measure and once to write (~1.5 ns a character here). Instead
// a one-byte string is copied out as it is (ASCII, nearly all text, is its own
// UTF-8; Latin-1 widens in place), and a two-byte string's units are copied
// out with String::Write and transcoded here, four units at a time while they
// are ASCII. Lone surrogates become U+FFFD, as with REPLACE_INVALID_UTF8 and
// as in Deno.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <v8.h>

namespace toolchain::bridge {

// Appends the UTF-8 of `str` to `out`.
void append_utf8(v8::Isolate* isolate, v8::Local<v8::String> str, std::string& out);

// The pure parts, for tests.
// Length of the ASCII prefix of p[0, n).
size_t ascii_prefix(const uint8_t* p, size_t n);
// Bytes of UTF-8 for UTF-16 `units` (a lone surrogate takes 3, as U+FFFD).
size_t utf8_length(std::u16string_view units);
// Writes exactly utf8_length(units) bytes at `out`; returns the end.
char* write_utf8(std::u16string_view units, char* out);
// `text` (Latin-1) at the start of `buffer`, which has room for its UTF-8,
// becomes its UTF-8 in place; returns the UTF-8's length.
size_t widen_latin1_in_place(char* buffer, size_t length);

}  // namespace toolchain::bridge
