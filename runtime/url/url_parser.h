#pragma once
// The WHATWG URL parser (https://url.spec.whatwg.org/#url-parsing): the basic
// URL parser's state machine, its state overrides (the URL setters), and URL
// serialisation with the offsets of each component in the result. No V8: the
// JavaScript URL class (url.js) keeps only the serialisation and the offsets.
//
// Input is UTF-8 (lone surrogates already replaced by U+FFFD, as converting to
// a USVString does); a serialised URL is always ASCII, so byte offsets are
// also JavaScript string indices.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace toolchain::url {

// A URL record. The path is kept serialised: each segment preceded by '/'
// ("" is the empty list, "/" the list [""]), or the opaque path's text.
struct Url {
  std::string scheme;  // lower case, without ':'
  std::string username;
  std::string password;
  std::optional<std::string> host;  // serialised; nullopt is the null host
  std::optional<uint16_t> port;
  std::string path;
  bool opaque_path = false;
  std::optional<std::string> query;
  std::optional<std::string> fragment;

  bool is_special() const;
  bool has_credentials() const { return !username.empty() || !password.empty(); }
  // "cannot have a username/password/port"
  bool cannot_have_credentials_or_port() const { return !host || host->empty() || scheme == "file"; }

  std::string href() const;
  // The origin's serialisation ("null" for opaque origins).
  std::string origin() const;
};

// Parses `input` against an optional base URL. nullopt is failure. Without a
// base, common absolute URLs take url_fast_path.h's one pass.
std::optional<Url> parse(std::string_view input, const Url* base = nullptr);
// The state machine alone (the tests hold the fast path against it).
std::optional<Url> parse_without_fast_path(std::string_view input, const Url* base = nullptr);

// The URL API's setters, as the spec words them (state overrides). A value
// the spec ignores leaves `url` unchanged. `href` is not here: it is parse().
enum class Setter : uint8_t { Protocol, Username, Password, Host, Hostname, Port, Pathname, Search, Hash };
void set(Url& url, Setter which, std::string_view value);
// Sets the query as URLSearchParams does (already encoded; empty means null).
void set_query_from_search_params(Url& url, std::string_view serialized_query);

// Where each component lies in href() (see url.js for how getters use them):
//   scheme ":" [ "//" username [ ":" password ] "@" ] host [ ":" port ] path [ "?" query ] [ "#" fragment ]
// Ends and starts are byte offsets; a missing part has start == end.
struct Components {
  uint32_t protocol_end;    // just after ':'
  uint32_t username_start;  // username is [username_start, username_end)
  uint32_t username_end;
  uint32_t password_start;  // password is [password_start, password_end)
  uint32_t password_end;
  uint32_t host_start;      // hostname is [host_start, host_end)
  uint32_t host_end;
  uint32_t pathname_start;  // host with port is [host_start, pathname_start)
  uint32_t search_start;    // '?' or search_end; search is [search_start, hash_start)
  uint32_t hash_start;      // '#' or the end
  static constexpr size_t kCount = 10;
  std::array<uint32_t, kCount> as_array() const {
    return {protocol_end, username_start, username_end, password_start, password_end,
            host_start,   host_end,       pathname_start, search_start, hash_start};
  }
};
// href() and its components at once.
std::string serialize(const Url& url, Components* components);

// `new URL(input, base)`: parse() then serialize() at once into `href`; false
// is failure. Common absolute URLs take url_fast_path.h's one pass, no record.
bool parse_to_href(std::string_view input, std::optional<std::string_view> base, std::string& href,
                   Components& components);

// The scheme's default port, or -1.
int default_port(std::string_view scheme);

// URL Pattern's canonicalisation of one component's fixed text
// (https://urlpattern.spec.whatwg.org/#canon-encoding-callbacks): the basic URL
// parser with the component's state override on a dummy URL, failure reported
// (nullopt), which set() never does. As Deno's `urlpattern` crate, the dummy
// URL is special (http) for hosts, paths, queries and fragments whatever the
// pattern's protocol; an opaque path's leading '/' is "%2F"; the port's
// scheme is `protocol` (its default port is "").
enum class PatternComponent : uint8_t {
  Protocol, Username, Password, Hostname, IPv6Hostname, Port, Pathname, OpaquePathname, Search, Hash,
};
std::optional<std::string> canonicalize_pattern_component(PatternComponent which, std::string_view value,
                                                          std::string_view protocol = {});

}  // namespace toolchain::url
