#include "url/url_parser.h"

#include "url/percent_encoding.h"
#include "url/url_fast_path.h"
#include "url/url_host.h"

namespace toolchain::url {

namespace {

enum class State {
  SchemeStart, Scheme, NoScheme, SpecialRelativeOrAuthority, PathOrAuthority, Relative, RelativeSlash,
  SpecialAuthoritySlashes, SpecialAuthorityIgnoreSlashes, Authority, Host, Hostname, Port, File, FileSlash,
  FileHost, PathStart, Path, OpaquePath, Query, Fragment,
};

constexpr int kEof = -1;

bool is_special_scheme(std::string_view s) {
  switch (s.size()) {  // the length decides most of it
    case 2: return s == "ws";
    case 3: return s == "wss" || s == "ftp";
    case 4: return s == "http" || s == "file";
    case 5: return s == "https";
    default: return false;
  }
}

bool is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(int c) { return c >= '0' && c <= '9'; }
char lower(int c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c); }

bool is_windows_drive_letter(std::string_view s) {
  return s.size() == 2 && is_alpha(s[0]) && (s[1] == ':' || s[1] == '|');
}
bool is_normalized_windows_drive_letter(std::string_view s) {
  return s.size() == 2 && is_alpha(s[0]) && s[1] == ':';
}
bool starts_with_windows_drive_letter(std::string_view s) {
  return s.size() >= 2 && is_windows_drive_letter(s.substr(0, 2)) &&
         (s.size() == 2 || s[2] == '/' || s[2] == '\\' || s[2] == '?' || s[2] == '#');
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (lower(static_cast<unsigned char>(a[i])) != b[i]) return false;
  return true;
}
bool is_single_dot(std::string_view s) { return s == "." || equals_ignoring_case(s, "%2e"); }
bool is_double_dot(std::string_view s) {
  return s == ".." || equals_ignoring_case(s, ".%2e") || equals_ignoring_case(s, "%2e.") ||
         equals_ignoring_case(s, "%2e%2e");
}

// The path is serialised ("/a/b"); its first segment and its length in segments.
std::string_view first_segment(const std::string& path) {
  if (path.empty()) return {};
  size_t end = path.find('/', 1);
  return std::string_view(path).substr(1, end == std::string::npos ? std::string::npos : end - 1);
}
bool has_one_segment(const std::string& path) { return !path.empty() && path.find('/', 1) == std::string::npos; }

void shorten_path(Url& url) {
  if (url.scheme == "file" && has_one_segment(url.path) && is_normalized_windows_drive_letter(first_segment(url.path)))
    return;
  size_t slash = url.path.rfind('/');
  if (slash != std::string::npos) url.path.erase(slash);
}

// Strips leading and trailing C0 controls and spaces (fresh parses only) and
// removes every tab and newline, into `storage` only when there is one.
std::string_view clean_input(std::string_view input, bool trim, std::string& storage) {
  if (trim) {
    while (!input.empty() && static_cast<unsigned char>(input.front()) <= 0x20) input.remove_prefix(1);
    while (!input.empty() && static_cast<unsigned char>(input.back()) <= 0x20) input.remove_suffix(1);
  }
  bool clean = true;  // (find_first_of would call memchr per character)
  for (char c : input) clean &= c != '\t' && c != '\n' && c != '\r';
  if (clean) return input;
  storage.reserve(input.size());
  for (char c : input)
    if (c != '\t' && c != '\n' && c != '\r') storage += c;
  return storage;
}

// The basic URL parser. With a state override it edits `url` in place (the
// setters); false is failure.
bool basic_parse(std::string_view raw_input, const Url* base, Url& url, std::optional<State> state_override) {
  std::string cleaned;
  const std::string_view input = clean_input(raw_input, !state_override, cleaned);
  const ptrdiff_t n = static_cast<ptrdiff_t>(input.size());
  State state = state_override ? *state_override : State::SchemeStart;
  std::string buffer;
  bool at_sign_seen = false, inside_brackets = false, password_token_seen = false;
  auto remaining_starts_with = [&](ptrdiff_t p, char ch) { return p + 1 < n && input[p + 1] == ch; };
  auto special = [&] { return is_special_scheme(url.scheme); };  // inlined: asked at many characters

  for (ptrdiff_t p = 0;; ++p) {
    const int c = p < n ? static_cast<unsigned char>(input[p]) : kEof;
    switch (state) {
      case State::SchemeStart:
        if (is_alpha(c)) {
          buffer += lower(c);
          state = State::Scheme;
        } else if (!state_override) {
          state = State::NoScheme;
          --p;
        } else {
          return false;
        }
        break;

      case State::Scheme:
        if (is_alpha(c) || is_digit(c) || c == '+' || c == '-' || c == '.') {
          buffer += lower(c);
        } else if (c == ':') {
          if (state_override) {
            if (special() != is_special_scheme(buffer)) return true;
            if ((url.has_credentials() || url.port) && buffer == "file") return true;
            if (url.scheme == "file" && url.host && url.host->empty()) return true;
          }
          url.scheme = std::move(buffer);
          buffer.clear();
          if (state_override) {
            if (url.port && *url.port == default_port(url.scheme)) url.port.reset();
            return true;
          }
          if (url.scheme == "file") {
            state = State::File;
          } else if (special() && base && base->scheme == url.scheme) {
            state = State::SpecialRelativeOrAuthority;
          } else if (special()) {
            state = State::SpecialAuthoritySlashes;
          } else if (remaining_starts_with(p, '/')) {
            state = State::PathOrAuthority;
            ++p;
          } else {
            url.opaque_path = true;
            url.path.clear();
            state = State::OpaquePath;
          }
        } else if (!state_override) {
          buffer.clear();
          state = State::NoScheme;
          p = -1;
        } else {
          return false;
        }
        break;

      case State::NoScheme:
        if (!base || (base->opaque_path && c != '#')) return false;
        if (base->opaque_path && c == '#') {
          url.scheme = base->scheme;
          url.path = base->path;
          url.opaque_path = true;
          url.query = base->query;
          url.fragment.emplace();
          state = State::Fragment;
        } else if (base->scheme != "file") {
          state = State::Relative;
          --p;
        } else {
          state = State::File;
          --p;
        }
        break;

      case State::SpecialRelativeOrAuthority:
        if (c == '/' && remaining_starts_with(p, '/')) {
          state = State::SpecialAuthorityIgnoreSlashes;
          ++p;
        } else {
          state = State::Relative;
          --p;
        }
        break;

      case State::PathOrAuthority:
        if (c == '/') {
          state = State::Authority;
        } else {
          state = State::Path;
          --p;
        }
        break;

      case State::Relative:
        url.scheme = base->scheme;
        if (c == '/' || (special() && c == '\\')) {
          state = State::RelativeSlash;
        } else {
          url.username = base->username;
          url.password = base->password;
          url.host = base->host;
          url.port = base->port;
          url.path = base->path;
          url.query = base->query;
          if (c == '?') {
            url.query.emplace();
            state = State::Query;
          } else if (c == '#') {
            url.fragment.emplace();
            state = State::Fragment;
          } else if (c != kEof) {
            url.query.reset();
            shorten_path(url);
            state = State::Path;
            --p;
          }
        }
        break;

      case State::RelativeSlash:
        if (special() && (c == '/' || c == '\\')) {
          state = State::SpecialAuthorityIgnoreSlashes;
        } else if (c == '/') {
          state = State::Authority;
        } else {
          url.username = base->username;
          url.password = base->password;
          url.host = base->host;
          url.port = base->port;
          state = State::Path;
          --p;
        }
        break;

      case State::SpecialAuthoritySlashes:
        state = State::SpecialAuthorityIgnoreSlashes;
        if (c == '/' && remaining_starts_with(p, '/')) ++p;
        else --p;
        break;

      case State::SpecialAuthorityIgnoreSlashes:
        if (c != '/' && c != '\\') {
          state = State::Authority;
          --p;
        }
        break;

      case State::Authority:
        if (c == '@') {
          if (at_sign_seen) buffer.insert(0, "%40", 3);
          at_sign_seen = true;
          // Up to the first ':' of all the userinfo is the username, the rest the password.
          std::string_view rest = buffer;
          if (!password_token_seen) {
            size_t colon = rest.find(':');
            percent_encode_into(url.username, rest.substr(0, colon), EncodeSet::Userinfo);
            password_token_seen = colon != std::string_view::npos;
            rest = password_token_seen ? rest.substr(colon + 1) : std::string_view();
          }
          percent_encode_into(url.password, rest, EncodeSet::Userinfo);
          buffer.clear();
        } else if (c == kEof || c == '/' || c == '?' || c == '#' || (special() && c == '\\')) {
          if (at_sign_seen && buffer.empty()) return false;
          p -= static_cast<ptrdiff_t>(buffer.size()) + 1;
          buffer.clear();
          state = State::Host;
        } else {
          // The run up to the next '@' or the authority's end, at once.
          const bool is_special = special();
          ptrdiff_t end = p + 1;
          while (end < n) {
            char d = input[end];
            if (d == '@' || d == '/' || d == '?' || d == '#' || (is_special && d == '\\')) break;
            ++end;
          }
          buffer.append(input.substr(p, end - p));
          p = end - 1;
        }
        break;

      case State::Host:
      case State::Hostname:
        if (state_override && url.scheme == "file") {
          --p;
          state = State::FileHost;
        } else if (c == ':' && !inside_brackets) {
          if (buffer.empty()) return false;
          if (state_override == State::Hostname) return false;
          auto host = parse_host(buffer, !special());
          if (!host) return false;
          url.host = std::move(host->serialized);
          buffer.clear();
          state = State::Port;
        } else if (c == kEof || c == '/' || c == '?' || c == '#' || (special() && c == '\\')) {
          --p;
          if (special() && buffer.empty()) return false;
          if (state_override && buffer.empty() && (url.has_credentials() || url.port)) return false;
          auto host = parse_host(buffer, !special());
          if (!host) return false;
          url.host = std::move(host->serialized);
          buffer.clear();
          state = State::PathStart;
          if (state_override) return true;
        } else {
          // The run up to the host's end, at once.
          const bool is_special = special();
          ptrdiff_t end = p;
          for (; end < n; ++end) {
            char d = input[end];
            if ((d == ':' && !inside_brackets) || d == '/' || d == '?' || d == '#' || (is_special && d == '\\')) break;
            if (d == '[') inside_brackets = true;
            if (d == ']') inside_brackets = false;
          }
          buffer.append(input.substr(p, end - p));
          p = end - 1;
        }
        break;

      case State::Port:
        if (is_digit(c)) {
          buffer += static_cast<char>(c);
        } else if (c == kEof || c == '/' || c == '?' || c == '#' || (special() && c == '\\') ||
                   state_override) {
          if (!buffer.empty()) {
            uint32_t port = 0;
            for (char d : buffer) {
              port = port * 10 + static_cast<uint32_t>(d - '0');
              if (port > 65535) return false;
            }
            if (static_cast<int>(port) == default_port(url.scheme)) url.port.reset();
            else url.port = static_cast<uint16_t>(port);
            buffer.clear();
            if (state_override) return true;
          }
          if (state_override) return false;
          state = State::PathStart;
          --p;
        } else {
          return false;
        }
        break;

      case State::File:
        url.scheme = "file";
        url.host.emplace();
        if (c == '/' || c == '\\') {
          state = State::FileSlash;
        } else if (base && base->scheme == "file") {
          url.host = base->host;
          url.path = base->path;
          url.query = base->query;
          if (c == '?') {
            url.query.emplace();
            state = State::Query;
          } else if (c == '#') {
            url.fragment.emplace();
            state = State::Fragment;
          } else if (c != kEof) {
            url.query.reset();
            if (!starts_with_windows_drive_letter(input.substr(p))) shorten_path(url);
            else url.path.clear();
            state = State::Path;
            --p;
          }
        } else {
          state = State::Path;
          --p;
        }
        break;

      case State::FileSlash:
        if (c == '/' || c == '\\') {
          state = State::FileHost;
        } else {
          if (base && base->scheme == "file") {
            url.host = base->host;
            if (!starts_with_windows_drive_letter(input.substr(std::min(p, n))) &&
                is_normalized_windows_drive_letter(first_segment(base->path))) {
              url.path += '/';
              url.path += first_segment(base->path);
            }
          }
          state = State::Path;
          --p;
        }
        break;

      case State::FileHost:
        if (c == kEof || c == '/' || c == '\\' || c == '?' || c == '#') {
          --p;
          if (!state_override && is_windows_drive_letter(buffer)) {
            state = State::Path;  // the buffer is the path's first segment
          } else if (buffer.empty()) {
            url.host.emplace();
            if (state_override) return true;
            state = State::PathStart;
          } else {
            auto host = parse_host(buffer, !special());
            if (!host) return false;
            if (host->serialized == "localhost") host->serialized.clear();
            url.host = std::move(host->serialized);
            if (state_override) return true;
            buffer.clear();
            state = State::PathStart;
          }
        } else {
          buffer += static_cast<char>(c);
        }
        break;

      case State::PathStart:
        if (special()) {
          state = State::Path;
          if (c != '/' && c != '\\') --p;
        } else if (!state_override && c == '?') {
          url.query.emplace();
          state = State::Query;
        } else if (!state_override && c == '#') {
          url.fragment.emplace();
          state = State::Fragment;
        } else if (c != kEof) {
          state = State::Path;
          if (c != '/') --p;
        } else if (state_override && !url.host) {
          url.path += '/';
        }
        break;

      case State::Path: {
        const bool is_special = special();
        bool slash = c == '/' || (is_special && c == '\\');
        if (c == kEof || slash || (!state_override && (c == '?' || c == '#'))) {
          if (is_double_dot(buffer)) {
            shorten_path(url);
            if (!slash) url.path += '/';
          } else if (is_single_dot(buffer) && !slash) {
            url.path += '/';
          } else if (!is_single_dot(buffer)) {
            if (url.scheme == "file" && url.path.empty() && is_windows_drive_letter(buffer)) {
              if (url.host && !url.host->empty()) url.host->clear();
              buffer[1] = ':';
            }
            url.path += '/';
            url.path += buffer;
          }
          buffer.clear();
          // As Deno (and the standard until 2021): a file path loses leading empty segments.
          if (url.scheme == "file" && (c == kEof || c == '?' || c == '#'))
            while (url.path.starts_with("//")) url.path.erase(0, 1);
          if (c == '?') {
            url.query.emplace();
            state = State::Query;
          } else if (c == '#') {
            url.fragment.emplace();
            state = State::Fragment;
          }
        } else {
          // The run of ordinary characters up to the segment's end, encoded at once.
          ptrdiff_t end = p + 1;
          while (end < n) {
            char d = input[end];
            if (d == '/' || (is_special && d == '\\') || (!state_override && (d == '?' || d == '#'))) break;
            ++end;
          }
          percent_encode_into(buffer, input.substr(p, end - p), EncodeSet::Path);
          p = end - 1;
        }
        break;
      }

      case State::OpaquePath:
        if (c == '?') {
          url.query.emplace();
          state = State::Query;
        } else if (c == '#') {
          url.fragment.emplace();
          state = State::Fragment;
        } else if (c != kEof) {
          char ch = static_cast<char>(c);
          percent_encode_into(url.path, std::string_view(&ch, 1), EncodeSet::C0Control);
        }
        break;

      case State::Query: {
        // The rest up to '#' (or all of it with a state override) at once.
        size_t end = state_override ? input.size() : input.find('#', static_cast<size_t>(p));
        if (end == std::string::npos) end = input.size();
        if (!url.query) url.query.emplace();
        size_t start = std::min(static_cast<size_t>(p), input.size());
        percent_encode_into(*url.query, input.substr(start, end - start),
                            special() ? EncodeSet::SpecialQuery : EncodeSet::Query);
        p = static_cast<ptrdiff_t>(end);
        if (p < n) {
          url.fragment.emplace();
          state = State::Fragment;
        }
        break;
      }

      case State::Fragment:
        if (c != kEof) {
          if (!url.fragment) url.fragment.emplace();
          percent_encode_into(*url.fragment, input.substr(p), EncodeSet::Fragment);
          p = n;
        }
        break;
    }
    if (p >= n) break;
  }
  return true;
}

// When the query and fragment are gone, an opaque path loses its trailing spaces.
void strip_trailing_spaces_from_opaque_path(Url& url) {
  if (!url.opaque_path || url.fragment || url.query) return;
  while (!url.path.empty() && url.path.back() == ' ') url.path.pop_back();
}

}  // namespace

