#pragma once
// The built-in JavaScript files, embedded at build time (generated builtins.cc).
#include <cstddef>

namespace toolchain {

struct BuiltinSource {
  const char* name;    // "ext:console/console.js": how stack traces name it
  const char* source;
  size_t length;
};

extern const BuiltinSource kBuiltins[];
extern const size_t kBuiltinCount;

}  // namespace toolchain
