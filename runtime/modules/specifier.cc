#include "modules/specifier.h"

#include <cctype>
#include <vector>

#include <fmt/format.h>

#include "url/url_parser.h"

namespace toolchain::modules {

namespace {

bool is_scheme_char(char c, bool first) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
  return !first && ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.');
}

// The WHATWG path percent-encode set, plus '%' left alone (already-encoded input stays as is).
bool needs_encoding(unsigned char c) {
  return c <= 0x20 || c >= 0x7f || c == '"' || c == '#' || c == '<' || c == '>' || c == '?' ||
         c == '`' || c == '{' || c == '}';
}

std::string percent_encode_path(std::string_view path) {
  std::string out;
  out.reserve(path.size());
  for (unsigned char c : path) {
    if (needs_encoding(c)) out += fmt::format("%{:02X}", c);
    else out += static_cast<char>(c);
  }
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string percent_decode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    int hi, lo;
    if (s[i] == '%' && i + 2 < s.size() && (hi = hex_value(s[i + 1])) >= 0 && (lo = hex_value(s[i + 2])) >= 0) {
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

// Splits "path?query#fragment" into the path and the rest ("?query#fragment").
std::pair<std::string_view, std::string_view> split_suffix(std::string_view s) {
  size_t cut = s.find_first_of("?#");
  if (cut == std::string_view::npos) return {s, {}};
  return {s.substr(0, cut), s.substr(cut)};
}

}  // namespace

std::string normalize_path(std::string_view path) {
  std::vector<std::string_view> parts;
  size_t i = 0;
  while (i <= path.size()) {
    size_t j = path.find('/', i);
    if (j == std::string_view::npos) j = path.size();
    std::string_view part = path.substr(i, j - i);
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    i = j + 1;
  }
  std::string out;
  for (auto part : parts) {
    out += '/';
    out += part;
  }
  if (out.empty()) out = "/";
  // A trailing slash (or "/." "/..") names a directory: keep it, as URL resolution does.
  if (path.size() > 1 && (path.ends_with('/') || path.ends_with("/.") || path.ends_with("/..")) && out != "/")
    out += '/';
  return out;
}

std::string path_to_file_url(std::string_view absolute_path) {
  return "file://" + percent_encode_path(absolute_path);
}

std::optional<std::string> file_url_to_path(std::string_view url) {
  if (!url.starts_with("file://")) return std::nullopt;
  std::string_view rest = url.substr(7);
  if (rest.starts_with("localhost/")) rest.remove_prefix(9);
  if (!rest.starts_with('/')) return std::nullopt;  // file://host/... is not a local path
  auto [path, suffix] = split_suffix(rest);
  return percent_decode(path);
}

bool is_remote_url(std::string_view url) { return url.starts_with("https://") || url.starts_with("http://"); }

std::string_view scheme_of(std::string_view specifier) {
  for (size_t i = 0; i < specifier.size(); ++i) {
    char c = specifier[i];
    if (c == ':') return i >= 2 ? specifier.substr(0, i) : std::string_view{};  // "C:" is not a scheme
    if (!is_scheme_char(c, i == 0)) return {};
  }
  return {};
}

namespace {

// Deno's relative specifiers: "./x", "../x" and "/x" (not "." or "..").
bool is_relative(std::string_view specifier) {
  return specifier.starts_with("./") || specifier.starts_with("../") || specifier.starts_with('/');
}

// Only file:, data:, http: and https: modules can be loaded.
std::string loadable(std::string url) {
  std::string_view scheme = std::string_view(url).substr(0, url.find(':'));
  if (scheme == "file" || scheme == "data" || scheme == "http" || scheme == "https") return url;
  throw LoadError(fmt::format(
      "Unsupported scheme \"{}\" for module \"{}\". Supported schemes:\n - \"data\"\n - \"file\"\n - \"http\"\n - \"https\"",
      scheme, url));
}

}  // namespace

std::optional<std::string> resolve_url(std::string_view specifier, std::string_view referrer) {
  if (is_relative(specifier)) {
    auto base = url::parse(referrer);
    std::optional<url::Url> resolved;
    if (base && !base->opaque_path) resolved = url::parse(specifier, &*base);
    if (!resolved)
      throw LoadError(fmt::format("invalid URL: relative URL with a cannot-be-a-base base: \"{}\" from \"{}\"",
                                  specifier, referrer));
    return resolved->href();
  }
  if (!scheme_of(specifier).empty()) {
    if (auto absolute = url::parse(specifier)) return absolute->href();
  }
  return std::nullopt;
}

std::string resolve_main(std::string_view specifier, std::string_view cwd) {
  if (!scheme_of(specifier).empty()) {
    if (auto absolute = url::parse(specifier)) return loadable(absolute->href());
  }
  std::string path = specifier.starts_with('/') ? std::string(specifier) : std::string(cwd) + "/" + std::string(specifier);
  return path_to_file_url(normalize_path(path));
}

std::string resolve(std::string_view specifier, std::string_view referrer) {
  if (auto resolved = resolve_url(specifier, referrer)) return loadable(std::move(*resolved));
  // Deno gives no npm hint for "." and "..".
  bool npm_like = specifier != "." && specifier != "..";
  throw LoadError(fmt::format("Import \"{}\" not a dependency{}", specifier,
                              npm_like ? fmt::format("\n  hint: If you want to use the npm package, try running "
                                                     "`deno add npm:{}`",
                                                     specifier)
                                       : std::string()));
}

}  // namespace toolchain::modules