int default_port(std::string_view scheme) {
  if (scheme == "http" || scheme == "ws") return 80;
  if (scheme == "https" || scheme == "wss") return 443;
  if (scheme == "ftp") return 21;
  return -1;
}

bool Url::is_special() const { return is_special_scheme(scheme); }

// The record of a URL given as its serialisation and components (from the fast path).
Url record_of(std::string_view href, const Components& c) {
  auto part = [&](uint32_t start, uint32_t end) { return std::string(href.substr(start, end - start)); };
  Url url;
  url.scheme = part(0, c.protocol_end - 1);
  url.username = part(c.username_start, c.username_end);
  url.password = part(c.password_start, c.password_end);
  url.host = part(c.host_start, c.host_end);
  if (c.host_end < c.pathname_start) {
    uint32_t port = 0;
    for (char d : href.substr(c.host_end + 1, c.pathname_start - c.host_end - 1)) port = port * 10 + (d - '0');
    url.port = static_cast<uint16_t>(port);
  }
  url.path = part(c.pathname_start, c.search_start);
  if (c.search_start < c.hash_start) url.query = part(c.search_start + 1, c.hash_start);
  if (c.hash_start < href.size()) url.fragment = part(c.hash_start + 1, static_cast<uint32_t>(href.size()));
  return url;
}

