#pragma once
// Fetches a module's source text for a URL (file: and data: for now) and tells
// its type from the extension or media type, as Deno does.
#include <string>
#include <string_view>

namespace toolchain::modules {

enum class ModuleType { JavaScript, TypeScript, Json, Unknown };

struct ModuleSource {
  std::string text;
  ModuleType type = ModuleType::Unknown;
};

// Throws LoadError: `Module not found "…".` and the like.
ModuleSource load_source(const std::string& url);

ModuleType type_from_path(std::string_view path);

}  // namespace toolchain::modules
