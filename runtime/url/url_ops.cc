// Ops behind URL and URLSearchParams (url.js). Parsing and the setters run
// here (url_parser.h); JavaScript gets the href and writes nothing but reads
// the component offsets from a Uint32Array it passes in.
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "bridge/op.h"
#include "url/percent_encoding.h"
#include "url/url_parser.h"

namespace toolchain {

namespace url_detail {

using bridge::ByteView;

void write_components(const url::Components& c, ByteView out) {
  auto values = c.as_array();
  if (out.size < sizeof(values)) throw bridge::type_error("URL components buffer too small");
  std::memcpy(out.data, values.data(), sizeof(values));
}

// The serialised URL and its offsets, or null when `input` (against `base`) is
// not a URL. An href that is the input itself comes back as "" (never an href):
// JavaScript keeps its own string instead of receiving a copy.
std::optional<std::string> op_url_parse(Runtime&, std::string input, std::optional<std::string> base,
                                        ByteView components) {
  std::string href;
  url::Components c;
  if (!url::parse_to_href(input, base, href, c)) return std::nullopt;
  write_components(c, components);
  if (href == input) return std::string();
  return href;
}

// Whether `input` (against `base`) parses.
bool op_url_can_parse(Runtime&, std::string input, std::optional<std::string> base) {
  std::string href;
  url::Components ignored;
  return url::parse_to_href(input, base, href, ignored);
}

// Setter numbers as url.js passes them: url::Setter's order, then 9 for the
// query written by URLSearchParams.
constexpr int kSearchParamsQuery = 9;

std::string op_url_set(Runtime&, std::string href, int which, std::string value, ByteView components) {
  auto parsed = url::parse(href);
  if (!parsed) throw bridge::type_error("Invalid URL: '" + href + "'");
  if (which == kSearchParamsQuery) url::set_query_from_search_params(*parsed, value);
  else if (which >= 0 && which < kSearchParamsQuery) url::set(*parsed, static_cast<url::Setter>(which), value);
  else throw bridge::type_error("Unknown URL setter");
  url::Components c;
  std::string result = url::serialize(*parsed, &c);
  write_components(c, components);
  return result;
}

std::string op_url_origin(Runtime&, std::string href) {
  auto parsed = url::parse(href);
  return parsed ? parsed->origin() : "null";
}

// application/x-www-form-urlencoded, as a flat [name, value, name, value, …] list.
std::vector<std::string> op_url_search_params_parse(Runtime&, std::string input) {
  std::vector<std::string> flat;
  for (auto& [name, value] : url::parse_form_urlencoded(input)) {
    flat.push_back(std::move(name));
    flat.push_back(std::move(value));
  }
  return flat;
}

std::string op_url_search_params_stringify(Runtime&, std::vector<std::string> flat) {
  url::ParamList list;
  list.reserve(flat.size() / 2);
  for (size_t i = 0; i + 1 < flat.size(); i += 2) list.emplace_back(std::move(flat[i]), std::move(flat[i + 1]));
  return url::serialize_form_urlencoded(list);
}

// URLPattern's canonicalisation of a component's text (url_pattern.js): the
// component as url::PatternComponent numbers it; null is failure.
std::optional<std::string> op_urlpattern_canonicalize(Runtime&, int which, std::string value, std::string protocol) {
  if (which < 0 || which > static_cast<int>(url::PatternComponent::Hash)) {
    throw bridge::type_error("Unknown URLPattern component");
  }
  return url::canonicalize_pattern_component(static_cast<url::PatternComponent>(which), value, protocol);
}

}  // namespace url_detail

void register_url_ops(bridge::OpRegistry& r) {
  using namespace url_detail;
  r.sync<&op_url_parse>("op_url_parse");
  r.sync<&op_url_can_parse>("op_url_can_parse");
  r.sync<&op_url_set>("op_url_set");
  r.sync<&op_url_origin>("op_url_origin");
  r.sync<&op_url_search_params_parse>("op_url_search_params_parse");
  r.sync<&op_url_search_params_stringify>("op_url_search_params_stringify");
  r.sync<&op_urlpattern_canonicalize>("op_urlpattern_canonicalize");
}

}  // namespace toolchain
