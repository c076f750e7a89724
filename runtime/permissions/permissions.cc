// Deno 2.9.6's permission model; see permissions.h for what matches and what
// is simplified. The structure follows deno_permissions: one "unary"
// permission per kind holding global flags plus a sorted list of
// allow/deny/ignore/prompt-denied descriptors where the first match decides.
#include "runtime/permissions/permissions.h"

#include <arpa/inet.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <utility>

namespace toolchain::permissions {
namespace {

constexpr int kKinds = 8;
int index_of(Kind kind) { return static_cast<int>(kind); }

int sgn(int v) { return (v > 0) - (v < 0); }
// std::string_view::compare orders bytes as unsigned char, like Rust's [u8].
int cmp_str(std::string_view a, std::string_view b) { return sgn(a.compare(b)); }

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool ends_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    size_t pos = s.find(sep, start);
    if (pos == std::string_view::npos) {
      out.push_back(s.substr(start));
      return out;
    }
    out.push_back(s.substr(start, pos - start));
    start = pos + 1;
  }
}

[[noreturn]] void fail(const char* error_class, const std::string& message) {
  throw DescriptorError(error_class, message);
}

// Rust's `str::parse::<uN>()`: optional '+', at least one digit, no overflow.
std::optional<std::uint64_t> parse_uint(std::string_view s, std::uint64_t max) {
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  if (s.empty()) return std::nullopt;
  std::uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<unsigned>(c - '0');
    if (v > max) return std::nullopt;
  }
  return v;
}

// ---------------------------------------------------------------- paths

// Rust's Path::components() for Unix paths: "/" for the root, no empty
// components, "." only as the first component of a relative path.
std::vector<std::string> components(std::string_view p) {
  std::vector<std::string> out;
  bool absolute = !p.empty() && p[0] == '/';
  if (absolute) out.emplace_back("/");
  bool first = !absolute;
  for (std::string_view seg : split(p, '/')) {
    if (seg.empty()) continue;
    if (seg == ".") {
      if (first) out.emplace_back(".");
      first = false;
      continue;
    }
    first = false;
    out.emplace_back(seg);
  }
  return out;
}

struct PathD {
  std::string path;                      // resolved (absolute) path
  std::vector<std::string> comps;        // its components
  std::optional<std::string> requested;  // what the program wrote, when it differs
};

PathD make_path(std::string resolved, std::optional<std::string> requested = std::nullopt) {
  PathD d;
  d.comps = components(resolved);
  d.path = std::move(resolved);
  d.requested = std::move(requested);
  return d;
}

bool path_starts_with(const PathD& p, const PathD& base) {
  if (base.comps.size() > p.comps.size()) return false;
  return std::equal(base.comps.begin(), base.comps.end(), p.comps.begin());
}
bool path_eq(const PathD& a, const PathD& b) { return a.comps == b.comps; }
int path_cmp(const PathD& a, const PathD& b) {
  size_t n = std::min(a.comps.size(), b.comps.size());
  for (size_t i = 0; i < n; ++i) {
    if (int c = cmp_str(a.comps[i], b.comps[i])) return c;
  }
  return sgn(static_cast<int>(a.comps.size()) - static_cast<int>(b.comps.size()));
}
// deno_permissions PathDescriptor::cmp_allow_allow (also used deny/deny).
int path_cmp_same(const PathD& a, const PathD& b) {
  if (path_eq(a, b)) return 0;
  if (path_starts_with(b, a)) return 1;   // a is an ancestor: more specific b first
  if (path_starts_with(a, b)) return -1;
  return path_cmp(a, b);
}
// PathDescriptor::cmp_allow_deny.
int path_cmp_allow_deny(const PathD& allow, const PathD& deny) {
  if (path_starts_with(deny, allow)) return 1;
  if (path_starts_with(allow, deny)) return -1;
  return 1;
}

// Rust's Path::file_stem().
std::optional<std::string> file_stem(const PathD& p) {
  if (p.comps.empty()) return std::nullopt;
  const std::string& name = p.comps.back();
  if (name == "/" || name == "." || name == "..") return std::nullopt;
  size_t dot = name.rfind('.');
  if (dot == std::string::npos || dot == 0) return name;
  return name.substr(0, dot);
}

// --------------------------------------------------------------- IP

struct Ip {
  bool v6 = false;
  std::array<std::uint8_t, 16> b{};
};

// Rust's Ipv4Addr parser: four decimal parts, no leading zeros, each <= 255.
std::optional<Ip> parse_ipv4(std::string_view s) {
  auto parts = split(s, '.');
  if (parts.size() != 4) return std::nullopt;
  Ip ip;
  for (int i = 0; i < 4; ++i) {
    std::string_view p = parts[i];
    if (p.empty() || p.size() > 3) return std::nullopt;
    if (p.size() > 1 && p[0] == '0') return std::nullopt;
    unsigned v = 0;
    for (char c : p) {
      if (c < '0' || c > '9') return std::nullopt;
      v = v * 10 + static_cast<unsigned>(c - '0');
    }
    if (v > 255) return std::nullopt;
    ip.b[i] = static_cast<std::uint8_t>(v);
  }
  return ip;
}

std::optional<Ip> parse_ipv6(std::string_view s) {
  if (s.empty() || s.size() > 64) return std::nullopt;
  std::string buf(s);
  Ip ip;
  ip.v6 = true;
  if (inet_pton(AF_INET6, buf.c_str(), ip.b.data()) != 1) return std::nullopt;
  return ip;
}

std::optional<Ip> parse_ip(std::string_view s) {
  if (auto v4 = parse_ipv4(s)) return v4;
  return parse_ipv6(s);
}

std::string_view strip_zone(std::string_view s) {
  size_t pct = s.find('%');
  return pct == std::string_view::npos ? s : s.substr(0, pct);
}

std::string fmt_ipv4(const std::uint8_t* b) { return fmt::format("{}.{}.{}.{}", b[0], b[1], b[2], b[3]); }

// Rust's Display for Ipv6Addr (RFC 5952 style, IPv4-mapped as ::ffff:a.b.c.d).
std::string fmt_ipv6(const Ip& ip) {
  std::array<unsigned, 8> seg{};
  for (int i = 0; i < 8; ++i) seg[i] = (ip.b[2 * i] << 8) | ip.b[2 * i + 1];
  bool mapped = seg[0] == 0 && seg[1] == 0 && seg[2] == 0 && seg[3] == 0 && seg[4] == 0 && seg[5] == 0xffff;
  if (mapped) return "::ffff:" + fmt_ipv4(ip.b.data() + 12);
  int best_start = 0, best_len = 0, cur_start = 0, cur_len = 0;
  for (int i = 0; i < 8; ++i) {
    if (seg[i] == 0) {
      if (cur_len == 0) cur_start = i;
      ++cur_len;
      if (cur_len > best_len) best_len = cur_len, best_start = cur_start;
    } else {
      cur_len = 0;
    }
  }
  auto join = [&](int from, int to) {
    std::string out;
    for (int i = from; i < to; ++i) {
      if (i > from) out += ':';
      out += fmt::format("{:x}", seg[i]);
    }
    return out;
  };
  if (best_len > 1) return join(0, best_start) + "::" + join(best_start + best_len, 8);
  return join(0, 8);
}

std::string fmt_ip(const Ip& ip) { return ip.v6 ? fmt_ipv6(ip) : fmt_ipv4(ip.b.data()); }

