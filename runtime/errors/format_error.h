#pragma once
// What the user sees when a program fails, in Deno's words and layout:
//   error: Uncaught (in promise) Error: boom
//     throw new Error("boom");
//           ^
//       at f (file:///tmp/t.js:2:9)
#include <string>
#include <string_view>

#include <v8.h>

namespace toolchain {
class Runtime;
namespace modules {
struct CompileError;
}
}  // namespace toolchain

namespace toolchain::errors {

// "error: ", bold red when the program's stderr is a colour terminal.
std::string error_prefix(const Runtime& rt);

// The error alone, without "error: Uncaught ": "Error: boom\n<line>\n<caret>\n    at …\n".
std::string format_exception(Runtime& rt, v8::Local<v8::Value> exception);
std::string format_uncaught(Runtime& rt, v8::Local<v8::Value> exception, bool in_promise);
std::string format_load_error(const Runtime& rt, std::string_view message);
std::string format_compile_error(Runtime& rt, const modules::CompileError& error);

}  // namespace toolchain::errors
