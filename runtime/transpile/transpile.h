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
// Parses the whole source with tree-sitter: every unsupported or invalid
// construct is a diagnostic with its position.
Result transpile(std::string_view source, Dialect dialect);
// The same code as transpile() for valid TypeScript, made by a scanner that
// builds no syntax tree when the source is common TypeScript (transpile()
// otherwise). It may pass invalid TypeScript on as code V8 rejects: when
// compiling its code fails, transpile() gives the diagnostic to report.
Result transpile_fast(std::string_view source, Dialect dialect);
}