int cmp_ip(const Ip& a, const Ip& b) {  // Rust IpAddr: V4 < V6, then octets
  if (a.v6 != b.v6) return a.v6 ? 1 : -1;
  return sgn(std::memcmp(a.b.data(), b.b.data(), a.v6 ? 16 : 4));
}

bool subnet_contains(const Ip& net, int prefix, const Ip& ip) {
  if (net.v6 != ip.v6) return false;
  int bytes = net.v6 ? 16 : 4;
  for (int i = 0; i < bytes; ++i) {
    int bits = std::min(8, std::max(0, prefix - 8 * i));
    auto mask = static_cast<std::uint8_t>(bits == 0 ? 0 : 0xff << (8 - bits));
    if ((net.b[i] & mask) != (ip.b[i] & mask)) return false;
  }
  return true;
}

// --------------------------------------------------------------- hosts

enum class HostType { Fqdn, FqdnWildcard, Ip, Vsock, IpSubnet, Unix };  // Deno's enum order

struct Host {
  HostType type = HostType::Fqdn;
  std::vector<std::string> labels;  // Fqdn / FqdnWildcard (lower case)
  Ip ip;                            // Ip / IpSubnet
  int prefix = 0;                   // IpSubnet
  std::uint32_t cid = 0;            // Vsock
  PathD unix_path;                  // Unix
};

// The fqdn crate's wire form ("\x07example\x03com\0"), which orders FQDNs.
std::string wire(const std::vector<std::string>& labels) {
  std::string out;
  for (const auto& l : labels) {
    out += static_cast<char>(l.size());
    out += l;
  }
  out += '\0';
  return out;
}

int cmp_host(const Host& a, const Host& b) {
  if (a.type != b.type) return a.type < b.type ? -1 : 1;
  switch (a.type) {
    case HostType::Fqdn:
    case HostType::FqdnWildcard:
      return cmp_str(wire(a.labels), wire(b.labels));
    case HostType::Ip:
      return cmp_ip(a.ip, b.ip);
    case HostType::Vsock:
      return a.cid == b.cid ? 0 : (a.cid < b.cid ? -1 : 1);
    case HostType::IpSubnet:
      if (int c = cmp_ip(a.ip, b.ip)) return c;
      return sgn(a.prefix - b.prefix);
    case HostType::Unix:
      return path_cmp(a.unix_path, b.unix_path);
  }
  return 0;
}

std::string host_display(const Host& h) {
  auto join = [](const std::vector<std::string>& labels) {
    std::string out;
    for (size_t i = 0; i < labels.size(); ++i) out += (i ? "." : "") + labels[i];
    return out;
  };
  switch (h.type) {
    case HostType::Fqdn:
      return join(h.labels);
    case HostType::FqdnWildcard:
      return "*." + join(h.labels);
    case HostType::Ip:
      return h.ip.v6 ? "[" + fmt_ipv6(h.ip) + "]" : fmt_ip(h.ip);
    case HostType::Vsock:
      return fmt::format("vsock:{}", h.cid);
    case HostType::IpSubnet:
      return fmt::format("{}/{}", fmt_ip(h.ip), h.prefix);
    case HostType::Unix:
      return "unix:" + h.unix_path.path;
  }
  return {};
}

// The fqdn crate's FromStr (default features): labels of [A-Za-z0-9_-],
// 1..=255 bytes; a trailing dot is dropped; "" and "." are the root.
std::optional<std::vector<std::string>> parse_fqdn(std::string_view s, std::string* error) {
  std::vector<std::string> labels;
  if (s.empty() || s == ".") return labels;
  if (s.back() == '.') s.remove_suffix(1);
  for (std::string_view label : split(s, '.')) {
    if (label.size() > 255) return *error = "too long label found in FQDN", std::nullopt;
    if (label.empty()) return *error = "empty label found in FQDN", std::nullopt;
    std::string out;
    for (char c : label) {
      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_') {
        out += c;
      } else if (c >= 'A' && c <= 'Z') {
        out += static_cast<char>(c - 'A' + 'a');
      } else {
        return *error = "invalid char found in FQDN", std::nullopt;
      }
    }
    labels.push_back(std::move(out));
  }
  return labels;
}

// ipnetwork's FromStr: "addr/prefix" (Deno rejects the netmask form).
std::optional<Host> parse_subnet(std::string_view s) {
  size_t slash = s.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  std::string_view addr = s.substr(0, slash), pre = s.substr(slash + 1);
  Host h;
  h.type = HostType::IpSubnet;
  if (auto v4 = parse_ipv4(addr)) {
    h.ip = *v4;
    auto p = parse_uint(pre, 255);
    if (!p || *p > 32) return std::nullopt;
    h.prefix = static_cast<int>(*p);
    return h;
  }
  if (auto v6 = parse_ipv6(addr)) {
    auto p = parse_uint(pre, 255);
    if (!p || *p > 128) return std::nullopt;
    h.ip = *v6;
    h.prefix = static_cast<int>(*p);
    return h;
  }
  return std::nullopt;
}

// deno_permissions Host::parse_inner.
Host parse_host(std::string_view s, bool wildcards) {
  Host h;
  if (starts_with(s, "[") && ends_with(s, "]") && s.size() >= 2) {
    auto ip = parse_ipv6(strip_zone(s.substr(1, s.size() - 2)));
    if (!ip) fail("URIError", fmt::format("invalid IPv6 address: '{}'", s));
    h.type = HostType::Ip;
    h.ip = *ip;
    return h;
  }
  std::string_view without_dot = s;
  bool has_dot = false;
  if (ends_with(s, ".")) without_dot = s.substr(0, s.size() - 1), has_dot = true;
  if (auto ip = parse_ip(strip_zone(without_dot))) {
    if (has_dot) fail("URIError", fmt::format("invalid host: '{}'", without_dot));
    h.type = HostType::Ip;
    h.ip = *ip;
    return h;
  }
  if (auto subnet = parse_subnet(s)) return *subnet;
  std::string lower(s);
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  std::string_view name = lower;
  bool wildcard = false;
  if (wildcards && starts_with(name, "*.")) name.remove_prefix(2), wildcard = true;
  std::string error;
  auto labels = parse_fqdn(name, &error);
  if (!labels) fail("URIError", fmt::format("invalid host '{}': {}", s, error));
  if (labels->empty()) fail("URIError", fmt::format("invalid empty host: '{}'", s));
  h.type = wildcard ? HostType::FqdnWildcard : HostType::Fqdn;
  h.labels = std::move(*labels);
  return h;
}

struct NetD {
  Host host;
  std::optional<std::uint32_t> port;
};

std::string net_display(const NetD& d) {
  std::string out = host_display(d.host);
  if (d.port) out += fmt::format(":{}", *d.port);
  return out;
}

