#pragma once
// Module specifiers and the URLs they resolve to, with Deno's error messages.
// Resolution is the WHATWG URL parser's (url/url_parser.h); file:, data:,
// http: and https: modules load. Paths are POSIX and absolute.
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace toolchain::modules {

// A module that cannot be resolved or read; what() is Deno's message. `located`
// once the importing file's line has been appended ("\n    at file:///a.ts:1:8").
struct LoadError : std::runtime_error {
  explicit LoadError(const std::string& message, bool located = false)
      : std::runtime_error(message), located(located) {}
  bool located;
};

// Collapses "." and ".." segments and repeated slashes of an absolute path.
std::string normalize_path(std::string_view absolute_path);

// "/a b/c.ts" -> "file:///a%20b/c.ts"
std::string path_to_file_url(std::string_view absolute_path);
// "file:///a%20b/c.ts?x" -> "/a b/c.ts"; nullopt if not a file: URL.
std::optional<std::string> file_url_to_path(std::string_view url);

// The main module named on the command line: a path relative to cwd, or a URL.
std::string resolve_main(std::string_view specifier, std::string_view cwd);

// The URL an import specifier names (import.meta.resolve): relative
// specifiers ("./", "../", "/") joined to the referrer, absolute URLs of any
// scheme normalised; nullopt for a bare specifier.
std::optional<std::string> resolve_url(std::string_view specifier, std::string_view referrer);

// Resolves an import specifier to a module that can be loaded (file:, data:).
std::string resolve(std::string_view specifier, std::string_view referrer);

// http: and https: URLs.
bool is_remote_url(std::string_view url);

// The scheme of a URL-like string ("file", "data", "npm"), or empty.
std::string_view scheme_of(std::string_view specifier);

}  // namespace toolchain::modules
