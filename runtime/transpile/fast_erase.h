// Internal to runtime/transpile: the scanner that erases the types of common
// TypeScript without a syntax tree (transpile_fast's first try).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace toolchain::transpile::detail {

// The code transpile() gives for `source`, or nullopt when the source has
// anything the scanner does not handle with certainty (enums, namespaces,
// decorators, parameter properties, type arguments on calls, `<T>x`, ...).
// Unlike transpile() it reports no syntax errors: invalid TypeScript may come
// back as code that V8 rejects, or as nullopt.
std::optional<std::string> eraseTypesFast(std::string_view source);

}  // namespace toolchain::transpile::detail