// deno_permissions NetDescriptor::parse_inner (plus 2.9.6's unix: form).
NetD parse_net(std::string_view hostname, bool wildcards) {
  NetD d;
  if (starts_with(hostname, "vsock:")) {
    auto parts = split(hostname.substr(6), ':');
    std::optional<std::uint64_t> cid = parts[0] == "-1" ? std::optional<std::uint64_t>(UINT32_MAX)
                                                        : parse_uint(parts[0], UINT32_MAX);
    std::optional<std::uint64_t> port;
    if (parts.size() > 1) port = parse_uint(parts[1], UINT32_MAX);
    if (!cid || !port) fail("URIError", fmt::format("invalid vsock: '{}'", hostname));
    d.host.type = HostType::Vsock;
    d.host.cid = static_cast<std::uint32_t>(*cid);
    d.port = static_cast<std::uint32_t>(*port);
    return d;
  }
  if (starts_with(hostname, "unix:")) {
    std::string_view path = hostname.substr(5);
    if (path.empty() || path[0] != '/') {
      fail("URIError", fmt::format("invalid unix socket: '{}' (path must be absolute and non-empty)", hostname));
    }
    d.host.type = HostType::Unix;
    d.host.unix_path = make_path(normalize_path(path));
    return d;
  }
  if (starts_with(hostname, "http://") || starts_with(hostname, "https://")) {
    fail("URIError", fmt::format("invalid value '{}': URLs are not supported, only domains and IPs", hostname));
  }
  if (starts_with(hostname, "[")) {
    size_t close = hostname.find(']');
    if (close == std::string_view::npos) fail("URIError", fmt::format("invalid host: '{}'", hostname));
    std::string_view ip_str = hostname.substr(1, close - 1), after = hostname.substr(close + 1);
    auto ip = parse_ipv6(strip_zone(ip_str));
    if (!ip) fail("URIError", fmt::format("invalid IPv6 address in '{}': '{}'", hostname, ip_str));
    if (starts_with(after, ":")) {
      auto port = parse_uint(after.substr(1), 65535);
      if (!port) fail("URIError", fmt::format("invalid port in '{}': '{}'", hostname, after.substr(1)));
      d.port = static_cast<std::uint32_t>(*port);
    } else if (!after.empty()) {
      fail("URIError", fmt::format("invalid host: '{}'", hostname));
    }
    d.host.type = HostType::Ip;
    d.host.ip = *ip;
    return d;
  }
  std::string_view host = hostname, port;
  if (size_t colon = hostname.find(':'); colon != std::string_view::npos) {
    host = hostname.substr(0, colon);
    port = hostname.substr(colon + 1);
    if (port.empty()) fail("URIError", fmt::format("invalid empty port in '{}'", hostname));
  }
  d.host = parse_host(host, wildcards);
  if (!port.empty()) {
    auto p = parse_uint(port, 65535);
    if (!p) {
      if (port.find(':') != std::string_view::npos) {
        fail("URIError", fmt::format("ipv6 addresses must be enclosed in square brackets: '{}'", hostname));
      }
      fail("URIError", fmt::format("invalid port in '{}': '{}'", hostname, port));
    }
    d.port = static_cast<std::uint32_t>(*p);
  }
  return d;
}

// --------------------------------------------------------------- env / sys / run

struct EnvD {
  bool prefix = false;  // "NAME*"
  std::string name;
};

int cmp_env(const EnvD& a, const EnvD& b) {
  if (!a.prefix) return b.prefix ? -1 : cmp_str(a.name, b.name);
  if (!b.prefix) return 1;
  return cmp_str(b.name, a.name);  // longer (more specific) patterns first
}

EnvD parse_env(std::string_view text) {
  if (text.empty()) fail("Error", "Empty env not allowed");
  if (ends_with(text, "*")) return EnvD{true, std::string(text.substr(0, text.size() - 1))};
  return EnvD{false, std::string(text)};
}

constexpr std::string_view kCliSysNames[] = {
    "hostname", "osRelease", "osUptime", "loadavg", "networkInterfaces", "systemMemoryInfo",
    "uid", "gid", "cpus", "homedir", "getegid", "username", "statfs", "getPriority",
    "setPriority", "userInfo"};
constexpr std::string_view kRuntimeSysNames[] = {
    "hostname", "inspector", "osRelease", "osUptime", "loadavg", "networkInterfaces",
    "systemMemoryInfo", "uid", "gid", "cpus", "homedir", "getegid", "statfs", "getPriority",
    "setPriority", "userInfo", "setegid", "seteuid", "setgid", "setuid"};

std::string parse_sys(std::string_view kind) {
  if (kind.empty()) fail("Error", "Empty sys not allowed");
  if (kind == "username") return "userInfo";
  for (auto n : kRuntimeSysNames) {
    if (n == kind) return std::string(kind);
  }
  fail("TypeError", fmt::format("unknown system info kind \"{}\"", kind));
}

bool is_path_command(std::string_view s) { return s.find('/') != std::string_view::npos; }

bool denies_run_name(std::string_view name, const PathD& cmd) {
  auto stem = file_stem(cmd);
  if (!stem || stem->size() < name.size()) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower((*stem)[i]) != lower(name[i])) return false;
  }
  std::string_view suffix = std::string_view(*stem).substr(name.size());
  return suffix.empty() || suffix[0] == '.';
}

struct RunQ {
  bool is_path = false;  // resolved to a file (or written as a path)
  PathD path;
  std::string requested;  // as written; the display name
};

struct RunDeny {
  bool is_name = true;
  std::string name;
  PathD path;
};

// --------------------------------------------------------------- traits

struct PathTraits {
  using Q = PathD;
  using A = PathD;
  using D = PathD;
  static bool matches_allow(const Q& q, const A& a) { return path_starts_with(q, a); }
  static bool matches_deny(const Q& q, const D& d) { return path_starts_with(q, d); }
  static bool revokes(const Q& q, const A& a) { return path_starts_with(q, a); }
  static bool stronger_than_deny(const Q& q, const D& d) { return path_starts_with(d, q); }
  static bool overlaps_deny(const Q& q, const D& d) { return path_starts_with(d, q); }
  static std::string display(const Q& q) { return q.requested ? *q.requested : q.path; }
  static std::optional<A> as_allow(const Q& q) { return q; }
  static D as_deny(const Q& q) { return q; }
  static int cmp_aa(const A& a, const A& b) { return path_cmp_same(a, b); }
  static int cmp_ad(const A& a, const D& d) { return path_cmp_allow_deny(a, d); }
  static int cmp_dd(const D& a, const D& b) { return path_cmp_same(a, b); }
};

struct NetTraits {
  using Q = NetD;
  using A = NetD;
  using D = NetD;
  static bool matches_allow(const Q& q, const A& a) {
    if (a.port && q.port != a.port) return false;
    const Host &x = a.host, &y = q.host;
    auto labels_end_with = [](const std::vector<std::string>& l, const std::vector<std::string>& suffix) {
      return suffix.size() <= l.size() && std::equal(suffix.rbegin(), suffix.rend(), l.rbegin());
    };
    switch (x.type) {
      case HostType::Fqdn:
        return y.type == HostType::Fqdn && x.labels == y.labels;
      case HostType::FqdnWildcard:
        if (y.type == HostType::Fqdn) return labels_end_with(y.labels, x.labels);
        return y.type == HostType::FqdnWildcard && x.labels == y.labels;
      case HostType::Ip:
        return y.type == HostType::Ip && cmp_ip(x.ip, y.ip) == 0;
      case HostType::Vsock:
        return y.type == HostType::Vsock && x.cid == y.cid;
      case HostType::IpSubnet:
        return y.type == HostType::Ip && subnet_contains(x.ip, x.prefix, y.ip);
      case HostType::Unix:
        return y.type == HostType::Unix && path_eq(x.unix_path, y.unix_path);
    }
    return false;
  }
  static bool matches_deny(const Q& q, const D& d) { return matches_allow(q, d); }
  static bool revokes(const Q& q, const A& a) { return matches_allow(q, a); }
  static bool stronger_than_deny(const Q& q, const D& d) { return matches_allow(q, d); }
  static bool overlaps_deny(const Q&, const D&) { return false; }
  static std::string display(const Q& q) { return net_display(q); }
  static std::optional<A> as_allow(const Q& q) { return q; }
  static D as_deny(const Q& q) { return q; }
  static int cmp_aa(const A& a, const A& b) {
    if (a.port.has_value() != b.port.has_value()) return a.port ? -1 : 1;
    if (int c = cmp_host(a.host, b.host)) return c;
    if (!a.port || *a.port == *b.port) return 0;
    return *a.port < *b.port ? -1 : 1;
  }
  static int cmp_ad(const A& a, const D& d) {
    int c = cmp_aa(a, d);
    return c == 0 ? 1 : c;
  }
  static int cmp_dd(const D& a, const D& b) { return cmp_aa(a, b); }
};

