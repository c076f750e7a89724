#pragma once
// An error an op throws in C++ to make JavaScript throw (or a promise reject).
// `cls` names the JavaScript class: a built-in ("TypeError", "RangeError", "Error",
// "SyntaxError") or one registered by the built-in JS with core.registerErrorClass
// (Deno.errors.NotFound is registered as "NotFound"; "DOMException.DataCloneError"
// makes a DOMException of that name).
#include <string>
#include <string_view>
#include <utility>

namespace toolchain::bridge {

struct JsError {
  JsError(std::string cls, std::string message, std::string code = {})
      : cls(std::move(cls)), message(std::move(message)), code(std::move(code)) {}
  std::string cls;
  std::string message;
  std::string code;  // set as the error's `code` when not empty: "ENOENT", as Deno 2 does
};

// Thrown by a conversion whose V8 call failed: JavaScript threw (a getter of
// the argument) or the isolate is being terminated. The exception is already
// pending in V8, so the op only returns.
struct JsExceptionPending {};

inline JsError type_error(std::string message) { return {"TypeError", std::move(message)}; }
inline JsError range_error(std::string message) { return {"RangeError", std::move(message)}; }
// A result string over V8's maximum length, as Deno's ops report it.
inline JsError string_too_long() { return type_error("failed to allocate string; buffer exceeds maximum length"); }
// The same from a decoder that builds UTF-16 (TextDecoder but for UTF-8), as Deno words it.
inline JsError utf16_string_too_long() {
  return type_error("Cannot allocate String from UTF-16: buffer exceeds maximum length.");
}

// Rust's Debug escaping, which Deno's messages show: one character inside a
// string literal ("\\0", "\\u{1b}"), and a whole string quoted ("\"a\\tb\"").
std::string rust_debug_char(char32_t c);
std::string rust_debug_quoted(std::string_view s);

// Maps an errno to Deno's error class and message, e.g.
// "No such file or directory (os error 2): readfile '/x'" with class "NotFound".
JsError os_error(int err, std::string_view operation, std::string_view path = {},
                 std::string_view path2 = {});

}  // namespace toolchain::bridge
