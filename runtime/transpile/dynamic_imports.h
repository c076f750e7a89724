#pragma once
// The `import("x")` calls of a JavaScript text whose specifier is a string
// literal (or a template without substitutions), as `toolchain info` lists
// them beside the static imports.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace toolchain::transpile {

struct DynamicImport {
  std::string specifier;
  std::string type;        // the `type` import attribute ("json") or ""
  uint32_t start, end;     // byte range of the literal, quotes included
};

std::vector<DynamicImport> find_dynamic_imports(std::string_view js);

}  // namespace toolchain::transpile