struct EnvTraits {
  using Q = std::string;  // queries are always plain names
  using A = EnvD;
  using D = EnvD;
  static bool matches_allow(const Q& q, const A& a) { return a.prefix ? starts_with(q, a.name) : q == a.name; }
  static bool matches_deny(const Q& q, const D& d) { return matches_allow(q, d); }
  static bool revokes(const Q& q, const A& a) { return matches_allow(q, a); }
  static bool stronger_than_deny(const Q& q, const D& d) { return matches_allow(q, d); }
  static bool overlaps_deny(const Q&, const D&) { return false; }
  static std::string display(const Q& q) { return q; }
  static std::optional<A> as_allow(const Q& q) { return EnvD{false, q}; }
  static D as_deny(const Q& q) { return EnvD{false, q}; }
  static int cmp_aa(const A& a, const A& b) { return cmp_env(a, b); }
  static int cmp_ad(const A& a, const D& d) {
    int c = cmp_env(a, d);
    return c == 0 ? 1 : c;
  }
  static int cmp_dd(const D& a, const D& b) { return cmp_env(a, b); }
};

struct SysTraits {
  using Q = std::string;
  using A = std::string;
  using D = std::string;
  static bool matches_allow(const Q& q, const A& a) { return q == a; }
  static bool matches_deny(const Q& q, const D& d) { return q == d; }
  static bool revokes(const Q& q, const A& a) { return q == a; }
  static bool stronger_than_deny(const Q& q, const D& d) { return q == d; }
  static bool overlaps_deny(const Q&, const D&) { return false; }
  static std::string display(const Q& q) { return q; }
  static std::optional<A> as_allow(const Q& q) { return q; }
  static D as_deny(const Q& q) { return q; }
  static int cmp_aa(const A& a, const A& b) { return cmp_str(a, b); }
  static int cmp_ad(const A&, const D&) { return 1; }
  static int cmp_dd(const D& a, const D& b) { return cmp_str(a, b); }
};

struct RunTraits {
  using Q = RunQ;
  using A = PathD;
  using D = RunDeny;
  static bool matches_allow(const Q& q, const A& a) { return q.is_path && path_eq(q.path, a); }
  static bool matches_deny(const Q& q, const D& d) {
    if (d.is_name) return q.is_path ? denies_run_name(d.name, q.path) : q.requested == d.name;
    return q.is_path ? path_starts_with(q.path, d.path) : denies_run_name(q.requested, d.path);
  }
  static bool revokes(const Q& q, const A& a) {
    if (q.is_path) {
      if (path_eq(q.path, a)) return true;
      if (is_path_command(q.requested)) return false;
    }
    return denies_run_name(q.requested, a);
  }
  static bool stronger_than_deny(const Q& q, const D& d) { return matches_deny(q, d); }
  static bool overlaps_deny(const Q&, const D&) { return false; }
  static std::string display(const Q& q) { return q.requested; }
  static std::optional<A> as_allow(const Q& q) {
    if (!q.is_path) return std::nullopt;
    return q.path;
  }
  static D as_deny(const Q& q) {
    if (q.is_path && is_path_command(q.requested)) return RunDeny{false, {}, q.path};
    return RunDeny{true, q.requested, {}};
  }
  static int cmp_aa(const A& a, const A& b) { return path_cmp_same(a, b); }
  static int cmp_ad(const A&, const D& d) { return d.is_name ? -1 : 1; }
  static int cmp_dd(const D& a, const D& b) {
    if (a.is_name) return b.is_name ? cmp_str(a.name, b.name) : 1;
    if (b.is_name) return -1;
    return path_cmp_same(a.path, b.path);
  }
};

// --------------------------------------------------------------- unary permission

// Values double as Deno's precedence on ties (flag deny first, granted last).
enum class EntryKind { FlagDenied = 0, PromptDenied = 1, FlagIgnored = 2, Granted = 3 };
enum class AllowPartial { TreatAsGranted, TreatAsDenied, TreatAsPartialGranted };

template <class T>
struct Unary {
  using Q = typename T::Q;
  using A = typename T::A;
  using D = typename T::D;
  struct Entry {
    EntryKind kind;
    A allow{};
    D deny{};
  };

  bool granted_global = false;
  bool flag_denied_global = false;
  bool flag_ignored_global = false;
  bool prompt_denied_global = false;
  bool has_flag_denied = false;
  bool has_prompt_denied = false;
  bool has_flag_ignored = false;
  std::vector<Entry> entries;  // sorted: the first match decides

  static int cmp(const Entry& a, const Entry& b) {
    int tie = sgn(static_cast<int>(a.kind) - static_cast<int>(b.kind));
    bool a_allow = a.kind == EntryKind::Granted, b_allow = b.kind == EntryKind::Granted;
    if (a_allow && b_allow) return T::cmp_aa(a.allow, b.allow);
    if (a_allow) {
      int c = T::cmp_ad(a.allow, b.deny);
      return c ? c : tie;
    }
    if (b_allow) {
      int c = T::cmp_ad(b.allow, a.deny);
      return c ? -c : tie;
    }
    int c = T::cmp_dd(a.deny, b.deny);
    return c ? c : tie;
  }

  // Vec::binary_search (Rust >= 1.83) + insert, so that the order — and thus
  // which entry matches first — is the same as Deno's even where the
  // comparison is not a total order.
  void insert(Entry e) {
    if (e.kind == EntryKind::FlagDenied) has_flag_denied = true;
    if (e.kind == EntryKind::FlagIgnored) has_flag_ignored = true;
    if (e.kind == EntryKind::PromptDenied) has_prompt_denied = true;
    size_t size = entries.size();
    if (size == 0) {
      entries.push_back(std::move(e));
      return;
    }
    size_t base = 0;
    while (size > 1) {
      size_t half = size / 2, mid = base + half;
      if (cmp(entries[mid], e) != 1) base = mid;
      size -= half;
    }
    int c = cmp(entries[base], e);
    if (c == 0) return;
    entries.insert(entries.begin() + static_cast<std::ptrdiff_t>(base + (c == -1 ? 1 : 0)), std::move(e));
  }

  bool is_allow_all() const {
    return granted_global && !flag_denied_global && !prompt_denied_global && !flag_ignored_global &&
           !has_flag_denied && !has_prompt_denied && !has_flag_ignored;
  }

