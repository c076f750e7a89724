#pragma once
// An import map (WHATWG HTML "import maps"), as Deno reads it from the
// "imports" and "scopes" of deno.json: bare and URL specifiers remapped,
// most specific prefix first, scopes before the top level.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace toolchain::modules {

class ImportMap {
 public:
  // `json` is the config file's text (comments and trailing commas allowed);
  // `base_url` the file's URL. Throws std::invalid_argument with the reason.
  static ImportMap parse(std::string_view json, const std::string& base_url);

  // The URL `specifier` imported from `referrer` maps to, or nullopt if no
  // entry matches.
  std::optional<std::string> resolve(std::string_view specifier, std::string_view referrer) const;

  bool empty() const { return imports_.empty() && scopes_.empty(); }

 private:
  using Entries = std::vector<std::pair<std::string, std::string>>;  // longest key first
  static std::optional<std::string> match(const Entries& entries, const std::string& key);

  Entries imports_;
  std::vector<std::pair<std::string, Entries>> scopes_;  // longest scope first
};

}  // namespace toolchain::modules
