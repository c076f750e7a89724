#pragma once
#include <string>
#include <string_view>
#include <vector>
namespace toolchain::transpile {
enum class Dialect { JavaScript, TypeScript };
struct Diagnostic { int line; int column; std::string message; };  // 1-based line and column
struct Result {
  std::string code;                    // JavaScript V8 10.2 can parse
  std::vector<Diagnostic> errors;      // non-empty: do not run `code`
};
Result transpile(std::string_view source, Dialect dialect);
}
