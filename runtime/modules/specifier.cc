#include "modules/specifier.h"

#include <cctype>
#include <vector>

#include <fmt/format.h>

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

std::string normalize_file_url(std::string_view url) {
  std::string_view rest = url.substr(7);
  if (rest.starts_with("localhost/")) rest.remove_prefix(9);
  auto [path, suffix] = split_suffix(rest);
  return "file://" + percent_encode_path(normalize_path(path)) + std::string(suffix);
}

// "HTTPS://Example.com:443/a/../b?q" -> "https://example.com/b?q": the scheme and
// host lower-cased, the default port dropped, the path normalised.
std::string normalize_http_url(std::string_view url) {
  size_t colon = url.find(':');
  std::string scheme(url.substr(0, colon));
  for (auto& c : scheme) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string_view rest = url.substr(colon + 1);
  while (rest.starts_with('/')) rest.remove_prefix(1);
  size_t end = rest.find_first_of("/?#");
  std::string host(rest.substr(0, end));
  rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end);
  if (host.empty()) throw LoadError(fmt::format("Relative import path \"{}\" not prefixed with / or ./ or ../", url));
  for (auto& c : host) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if ((scheme == "https" && host.ends_with(":443")) || (scheme == "http" && host.ends_with(":80")))
    host.resize(host.rfind(':'));
  auto [path, suffix] = split_suffix(rest);
  return scheme + "://" + host + percent_encode_path(normalize_path(path.empty() ? "/" : path)) + std::string(suffix);
}

std::string absolute_url(std::string_view specifier) {
  std::string scheme(scheme_of(specifier));
  for (auto& c : scheme) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (scheme == "file") return normalize_file_url(specifier);
  if (scheme == "data") return std::string(specifier);
  if (scheme == "http" || scheme == "https") return normalize_http_url(specifier);
  throw LoadError(fmt::format(
      "Unsupported scheme \"{}\" for module \"{}\". Supported schemes:\n - \"data\"\n - \"file\"\n - \"http\"\n - \"https\"",
      scheme, specifier));
}

}  // namespace

std::string resolve_main(std::string_view specifier, std::string_view cwd) {
  if (!scheme_of(specifier).empty()) return absolute_url(specifier);
  std::string path = specifier.starts_with('/') ? std::string(specifier) : std::string(cwd) + "/" + std::string(specifier);
  return path_to_file_url(normalize_path(path));
}

std::string resolve(std::string_view specifier, std::string_view referrer) {
  bool relative = specifier.starts_with("./") || specifier.starts_with("../") || specifier.starts_with('/') ||
                  specifier == "." || specifier == "..";
  if (!relative) {
    if (!scheme_of(specifier).empty()) return absolute_url(specifier);
    throw LoadError(fmt::format(
        "Import \"{}\" not a dependency\n  hint: If you want to use the npm package, try running `deno add npm:{}`",
        specifier, specifier));
  }
  if (is_remote_url(referrer)) {
    // Against an http(s) base: the origin stays, the path is joined.
    size_t authority = referrer.find("//") + 2;
    size_t path_start = referrer.find_first_of("/?#", authority);
    std::string_view origin = referrer.substr(0, path_start);
    std::string_view base = path_start == std::string_view::npos ? "/" : split_suffix(referrer.substr(path_start)).first;
    if (specifier.starts_with("//")) return normalize_http_url(std::string(scheme_of(referrer)) + ":" + std::string(specifier));
    std::string joined = specifier.starts_with('/') ? std::string(specifier)
                                                    : std::string(base.substr(0, base.rfind('/') + 1)) + std::string(specifier);
    return normalize_http_url(std::string(origin) + joined);
  }
  if (!referrer.starts_with("file://"))
    throw LoadError(fmt::format("invalid URL: relative URL with a cannot-be-a-base base: \"{}\" from \"{}\"",
                                specifier, referrer));
  // Both sides are URL text here; encoding leaves '%' alone, so nothing is encoded twice.
  auto [base, base_suffix] = split_suffix(referrer.substr(7));
  auto [spec_path, suffix] = split_suffix(specifier);
  std::string joined = spec_path.starts_with('/')
                           ? std::string(spec_path)
                           : std::string(base.substr(0, base.rfind('/') + 1)) + std::string(spec_path);
  return "file://" + percent_encode_path(normalize_path(joined)) + std::string(suffix);
}

}  // namespace toolchain::modules