std::optional<Url> parse_without_fast_path(std::string_view input, const Url* base) {
  Url url;
  if (!basic_parse(input, base, url, std::nullopt)) return std::nullopt;
  return url;
}

std::optional<Url> parse(std::string_view input, const Url* base) {
  if (!base) {  // an absolute URL of the common shape does not need the state machine
    std::string href;
    Components c;
    if (parse_common_absolute(input, href, c)) return record_of(href, c);
  }
  return parse_without_fast_path(input, base);
}

void set(Url& url, Setter which, std::string_view value) {
  switch (which) {
    case Setter::Protocol:
      basic_parse(std::string(value) + ":", nullptr, url, State::SchemeStart);
      break;
    case Setter::Username:
      if (!url.cannot_have_credentials_or_port()) url.username = percent_encode(value, EncodeSet::Userinfo);
      break;
    case Setter::Password:
      if (!url.cannot_have_credentials_or_port()) url.password = percent_encode(value, EncodeSet::Userinfo);
      break;
    case Setter::Host:
    case Setter::Hostname:
      if (!url.opaque_path) basic_parse(value, nullptr, url, which == Setter::Host ? State::Host : State::Hostname);
      break;
    case Setter::Port:
      if (url.cannot_have_credentials_or_port()) break;
      if (value.empty()) url.port.reset();
      else basic_parse(value, nullptr, url, State::Port);
      break;
    case Setter::Pathname:
      if (url.opaque_path) break;
      url.path.clear();
      basic_parse(value, nullptr, url, State::PathStart);
      break;
    case Setter::Search:
      if (value.empty()) {
        url.query.reset();
        strip_trailing_spaces_from_opaque_path(url);
        break;
      }
      if (value.front() == '?') value.remove_prefix(1);
      url.query.emplace();
      basic_parse(value, nullptr, url, State::Query);
      break;
    case Setter::Hash:
      if (value.empty()) {
        url.fragment.reset();
        strip_trailing_spaces_from_opaque_path(url);
        break;
      }
      if (value.front() == '#') value.remove_prefix(1);
      url.fragment.emplace();
      basic_parse(value, nullptr, url, State::Fragment);
      break;
  }
}

