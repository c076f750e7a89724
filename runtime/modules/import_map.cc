#include "modules/import_map.h"

#include <algorithm>
#include <stdexcept>

#include <boost/json.hpp>
#include <fmt/format.h>

#include "modules/specifier.h"

namespace toolchain::modules {

namespace {

bool is_relative(std::string_view s) {
  return s.starts_with("/") || s.starts_with("./") || s.starts_with("../");
}

// The key a specifier is looked up by: a URL if it is one (or relative), else the bare text.
std::optional<std::string> as_url(std::string_view specifier, std::string_view base) {
  try {
    if (is_relative(specifier)) return resolve(specifier, base);
    if (!scheme_of(specifier).empty()) return resolve(specifier, base);
  } catch (const LoadError&) {
  }
  return std::nullopt;
}

void sort_longest_first(auto& entries) {
  std::stable_sort(entries.begin(), entries.end(),
                   [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
}

}  // namespace

ImportMap ImportMap::parse(std::string_view json, const std::string& base_url) {
  boost::json::parse_options options;
  options.allow_comments = true;
  options.allow_trailing_commas = true;
  boost::system::error_code ec;
  auto value = boost::json::parse(json, ec, {}, options);
  if (ec || !value.is_object()) throw std::invalid_argument("the config file is not a JSON object");
  auto read_entries = [&](const boost::json::value& node, const char* what) {
    if (!node.is_object()) throw std::invalid_argument(fmt::format("\"{}\" must be an object", what));
    Entries entries;
    for (const auto& [key, target] : node.get_object()) {
      if (!target.is_string()) continue;  // the spec ignores non-string addresses
      std::string k(key);
      std::string normalized = as_url(k, base_url).value_or(k);
      std::string address(target.get_string());
      auto url = as_url(address, base_url);
      if (!url) continue;  // a bare address is invalid
      entries.emplace_back(normalized, *url);
    }
    sort_longest_first(entries);
    return entries;
  };
  ImportMap map;
  const auto& object = value.get_object();
  if (auto* imports = object.if_contains("imports")) map.imports_ = read_entries(*imports, "imports");
  if (auto* scopes = object.if_contains("scopes")) {
    if (!scopes->is_object()) throw std::invalid_argument("\"scopes\" must be an object");
    for (const auto& [scope, entries] : scopes->get_object()) {
      auto prefix = as_url(std::string(scope), base_url);
      if (prefix) map.scopes_.emplace_back(*prefix, read_entries(entries, "scopes"));
    }
    sort_longest_first(map.scopes_);
  }
  return map;
}

std::optional<std::string> ImportMap::match(const Entries& entries, const std::string& key) {
  for (const auto& [from, to] : entries) {
    if (key == from) return to;
    if (from.ends_with('/') && key.starts_with(from)) return to + key.substr(from.size());
  }
  return std::nullopt;
}

std::optional<std::string> ImportMap::resolve(std::string_view specifier, std::string_view referrer) const {
  std::string key = as_url(specifier, referrer).value_or(std::string(specifier));
  for (const auto& [scope, entries] : scopes_) {
    if (referrer == scope || (scope.ends_with('/') && referrer.starts_with(scope)))
      if (auto found = match(entries, key)) return found;
  }
  return match(imports_, key);
}

}  // namespace toolchain::modules
