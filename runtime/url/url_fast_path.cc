#include "url/url_fast_path.h"

#include <charconv>
#include <cstdint>
#include <cstring>

#include "url/percent_encoding.h"
#include "url/url_host.h"

namespace toolchain::url {

namespace {

// The default port of a special scheme other than file:, 0 for any other scheme.
int special_default_port(std::string_view scheme) {
  switch (scheme.size()) {
    case 2: return scheme == "ws" ? 80 : 0;
    case 3: return scheme == "wss" ? 443 : scheme == "ftp" ? 21 : 0;
    case 4: return scheme == "http" ? 80 : 0;
    case 5: return scheme == "https" ? 443 : 0;
    default: return 0;
  }
}

// Bytes the domain-to-ASCII step leaves as they are, without IDNA.
bool is_plain_host_byte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_';
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool is_tab_or_newline(char c) { return c == '\t' || c == '\n' || c == '\r'; }

// Whether `s` holds a tab or newline (which the parser removes), eight bytes
// at a time: a word with no byte below 0x0E cannot hold one.
bool has_tab_or_newline(std::string_view s) {
  constexpr uint64_t kOnes = 0x0101010101010101, kHighBits = 0x8080808080808080;
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t word;
    std::memcpy(&word, s.data() + i, 8);
    if (((word - kOnes * 0x0E) & ~word & kHighBits) == 0) continue;  // exact for thresholds up to 0x80
    for (size_t j = i; j < i + 8; ++j)
      if (is_tab_or_newline(s[j])) return true;
  }
  for (; i < s.size(); ++i)
    if (is_tab_or_newline(s[i])) return true;
  return false;
}

// Whether the host parser would give back `host` unchanged: plain bytes, no
// "xn--" label (Punycode goes through IDNA), and if it ends in a number, an
// IPv4 address as its serialisation writes it.
bool is_canonical_plain_host(std::string_view host) {
  if (host.empty()) return false;
  for (size_t i = 0; i < host.size(); ++i) {
    if (!is_plain_host_byte(host[i])) return false;
    if ((i == 0 || host[i - 1] == '.') && host.substr(i, 4) == "xn--") return false;
  }
  std::string_view last = host;
  if (last.back() == '.') last.remove_suffix(1);
  last.remove_prefix(last.rfind('.') + 1);  // npos + 1 is 0
  if (last.empty()) return false;
  if (!is_digit(last.front())) return true;  // every IPv4 number starts with a digit
  auto address = parse_ipv4(host);
  return address && serialize_ipv4(*address) == host;
}

// Whether a segment may be a "%2e" spelling of "." or "..".
bool may_be_encoded_dot_segment(std::string_view segment) {
  return segment.size() <= 6 && segment.find('%') != std::string_view::npos;
}

uint32_t offset(const std::string& s) { return static_cast<uint32_t>(s.size()); }

// Writes "scheme://" (in[0, scheme_end) is the scheme), the userinfo, host and
// port into `out`; `path_start` is where the authority ends in `in`.
bool write_authority(std::string_view in, size_t scheme_end, int default_port, std::string& out, Components& c,
                     size_t& path_start) {
  const size_t n = in.size(), authority = scheme_end + 3;
  // The authority ends at the first '/', '?' or '#'; its last '@' ends the
  // userinfo, and the first ':' after that '@' ends the host.
  constexpr size_t kNone = std::string_view::npos;
  size_t authority_end = authority, at = kNone, colon = kNone;
  for (; authority_end < n; ++authority_end) {
    char ch = in[authority_end];
    if (ch == '/' || ch == '?' || ch == '#') break;
    if (ch == '\\') return false;
    if (ch == '@') at = authority_end, colon = kNone;
    if (ch == ':' && colon == kNone) colon = authority_end;
  }
  const size_t host_start = at == kNone ? authority : at + 1;
  const size_t host_end = colon == kNone ? authority_end : colon;
  const std::string_view host = in.substr(host_start, host_end - host_start);
  if (!is_canonical_plain_host(host)) return false;

  int port = -1;
  if (host_end < authority_end) {
    std::string_view digits = in.substr(host_end + 1, authority_end - host_end - 1);
    if (!digits.empty()) {
      port = 0;
      for (char d : digits) {
        if (!is_digit(d)) return false;
        port = port * 10 + (d - '0');
        if (port > 65535) return false;
      }
      if (port == default_port) port = -1;
    }
  }

  out.append(in.data(), authority);
  c.protocol_end = static_cast<uint32_t>(scheme_end + 1);
  c.username_start = offset(out);
  if (at != kNone) {
    std::string_view userinfo = in.substr(authority, at - authority);
    size_t separator = userinfo.find(':');
    percent_encode_into(out, userinfo.substr(0, separator), EncodeSet::Userinfo);
    c.username_end = c.password_start = c.password_end = offset(out);
    if (separator != std::string_view::npos && separator + 1 < userinfo.size()) {
      out += ':';
      c.password_start = offset(out);
      percent_encode_into(out, userinfo.substr(separator + 1), EncodeSet::Userinfo);
      c.password_end = offset(out);
    }
    if (c.password_end > c.username_start) out += '@';  // some credentials
  } else {
    c.username_end = c.password_start = c.password_end = c.username_start;
  }
  c.host_start = offset(out);
  out += host;
  c.host_end = offset(out);
  if (port >= 0) {
    char digits[6];
    out += ':';
    out.append(digits, std::to_chars(digits, digits + sizeof digits, port).ptr);
  }
  path_start = authority_end;
  return true;
}

// A segment a file: path treats as a Windows drive ("C:", "C|").
bool is_drive_letter(std::string_view segment) {
  return segment.size() == 2 && ((segment[0] | 0x20) >= 'a' && (segment[0] | 0x20) <= 'z') &&
         (segment[1] == ':' || segment[1] == '|');
}

// Writes the path (segments percent-encoded, "." dropped, ".." removing the
// one before), query and fragment that start at in[p].
bool write_path_query_fragment(std::string_view in, size_t p, bool is_file, std::string& out, Components& c) {
  const size_t n = in.size();
  c.pathname_start = offset(out);
  if (p == n || in[p] != '/') {
    out += '/';
  } else {
    for (++p;; ++p) {
      size_t end = p;
      while (end < n && in[end] != '/' && in[end] != '?' && in[end] != '#') {
        if (in[end] == '\\') return false;
        ++end;
      }
      const std::string_view segment = in.substr(p, end - p);
      const bool last = end == n || in[end] != '/';
      if (segment == "..") {
        if (out.size() > c.pathname_start) out.erase(out.rfind('/'));
        if (last) out += '/';
      } else if (segment == ".") {
        if (last) out += '/';
      } else {
        if (may_be_encoded_dot_segment(segment) || (is_file && is_drive_letter(segment))) return false;
        out += '/';
        percent_encode_into(out, segment, EncodeSet::Path);
      }
      p = end;
      if (last) break;
    }
    // A file: path that starts with an empty segment loses it (as in Deno).
    if (is_file && out.compare(c.pathname_start, 2, "//") == 0) return false;
  }

  c.search_start = offset(out);
  if (p < n && in[p] == '?') {
    size_t hash = in.find('#', p + 1);
    if (hash == std::string_view::npos) hash = n;
    out += '?';
    percent_encode_into(out, in.substr(p + 1, hash - p - 1), EncodeSet::SpecialQuery);
    p = hash;
  }
  c.hash_start = offset(out);
  if (p < n) {  // in[p] is '#'
    out += '#';
    percent_encode_into(out, in.substr(p + 1), EncodeSet::Fragment);
  }
  return true;
}

}  // namespace

bool parse_common_absolute(std::string_view in, std::string& out, Components& c) {
  const size_t n = in.size();
  if (n == 0 || static_cast<unsigned char>(in.back()) <= 0x20) return false;
  if (has_tab_or_newline(in)) return false;

  size_t i = 0;
  while (i < n && in[i] >= 'a' && in[i] <= 'z') ++i;  // special schemes are letters only
  const std::string_view scheme = in.substr(0, i);
  out.clear();
  out.reserve(n + 16);
  size_t path_start;
  if (scheme == "file") {
    if (in.substr(i, 4) != ":///") return false;  // the empty host
    out.append(in.data(), i + 3);
    c.protocol_end = static_cast<uint32_t>(i + 1);
    c.username_start = c.username_end = c.password_start = c.password_end = c.host_start = c.host_end = offset(out);
    path_start = i + 3;
  } else {
    const int default_port = special_default_port(scheme);
    if (default_port == 0 || in.substr(i, 3) != "://") return false;
    if (!write_authority(in, i, default_port, out, c, path_start)) return false;
  }
  return write_path_query_fragment(in, path_start, scheme == "file", out, c);
}

}  // namespace toolchain::url