  bool is_partial_flag_denied(const Q* q) const {
    if (!q) return has_flag_denied || has_flag_ignored;
    for (const auto& e : entries) {
      if ((e.kind == EntryKind::FlagDenied || e.kind == EntryKind::FlagIgnored) && T::overlaps_deny(*q, e.deny)) {
        return true;
      }
    }
    return false;
  }

  State query_allowed(const Q* q, AllowPartial ap) const {
    switch (ap) {
      case AllowPartial::TreatAsGranted:
        return State::Granted;
      case AllowPartial::TreatAsDenied:
        return is_partial_flag_denied(q) ? State::DeniedPartial : State::Granted;
      case AllowPartial::TreatAsPartialGranted:
        return is_partial_flag_denied(q) ? State::GrantedPartial : State::Granted;
    }
    return State::Granted;
  }

  State query_desc(const Q* q, AllowPartial ap) const {
    if (q) {
      for (const auto& e : entries) {
        switch (e.kind) {
          case EntryKind::Granted:
            if (T::matches_allow(*q, e.allow)) return query_allowed(q, ap);
            break;
          case EntryKind::FlagDenied:
            if (T::matches_deny(*q, e.deny)) return State::Denied;
            break;
          case EntryKind::FlagIgnored:
            if (T::matches_deny(*q, e.deny)) return State::Ignored;
            break;
          case EntryKind::PromptDenied:
            if (T::stronger_than_deny(*q, e.deny)) return State::Denied;
            break;
        }
      }
    }
    if (flag_ignored_global) return State::Ignored;
    if (ap == AllowPartial::TreatAsDenied && is_partial_flag_denied(q)) return State::DeniedPartial;
    if (flag_denied_global || (!q && (prompt_denied_global || has_prompt_denied))) return State::Denied;
    if (granted_global) return query_allowed(q, ap);
    return State::Prompt;
  }

  void insert_granted(const Q* q) {
    if (!q) {
      granted_global = true;
      return;
    }
    if (auto a = T::as_allow(*q)) insert(Entry{EntryKind::Granted, std::move(*a), D{}});
  }

  void insert_prompt_denied(const Q* q) {
    if (!q) {
      prompt_denied_global = true;
      return;
    }
    insert(Entry{EntryKind::PromptDenied, A{}, T::as_deny(*q)});
  }

  State revoke(const Q* q) {
    if (q) {
      std::erase_if(entries, [&](const Entry& e) { return e.kind == EntryKind::Granted && T::revokes(*q, e.allow); });
    } else {
      granted_global = false;
      std::erase_if(entries, [](const Entry& e) { return e.kind == EntryKind::Granted; });
    }
    return query_desc(q, AllowPartial::TreatAsPartialGranted);
  }

  // Permissions::new_unary_with_ignore: allows, then denies, then ignores.
  static Unary make(const std::optional<std::vector<A>>& allow, const std::optional<std::vector<D>>& deny,
                    const std::optional<std::vector<D>>& ignore = std::nullopt) {
    Unary u;
    u.granted_global = allow && allow->empty();
    u.flag_denied_global = deny && deny->empty();
    u.flag_ignored_global = ignore && ignore->empty();
    if (allow) {
      for (const auto& a : *allow) u.insert(Entry{EntryKind::Granted, a, D{}});
    }
    if (deny) {
      for (const auto& d : *deny) u.insert(Entry{EntryKind::FlagDenied, A{}, d});
    }
    if (ignore) {
      for (const auto& d : *ignore) u.insert(Entry{EntryKind::FlagIgnored, A{}, d});
    }
    return u;
  }
};

std::string quote_display(const std::string& name) {
  if (starts_with(name, "<") && ends_with(name, ">")) return name;
  return "\"" + name + "\"";
}

constexpr const char* kDefaultAllowImport[] = {"deno.land:443",     "jsr.io:443",
                                               "esm.sh:443",        "cdn.jsdelivr.net:443",
                                               "raw.githubusercontent.com:443", "gist.githubusercontent.com:443"};

}  // namespace

// --------------------------------------------------------------- free functions

const char* kind_name(Kind kind) {
  switch (kind) {
    case Kind::Read: return "read";
    case Kind::Write: return "write";
    case Kind::Net: return "net";
    case Kind::Env: return "env";
    case Kind::Run: return "run";
    case Kind::Sys: return "sys";
    case Kind::Ffi: return "ffi";
    case Kind::Import: return "import";
  }
  return "";
}

std::optional<Kind> kind_from_name(std::string_view name) {
  for (int i = 0; i < kKinds; ++i) {
    if (name == kind_name(static_cast<Kind>(i))) return static_cast<Kind>(i);
  }
  return std::nullopt;
}

const char* state_name(State state) {
  switch (state) {
    case State::Granted:
    case State::GrantedPartial:
      return "granted";
    case State::Prompt:
      return "prompt";
    case State::Denied:
    case State::DeniedPartial:
    case State::Ignored:
      return "denied";
  }
  return "denied";
}

bool env_readable_without_permission(std::string_view name) {
  return name == "FORCE_COLOR" || name == "NODE_DEBUG" || name == "NODE_OPTIONS" || name == "NO_COLOR";
}

std::string normalize_path(std::string_view path) {
  auto comps = components(path);
  bool should = ends_with(path, "/") || ends_with(path, "/.") || path.find("/./") != std::string_view::npos;
  for (const auto& c : comps) should = should || c == "." || c == "..";
  if (!should) return std::string(path);
  bool absolute = !comps.empty() && comps[0] == "/";
  std::vector<std::string> parts;
  for (size_t i = absolute ? 1 : 0; i < comps.size(); ++i) {
    if (comps[i] == ".") continue;
    if (comps[i] == "..") {
      if (!parts.empty()) parts.pop_back();
      continue;
    }
    parts.push_back(comps[i]);
  }
  std::string out = absolute ? "/" : "";
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? "/" : "") + parts[i];
  return out;
}

std::string resolve_path(std::string_view path, std::string_view cwd) {
  if (starts_with(path, "/") || cwd.empty()) return normalize_path(path);
  std::string joined(cwd);
  if (joined.back() != '/') joined += '/';
  joined += path;
  return normalize_path(joined);
}

