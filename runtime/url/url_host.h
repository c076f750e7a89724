#pragma once
// Hosts of URLs (https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)):
// the host parser (domains through IDNA, IPv4 in all its numeric forms, IPv6,
// opaque hosts) and host serialisation. No V8.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace toolchain::url {

enum class HostKind : uint8_t { Domain, IPv4, IPv6, Opaque, Empty };

struct Host {
  HostKind kind;
  std::string serialized;  // "example.com", "127.0.0.1", "[::1]", "%C3%B1", ""
};

// The host parser. `input` is the still percent-encoded text between the
// authority's '@' and its port; `is_opaque` for non-special schemes.
// nullopt is failure.
std::optional<Host> parse_host(std::string_view input, bool is_opaque);

// Domain to ASCII with be_strict = false: UTS #46 ToASCII (nontransitional,
// CheckBidi, CheckJoiners, no hyphen or DNS-length checks). Plain ASCII
// without "xn--" labels takes a fast path (lower-casing) without ICU.
std::optional<std::string> domain_to_ascii(std::string_view domain);

// The IPv4 and IPv6 parsers and serialisers, exposed for tests.
std::optional<uint32_t> parse_ipv4(std::string_view input);
std::string serialize_ipv4(uint32_t address);
std::optional<std::string> parse_and_serialize_ipv6(std::string_view input);

}  // namespace toolchain::url