std::optional<std::string> canonicalize_pattern_component(PatternComponent which, std::string_view value,
                                                          std::string_view protocol) {
  if (value.empty()) return std::string();
  Url dummy;
  dummy.scheme = "http";
  dummy.host = "dummy.test";
  switch (which) {
    case PatternComponent::Protocol: {
      std::string input(value);
      input.append("://dummy.test");
      auto url = parse_without_fast_path(input);
      if (!url) return std::nullopt;
      return std::move(url->scheme);
    }
    case PatternComponent::Username:
    case PatternComponent::Password:
      return percent_encode(value, EncodeSet::Userinfo);
    case PatternComponent::Hostname:
      if (!basic_parse(value, nullptr, dummy, State::Hostname)) return std::nullopt;
      return std::move(*dummy.host);
    case PatternComponent::IPv6Hostname: {
      std::string result;
      for (char c : value) {
        bool hex = is_digit(c) || (lower(c) >= 'a' && lower(c) <= 'f');
        if (!hex && c != '[' && c != ']' && c != ':') return std::nullopt;
        result += lower(c);
      }
      return result;
    }
    case PatternComponent::Port:
      dummy.scheme = std::string(protocol);
      if (!basic_parse(value, nullptr, dummy, State::Port)) return std::nullopt;
      return dummy.port ? std::to_string(*dummy.port) : std::string();
    case PatternComponent::Pathname: {
      // A piece of a path that does not start with '/' gets "/-" for the
      // parse, so that it is not given a leading '/', then loses it.
      const bool leading_slash = value.front() == '/';
      dummy.path.clear();
      std::string modified(leading_slash ? "" : "/-");  // (not `"/-" + s`: GCC 12's -Wrestrict false positive)
      modified.append(value);
      basic_parse(modified, nullptr, dummy, State::PathStart);
      if (!leading_slash && dummy.path.starts_with("/-")) dummy.path.erase(0, 2);
      return std::move(dummy.path);
    }
    case PatternComponent::OpaquePathname: {
      // As Deno (rust-url's set_path on an opaque path): a leading '/' is
      // "%2F", the rest is encoded as the opaque path state does, '?' and '#'
      // included, tabs and newlines dropped as the parser's input loses them.
      std::string result;
      if (value.front() == '/') {
        result = "%2F";
        value.remove_prefix(1);
      }
      std::string cleaned;
      percent_encode_into(result, clean_input(value, false, cleaned), EncodeSet::C0Control);
      return result;
    }
    case PatternComponent::Search:
      dummy.query.emplace();
      basic_parse(value, nullptr, dummy, State::Query);
      return std::move(*dummy.query);
    case PatternComponent::Hash:
      dummy.fragment.emplace();
      basic_parse(value, nullptr, dummy, State::Fragment);
      return std::move(*dummy.fragment);
  }
  return std::nullopt;
}