std::optional<std::string> find_executable(std::string_view name, std::string_view path_env, std::string_view cwd) {
  if (name.empty()) return std::nullopt;
  if (is_path_command(name)) {
    std::string p = resolve_path(name, cwd);
    struct stat st {};
    if (stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(p.c_str(), X_OK) == 0) return p;
    return std::nullopt;
  }
  for (std::string_view dir : split(path_env, ':')) {
    std::string base = dir.empty() || dir[0] != '/' ? std::string(cwd) + (dir.empty() ? "" : "/" + std::string(dir))
                                                      : std::string(dir);
    if (base.empty()) continue;
    std::string candidate = base + (base.back() == '/' ? "" : "/") + std::string(name);
    struct stat st {};
    if (stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  return std::nullopt;
}

CommandResolver path_resolver(std::string path_env, std::string cwd) {
  return [path_env = std::move(path_env), cwd = std::move(cwd)](std::string_view name) {
    return find_executable(name, path_env, cwd);
  };
}

// --------------------------------------------------------------- Permissions

struct Permissions::Impl {
  struct Value {
    std::string text;
    std::string cwd;
  };
  using List = std::optional<std::vector<Value>>;
  struct Options {
    bool allow_all = false;
    std::array<List, kKinds> allow{};
    std::array<List, kKinds> deny{};
    List ignore_env, ignore_read;
  };

  Options opts;
  bool prompt = true;
  bool standalone = false;
  Prompter prompter;
  CommandResolver resolver;
  std::string cwd = "/";
  std::vector<std::string> warnings;

  Unary<PathTraits> read, write, ffi;
  Unary<NetTraits> net, import;
  Unary<EnvTraits> env;
  Unary<SysTraits> sys;
  Unary<RunTraits> run;

  Impl() { build(); }

  // ---- descriptor parsing

  PathD path_query(std::string_view value) const {
    if (value.empty()) fail("Error", "Empty path is not allowed");
    if (starts_with(value, "/")) return make_path(normalize_path(value));
    return make_path(resolve_path(value, cwd), std::string(value));
  }

  RunQ run_query(std::string_view value) const {
    if (value.empty()) fail("Error", "Empty run query is not allowed");
    RunQ q;
    q.requested = std::string(value);
    if (is_path_command(value)) {
      q.is_path = true;
      q.path = make_path(resolve_path(value, cwd));
    } else if (resolver) {
      if (auto found = resolver(value)) {
        q.is_path = true;
        q.path = make_path(*found);
      }
    }
    return q;
  }

  // ---- construction from the collected flags (Permissions::from_options)

  void build() {
    warnings.clear();
    auto list = [&](Kind k, bool allow) -> const List& {
      return allow ? opts.allow[index_of(k)] : opts.deny[index_of(k)];
    };
    auto allow_list = [&](Kind k) -> List {
      if (opts.allow_all && !list(k, true)) return std::vector<Value>{};
      if (k == Kind::Import && !list(k, true)) {
        std::vector<Value> defaults;
        for (const char* h : kDefaultAllowImport) defaults.push_back(Value{h, cwd});
        return defaults;
      }
      return list(k, true);
    };
    auto paths = [&](const List& l) -> std::optional<std::vector<PathD>> {
      if (!l) return std::nullopt;
      std::vector<PathD> out;
      for (const auto& v : *l) {
        if (v.text.empty()) fail("Error", "Empty path is not allowed");
        out.push_back(make_path(resolve_path(v.text, v.cwd)));
      }
      return out;
    };
    auto nets = [&](const List& l) -> std::optional<std::vector<NetD>> {
      if (!l) return std::nullopt;
      std::vector<NetD> out;
      for (const auto& v : *l) out.push_back(parse_net(v.text, true));
      return out;
    };
    auto envs = [&](const List& l) -> std::optional<std::vector<EnvD>> {
      if (!l) return std::nullopt;
      std::vector<EnvD> out;
      for (const auto& v : *l) out.push_back(parse_env(v.text));
      return out;
    };
    auto syss = [&](const List& l) -> std::optional<std::vector<std::string>> {
      if (!l) return std::nullopt;
      std::vector<std::string> out;
      for (const auto& v : *l) out.push_back(parse_sys(v.text));
      return out;
    };

    auto deny_write = paths(list(Kind::Write, false));
    std::optional<std::vector<PathD>> allow_run;
    if (auto raw = allow_list(Kind::Run)) {
      std::vector<PathD> resolved;
      for (const auto& v : *raw) {
        if (v.text.empty()) throw std::invalid_argument("Empty command name not allowed in --allow-run=...");
        if (is_path_command(v.text)) {
          resolved.push_back(make_path(resolve_path(v.text, v.cwd)));
        } else if (auto found = resolver ? resolver(v.text) : std::nullopt) {
          resolved.push_back(make_path(resolve_path(*found, v.cwd)));
        } else {
          warnings.push_back(fmt::format("Failed to resolve '{}' for allow-run: cannot find binary path", v.text));
        }
      }
      if (!(resolved.empty() && !raw->empty())) allow_run = std::move(resolved);
    }
    // Deno denies writing to the programs --allow-run lets run. (As in Deno, a
    // bare --deny-write then stops being global.)
    if (allow_run && !allow_run->empty()) {
      if (!deny_write) deny_write.emplace();
      for (const auto& p : *allow_run) deny_write->push_back(p);
    }

    auto new_read = Unary<PathTraits>::make(paths(allow_list(Kind::Read)), paths(list(Kind::Read, false)),
                                            paths(opts.ignore_read));
    auto new_write = Unary<PathTraits>::make(paths(allow_list(Kind::Write)), deny_write);
    auto new_net = Unary<NetTraits>::make(nets(allow_list(Kind::Net)), nets(list(Kind::Net, false)));
    auto new_env = Unary<EnvTraits>::make(envs(allow_list(Kind::Env)), envs(list(Kind::Env, false)),
                                          envs(opts.ignore_env));
    auto new_sys = Unary<SysTraits>::make(syss(allow_list(Kind::Sys)), syss(list(Kind::Sys, false)));
    std::optional<std::vector<RunDeny>> deny_run;
    if (const auto& l = list(Kind::Run, false)) {
      deny_run.emplace();
      for (const auto& v : *l) {
        if (is_path_command(v.text)) {
          deny_run->push_back(RunDeny{false, {}, make_path(resolve_path(v.text, v.cwd))});
        } else {
          deny_run->push_back(RunDeny{true, v.text, {}});
        }
      }
    }
    auto new_run = Unary<RunTraits>::make(allow_run, deny_run);
    auto new_ffi = Unary<PathTraits>::make(paths(allow_list(Kind::Ffi)), paths(list(Kind::Ffi, false)));
    auto new_import = Unary<NetTraits>::make(nets(allow_list(Kind::Import)), nets(list(Kind::Import, false)));

    read = std::move(new_read);
    write = std::move(new_write);
    net = std::move(new_net);
    env = std::move(new_env);
    sys = std::move(new_sys);
    run = std::move(new_run);
    ffi = std::move(new_ffi);
    import = std::move(new_import);
  }

  // ---- checks

  std::string access(Kind kind, const std::optional<std::string>& info) const {
    std::string out = fmt::format("{} access", kind_name(kind));
    if (info) out += " to " + *info;
    return out;
  }

  PermissionError denied(Kind kind, const std::optional<std::string>& info, State state) const {
    std::string name = kind_name(kind);
    std::string hint = standalone
                           ? fmt::format("specify the required permissions during compilation using `deno compile --allow-{}`", name)
                           : fmt::format("run again with the --allow-{} flag", name);
    PermissionError e{fmt::format("Requires {}, {}", access(kind, info), hint), "NotCapable", state};
    if (kind == Kind::Import) e.error_class = "TypeError";
    if (kind == Kind::Read && state == State::Ignored) {
      e.message = "No such file or directory (os error 2)";
      e.error_class = "NotFound";
    }
    return e;
  }

  PromptResponse ask(Kind kind, const std::optional<std::string>& info, std::string_view api_name) const {
    if (!prompter) return PromptResponse::Deny;  // what Deno answers itself without a TTY
    return prompter(kind, access(kind, info), api_name);
  }

  template <class T>
  std::optional<PermissionError> check_desc(Unary<T>& u, Kind kind, const typename T::Q* q, bool assert_non_partial,
                                            std::string_view api_name) {
    State state = u.query_desc(q, assert_non_partial ? AllowPartial::TreatAsDenied : AllowPartial::TreatAsGranted);
    if (state == State::Granted) return std::nullopt;
    std::optional<std::string> info;
    if (q) info = quote_display(T::display(*q));
    if (state == State::Prompt && prompt) {
      switch (ask(kind, info, api_name)) {
        case PromptResponse::Allow:
          u.insert_granted(q);
          return std::nullopt;
        case PromptResponse::AllowAll:
          u.insert_granted(nullptr);
          return std::nullopt;
        case PromptResponse::Deny:
          u.insert_prompt_denied(q);
          return denied(kind, info, State::Denied);
      }
    }
    return denied(kind, info, state);
  }

  template <class T>
  State request_desc(Unary<T>& u, Kind kind, const typename T::Q* q) {
    State state = u.query_desc(q, AllowPartial::TreatAsPartialGranted);
    if (state == State::Granted) {
      u.insert_granted(q);
      return state;
    }
    if (state != State::Prompt) return state;
    if (!prompt) return State::Denied;
    std::optional<std::string> info;
    if (q) info = quote_display(T::display(*q));
    switch (ask(kind, info, "Deno.permissions.request()")) {
      case PromptResponse::Allow:
        u.insert_granted(q);
        return State::Granted;
      case PromptResponse::AllowAll:
        u.insert_granted(nullptr);
        return State::Granted;
      case PromptResponse::Deny:
        break;
    }
    u.insert_prompt_denied(q);
    return State::Denied;
  }

  // Calls f(unary, query-pointer) with the value parsed for `kind`.
  template <class F>
  decltype(auto) with_desc(Kind kind, std::optional<std::string_view> value, F&& f) {
    switch (kind) {
      case Kind::Read:
      case Kind::Write:
      case Kind::Ffi: {
        auto& u = kind == Kind::Read ? read : kind == Kind::Write ? write : ffi;
        if (!value) return f(u, static_cast<const PathD*>(nullptr));
        PathD q = path_query(*value);
        return f(u, &q);
      }
      case Kind::Net:
      case Kind::Import: {
        auto& u = kind == Kind::Net ? net : import;
        if (!value) return f(u, static_cast<const NetD*>(nullptr));
        NetD q = parse_net(*value, false);
        return f(u, &q);
      }
      case Kind::Env: {
        if (!value) return f(env, static_cast<const std::string*>(nullptr));
        std::string q(*value);
        return f(env, &q);
      }
      case Kind::Sys: {
        if (!value) return f(sys, static_cast<const std::string*>(nullptr));
        std::string q = parse_sys(*value);
        return f(sys, &q);
      }
      case Kind::Run: {
        if (!value) return f(run, static_cast<const RunQ*>(nullptr));
        RunQ q = run_query(*value);
        return f(run, &q);
      }
    }
    throw std::logic_error("bad permission kind");
  }

  bool is_allow_all(Kind kind) const {
    switch (kind) {
      case Kind::Read: return read.is_allow_all();
      case Kind::Write: return write.is_allow_all();
      case Kind::Net: return net.is_allow_all();
      case Kind::Env: return env.is_allow_all();
      case Kind::Run: return run.is_allow_all();
      case Kind::Sys: return sys.is_allow_all();
      case Kind::Ffi: return ffi.is_allow_all();
      case Kind::Import: return import.is_allow_all();
    }
    return false;
  }
};

Permissions::Permissions() : impl_(std::make_unique<Impl>()) {}
Permissions::Permissions(const Permissions& other) : impl_(std::make_unique<Impl>(*other.impl_)) {}
Permissions& Permissions::operator=(const Permissions& other) {
  if (this != &other) impl_ = std::make_unique<Impl>(*other.impl_);
  return *this;
}
Permissions::Permissions(Permissions&&) noexcept = default;
Permissions& Permissions::operator=(Permissions&&) noexcept = default;
Permissions::~Permissions() = default;

Permissions Permissions::allow_all() {
  Permissions p;
  p.impl_->opts.allow_all = true;
  p.impl_->build();
  return p;
}

bool Permissions::parse_flag(std::string_view arg, std::string_view cwd) {
  enum class What { AllowAll, NoPrompt, Allow, Deny, IgnoreEnv, IgnoreRead };
  struct Item {
    What what;
    Kind kind = Kind::Read;
    std::optional<std::string_view> value;
  };
  std::vector<Item> items;

  if (starts_with(arg, "--")) {
    std::string_view name = arg.substr(2);
    std::optional<std::string_view> value;
    if (size_t eq = name.find('='); eq != std::string_view::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (name == "allow-all") {
      items.push_back({What::AllowAll, Kind::Read, std::nullopt});  // Deno ignores a value here
    } else if (name == "no-prompt") {
      items.push_back({What::NoPrompt, Kind::Read, std::nullopt});
    } else if (name == "ignore-env") {
      items.push_back({What::IgnoreEnv, Kind::Env, value});
    } else if (name == "ignore-read") {
      items.push_back({What::IgnoreRead, Kind::Read, value});
    } else if (starts_with(name, "allow-") || starts_with(name, "deny-")) {
      bool allow = starts_with(name, "allow-");
      auto kind = kind_from_name(name.substr(allow ? 6 : 5));
      if (!kind) return false;
      items.push_back({allow ? What::Allow : What::Deny, *kind, value});
    } else {
      return false;
    }
  } else if (arg.size() >= 2 && arg[0] == '-' && arg[1] != '-') {
    auto short_kind = [](char c) -> std::optional<Kind> {
      switch (c) {
        case 'R': return Kind::Read;
        case 'W': return Kind::Write;
        case 'N': return Kind::Net;
        case 'E': return Kind::Env;
        case 'S': return Kind::Sys;
        case 'I': return Kind::Import;
        default: return std::nullopt;
      }
    };
    auto is_short = [&](char c) { return c == 'A' || short_kind(c).has_value(); };
    for (size_t i = 1; i < arg.size();) {
      char c = arg[i];
      if (!is_short(c)) return false;
      bool at_end = i + 1 == arg.size();
      if (c == 'A') {
        if (!at_end && arg[i + 1] == '=') throw std::invalid_argument("unexpected argument '-=' found");
        items.push_back({What::AllowAll, Kind::Read, std::nullopt});
        ++i;
        continue;
      }
      Kind kind = *short_kind(c);
      if (at_end || is_short(arg[i + 1])) {
        items.push_back({What::Allow, kind, std::nullopt});
        ++i;
      } else {
        size_t from = arg[i + 1] == '=' ? i + 2 : i + 1;  // -R=/p and -R/p
        items.push_back({What::Allow, kind, arg.substr(from)});
        break;
      }
    }
  } else {
    return false;
  }

  Impl& im = *impl_;
  im.cwd = std::string(cwd.empty() ? "/" : cwd);
  Impl::Options backup = im.opts;
  try {
    for (const Item& item : items) {
      auto add = [&](Impl::List& list) {
        if (!list) list.emplace();
        if (!item.value) return;
        for (std::string_view v : split(*item.value, ',')) list->push_back(Impl::Value{std::string(v), im.cwd});
      };
      switch (item.what) {
        case What::AllowAll:
          im.opts.allow_all = true;
          break;
        case What::NoPrompt:
          im.prompt = false;
          break;
        case What::Allow:
          add(im.opts.allow[index_of(item.kind)]);
          break;
        case What::Deny:
          add(im.opts.deny[index_of(item.kind)]);
          break;
        case What::IgnoreEnv:
          add(im.opts.ignore_env);
          break;
        case What::IgnoreRead:
          add(im.opts.ignore_read);
          break;
      }
      // Validation Deno's argument parser does before building permissions.
      if ((item.what == What::Allow || item.what == What::Deny) && item.value) {
        for (std::string_view v : split(*item.value, ',')) {
          if (item.kind == Kind::Env && (v.find('=') != std::string_view::npos || v.find('\0') != std::string_view::npos)) {
            throw std::invalid_argument(fmt::format("invalid env var name: '{}'", v));
          }
          if (item.kind == Kind::Sys && !v.empty() &&
              std::find(std::begin(kCliSysNames), std::end(kCliSysNames), v) == std::end(kCliSysNames)) {
            throw std::invalid_argument(fmt::format("unknown sys descriptor: '{}'", v));
          }
          if ((item.kind == Kind::Net || item.kind == Kind::Import) && v.find("://") != std::string_view::npos) {
            throw std::invalid_argument(
                fmt::format("invalid value '{}': URLs are not supported, only domains and IPs", v));
          }
        }
      }
    }
    if (im.opts.allow_all) {
      constexpr Kind order[] = {Kind::Read, Kind::Write, Kind::Net, Kind::Env,
                                Kind::Run,  Kind::Sys,   Kind::Ffi, Kind::Import};
      for (Kind k : order) {
        if (im.opts.allow[index_of(k)]) {
          throw std::invalid_argument(fmt::format("--allow-all conflicts with --allow-{}", kind_name(k)));
        }
      }
    }
    im.build();
  } catch (...) {
    im.opts = std::move(backup);
    im.build();
    throw;
  }
  return true;
}

const std::vector<std::string>& Permissions::warnings() const { return impl_->warnings; }
void Permissions::set_cwd(std::string_view cwd) { impl_->cwd = std::string(cwd.empty() ? "/" : cwd); }
const std::string& Permissions::cwd() const { return impl_->cwd; }
void Permissions::set_prompt(bool prompt) { impl_->prompt = prompt; }
bool Permissions::prompt() const { return impl_->prompt; }
void Permissions::set_prompter(Prompter prompter) { impl_->prompter = std::move(prompter); }
void Permissions::set_command_resolver(CommandResolver resolver) { impl_->resolver = std::move(resolver); }
void Permissions::set_standalone(bool standalone) { impl_->standalone = standalone; }

State Permissions::query(Kind kind, std::optional<std::string_view> value) const {
  // Like Deno, an allow-all kind answers "granted" without parsing the value.
  Impl& im = *impl_;
  if (im.is_allow_all(kind)) return State::Granted;
  return im.with_desc(kind, value,
                      [&](auto& u, const auto* q) { return u.query_desc(q, AllowPartial::TreatAsPartialGranted); });
}

State Permissions::request(Kind kind, std::optional<std::string_view> value) {
  Impl& im = *impl_;
  return im.with_desc(kind, value, [&](auto& u, const auto* q) { return im.request_desc(u, kind, q); });
}

State Permissions::revoke(Kind kind, std::optional<std::string_view> value) {
  return impl_->with_desc(kind, value, [&](auto& u, const auto* q) { return u.revoke(q); });
}

std::optional<PermissionError> Permissions::check(Kind kind, std::string_view value, std::string_view api_name) {
  Impl& im = *impl_;
  bool path_kind = kind == Kind::Read || kind == Kind::Write || kind == Kind::Ffi;
  if ((path_kind || kind == Kind::Env) && im.is_allow_all(kind)) return std::nullopt;
  return im.with_desc(kind, value, [&](auto& u, const auto* q) -> std::optional<PermissionError> {
    if (u.is_allow_all()) return std::nullopt;
    return im.check_desc(u, kind, q, path_kind, api_name);
  });
}

std::optional<PermissionError> Permissions::check_partial(Kind kind, std::string_view value, std::string_view api_name) {
  Impl& im = *impl_;
  if (im.is_allow_all(kind)) return std::nullopt;
  return im.with_desc(kind, value, [&](auto& u, const auto* q) -> std::optional<PermissionError> {
    return im.check_desc(u, kind, q, false, api_name);
  });
}

std::optional<PermissionError> Permissions::check_net(Kind kind, std::string_view host,
                                                      std::optional<std::uint32_t> port, std::string_view api_name) {
  Impl& im = *impl_;
  NetD q{parse_host(host, false), port};
  auto& u = kind == Kind::Import ? im.import : im.net;
  if (u.is_allow_all()) return std::nullopt;
  return im.check_desc(u, kind == Kind::Import ? Kind::Import : Kind::Net, &q, false, api_name);
}

std::optional<PermissionError> Permissions::check_all(Kind kind, std::string_view api_name) {
  Impl& im = *impl_;
  return im.with_desc(kind, std::nullopt, [&](auto& u, const auto* q) -> std::optional<PermissionError> {
    if (u.is_allow_all()) return std::nullopt;
    return im.check_desc(u, kind, q, kind == Kind::Env, api_name);
  });
}

std::optional<PermissionError> Permissions::check_special_file(std::string_view canonical_path,
                                                               const std::function<bool(int)>& fd_is_pipe) const {
  PathD p = make_path(std::string(canonical_path));
  for (const char* safe : {"/dev/random", "/dev/urandom", "/dev/zero", "/dev/null"}) {
    if (path_eq(p, make_path(safe))) return std::nullopt;
  }
  auto pipe_fd = [&](const char* dir) {
    if (!fd_is_pipe || !path_starts_with(p, make_path(dir)) || p.comps.size() < 2) return false;
    auto n = parse_uint(p.comps.back(), INT_MAX);
    return n && *n > 2 && fd_is_pipe(static_cast<int>(*n));
  };
  if (pipe_fd("/dev/fd") || pipe_fd("/proc/self/fd")) return std::nullopt;
  bool special = path_starts_with(p, make_path("/dev")) || path_starts_with(p, make_path("/proc")) ||
                 path_starts_with(p, make_path("/sys"));
  if (!special || all_granted()) return std::nullopt;
  std::string hint = impl_->standalone
                         ? "specify the required permissions during compilation using `deno compile --allow-all`"
                         : "run again with the --allow-all flag";
  return PermissionError{fmt::format("Requires all access to {}, {}", quote_display(p.path), hint), "NotCapable",
                         State::Denied};
}

std::optional<PermissionError> Permissions::check_unscoped_read_write(std::string_view api_name) const {
  auto unscoped = [](State s) { return s == State::Granted || s == State::GrantedPartial; };
  if (unscoped(query(Kind::Read, std::nullopt)) && unscoped(query(Kind::Write, std::nullopt))) return std::nullopt;
  return PermissionError{
      fmt::format("{} requires unscoped --allow-read and --allow-write permissions; path-scoped grants (e.g. "
                  "--allow-write=<path>) are not supported because a symlink's target is only resolved when the link "
                  "is traversed",
                  api_name),
      "NotCapable", State::Denied};
}

bool Permissions::is_allow_all(Kind kind) const { return impl_->is_allow_all(kind); }

bool Permissions::all_granted() const {
  for (int i = 0; i < kKinds; ++i) {
    if (!impl_->is_allow_all(static_cast<Kind>(i))) return false;
  }
  return true;
}

}  // namespace toolchain::permissions