void set_query_from_search_params(Url& url, std::string_view serialized_query) {
  if (serialized_query.empty()) {
    url.query.reset();
    strip_trailing_spaces_from_opaque_path(url);
  } else {
    url.query = std::string(serialized_query);
  }
}

std::string serialize(const Url& url, Components* out) {
  Components c{};
  std::string href;
  href.reserve(url.scheme.size() + url.path.size() + (url.host ? url.host->size() : 0) + 16);
  href += url.scheme;
  href += ':';
  c.protocol_end = static_cast<uint32_t>(href.size());
  auto at = [&href] { return static_cast<uint32_t>(href.size()); };
  if (url.host) {
    href += "//";
    c.username_start = at();
    href += url.username;
    c.username_end = c.password_start = c.password_end = at();
    if (!url.password.empty()) {
      href += ':';
      c.password_start = at();
      href += url.password;
      c.password_end = at();
    }
    if (url.has_credentials()) href += '@';
    c.host_start = at();
    href += *url.host;
    c.host_end = at();
    if (url.port) {
      href += ':';
      href += std::to_string(*url.port);
    }
  } else {
    c.username_start = c.username_end = c.password_start = c.password_end = c.host_start = c.host_end =
        c.protocol_end;
    if (!url.opaque_path && url.path.starts_with("//")) href += "/.";
  }
  c.pathname_start = at();
  href += url.path;
  c.search_start = at();
  if (url.query) {
    href += '?';
    href += *url.query;
  }
  c.hash_start = at();
  if (url.fragment) {
    href += '#';
    href += *url.fragment;
  }
  if (out) *out = c;
  return href;
}

bool parse_to_href(std::string_view input, std::optional<std::string_view> base, std::string& href,
                   Components& components) {
  if (parse_common_absolute(input, href, components)) {
    // The input does not depend on the base, which must still be a URL.
    if (!base) return true;
    std::string base_href;
    Components base_components;
    return parse_common_absolute(*base, base_href, base_components) || parse_without_fast_path(*base);
  }
  std::optional<Url> url;
  if (base) {
    auto base_url = parse(*base);
    if (!base_url) return false;
    url = parse_without_fast_path(input, &*base_url);
  } else {
    url = parse_without_fast_path(input);
  }
  if (!url) return false;
  href = serialize(*url, &components);
  return true;
}

std::string Url::href() const { return serialize(*this, nullptr); }

std::string Url::origin() const {
  if (scheme == "blob") {
    auto inner = parse(path);
    if (inner && (inner->scheme == "http" || inner->scheme == "https")) return inner->origin();
    return "null";
  }
  if (scheme == "http" || scheme == "https" || scheme == "ws" || scheme == "wss" || scheme == "ftp") {
    // Appended piece by piece: `scheme + "://"` trips GCC 12's -Wrestrict false positive.
    std::string out = scheme;
    out.append("://").append(host.value_or(""));
    if (port) out.append(":").append(std::to_string(*port));
    return out;
  }
  return "null";
}

}  // namespace toolchain::url
