#include "url/url_host.h"

#include <unicode/uidna.h>

#include <array>
#include <vector>

#include "url/percent_encoding.h"

namespace toolchain::url {

namespace {

bool is_forbidden_host_code_point(unsigned char c) {
  switch (c) {
    case 0x00: case '\t': case '\n': case '\r': case ' ': case '#': case '/': case ':': case '<': case '>':
    case '?': case '@': case '[': case '\\': case ']': case '^': case '|':
      return true;
    default:
      return false;
  }
}

bool is_forbidden_domain_code_point(unsigned char c) {
  return is_forbidden_host_code_point(c) || c <= 0x1F || c == '%' || c == 0x7F;
}

bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::vector<std::string_view> split_dots(std::string_view input) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (;;) {
    size_t dot = input.find('.', start);
    if (dot == std::string_view::npos) {
      parts.push_back(input.substr(start));
      return parts;
    }
    parts.push_back(input.substr(start, dot - start));
    start = dot + 1;
  }
}

// The IPv4 number parser: decimal, 0x hex or 0-prefixed octal. Values past
// 2^32 saturate (they fail later anyway).
std::optional<uint64_t> parse_ipv4_number(std::string_view input) {
  if (input.empty()) return std::nullopt;
  int radix = 10;
  if (input.size() >= 2 && input[0] == '0' && (input[1] == 'x' || input[1] == 'X')) {
    input.remove_prefix(2);
    radix = 16;
  } else if (input.size() >= 2 && input[0] == '0') {
    input.remove_prefix(1);
    radix = 8;
  }
  uint64_t value = 0;
  for (char c : input) {
    int digit = hex_digit(c);
    if (digit < 0 || digit >= radix) return std::nullopt;
    value = value * radix + digit;
    if (value > (uint64_t{1} << 33)) value = uint64_t{1} << 33;
  }
  return value;
}

// "ends in a number": the last non-empty label is digits or an IPv4 number.
bool ends_in_a_number(std::string_view input) {
  if (input.empty()) return false;
  if (input.back() == '.') input.remove_suffix(1);  // one trailing empty label is ignored
  std::string_view last = input.substr(input.rfind('.') + 1);  // (npos + 1 is 0)
  if (!last.empty()) {
    bool digits = true;
    for (char c : last) digits = digits && is_ascii_digit(c);
    if (digits) return true;
  }
  return parse_ipv4_number(last).has_value();
}

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  return out;
}

bool needs_idna(std::string_view domain) {
  for (size_t i = 0; i < domain.size(); ++i) {
    if (static_cast<unsigned char>(domain[i]) >= 0x80) return true;
    bool label_start = i == 0 || domain[i - 1] == '.';
    if (label_start && domain.size() - i >= 4 && (domain[i] | 0x20) == 'x' && (domain[i + 1] | 0x20) == 'n' &&
        domain[i + 2] == '-' && domain[i + 3] == '-')
      return true;
  }
  return false;
}

const UIDNA* uts46() {
  static const UIDNA* idna = [] {
    UErrorCode status = U_ZERO_ERROR;
    // Nontransitional processing, CheckBidi and CheckJoiners on;
    // UseSTD3ASCIIRules off (no UIDNA_USE_STD3_RULES).
    UIDNA* handle = uidna_openUTS46(UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ | UIDNA_NONTRANSITIONAL_TO_ASCII |
                                        UIDNA_NONTRANSITIONAL_TO_UNICODE,
                                    &status);
    return U_SUCCESS(status) ? handle : nullptr;
  }();
  return idna;
}

// ICU always checks hyphens and DNS lengths; the URL standard asks for neither.
constexpr uint32_t kIgnoredIdnaErrors = UIDNA_ERROR_EMPTY_LABEL | UIDNA_ERROR_LABEL_TOO_LONG |
                                        UIDNA_ERROR_DOMAIN_NAME_TOO_LONG | UIDNA_ERROR_LEADING_HYPHEN |
                                        UIDNA_ERROR_TRAILING_HYPHEN | UIDNA_ERROR_HYPHEN_3_4;

std::optional<std::string> uts46_to_ascii(std::string_view domain) {
  const UIDNA* idna = uts46();
  if (idna == nullptr) return std::nullopt;
  std::string out(domain.size() * 4 + 64, '\0');
  for (int attempt = 0; attempt < 2; ++attempt) {
    UErrorCode status = U_ZERO_ERROR;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    int32_t length = uidna_nameToASCII_UTF8(idna, domain.data(), static_cast<int32_t>(domain.size()), out.data(),
                                            static_cast<int32_t>(out.size()), &info, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
      out.resize(static_cast<size_t>(length) + 1);
      continue;
    }
    if (U_FAILURE(status) || (info.errors & ~kIgnoredIdnaErrors) != 0) return std::nullopt;
    out.resize(static_cast<size_t>(length));
    return out;
  }
  return std::nullopt;
}

std::optional<Host> parse_opaque_host(std::string_view input) {
  for (unsigned char c : input)
    if (is_forbidden_host_code_point(c)) return std::nullopt;
  return Host{HostKind::Opaque, percent_encode(input, EncodeSet::C0Control)};
}

}  // namespace

std::optional<uint32_t> parse_ipv4(std::string_view input) {
  auto parts = split_dots(input);
  if (parts.back().empty() && parts.size() > 1) parts.pop_back();
  if (parts.size() > 4) return std::nullopt;
  std::vector<uint64_t> numbers;
  for (std::string_view part : parts) {
    auto n = parse_ipv4_number(part);
    if (!n) return std::nullopt;
    numbers.push_back(*n);
  }
  for (size_t i = 0; i + 1 < numbers.size(); ++i)
    if (numbers[i] > 255) return std::nullopt;
  if (numbers.back() >= (uint64_t{1} << (8 * (5 - numbers.size())))) return std::nullopt;
  uint64_t address = numbers.back();
  for (size_t i = 0; i + 1 < numbers.size(); ++i) address += numbers[i] << (8 * (3 - i));
  return static_cast<uint32_t>(address);
}

std::string serialize_ipv4(uint32_t address) {
  std::string out;
  for (int shift = 24; shift >= 0; shift -= 8) {
    out += std::to_string((address >> shift) & 0xFF);
    if (shift > 0) out += '.';
  }
  return out;
}

std::optional<std::string> parse_and_serialize_ipv6(std::string_view input) {
  std::array<uint16_t, 8> address{};
  size_t piece = 0;
  std::optional<size_t> compress;
  size_t p = 0;
  auto at = [&](size_t i) -> int { return i < input.size() ? static_cast<unsigned char>(input[i]) : -1; };

  if (at(p) == ':') {
    if (at(p + 1) != ':') return std::nullopt;
    p += 2;
    compress = ++piece;
  }
  while (at(p) != -1) {
    if (piece == 8) return std::nullopt;
    if (at(p) == ':') {
      if (compress) return std::nullopt;
      ++p;
      compress = ++piece;
      continue;
    }
    unsigned value = 0;
    size_t length = 0;
    while (length < 4 && at(p) != -1 && hex_digit(static_cast<char>(at(p))) >= 0) {
      value = value * 16 + hex_digit(static_cast<char>(at(p)));
      ++p;
      ++length;
    }
    if (at(p) == '.') {
      // An IPv4 address in the last two pieces.
      if (length == 0) return std::nullopt;
      p -= length;
      if (piece > 6) return std::nullopt;
      int numbers_seen = 0;
      while (at(p) != -1) {
        int ipv4_piece = -1;
        if (numbers_seen > 0) {
          if (at(p) == '.' && numbers_seen < 4) ++p;
          else return std::nullopt;
        }
        if (at(p) == -1 || !is_ascii_digit(static_cast<char>(at(p)))) return std::nullopt;
        while (at(p) != -1 && is_ascii_digit(static_cast<char>(at(p)))) {
          int number = at(p) - '0';
          if (ipv4_piece == -1) ipv4_piece = number;
          else if (ipv4_piece == 0) return std::nullopt;
          else ipv4_piece = ipv4_piece * 10 + number;
          if (ipv4_piece > 255) return std::nullopt;
          ++p;
        }
        address[piece] = static_cast<uint16_t>(address[piece] * 0x100 + ipv4_piece);
        ++numbers_seen;
        if (numbers_seen == 2 || numbers_seen == 4) ++piece;
      }
      if (numbers_seen != 4) return std::nullopt;
      break;
    }
    if (at(p) == ':') {
      ++p;
      if (at(p) == -1) return std::nullopt;
    } else if (at(p) != -1) {
      return std::nullopt;
    }
    address[piece++] = static_cast<uint16_t>(value);
  }
  if (compress) {
    size_t swaps = piece - *compress;
    piece = 7;
    while (piece != 0 && swaps > 0) {
      std::swap(address[piece], address[*compress + swaps - 1]);
      --piece;
      --swaps;
    }
  } else if (piece != 8) {
    return std::nullopt;
  }

  // Serialise: the first longest run of two or more zero pieces becomes "::".
  std::optional<size_t> run_start;
  size_t run_length = 1;
  for (size_t i = 0; i < 8;) {
    if (address[i] != 0) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < 8 && address[j] == 0) ++j;
    if (j - i > run_length) {
      run_start = i;
      run_length = j - i;
    }
    i = j;
  }
  static constexpr char kHexLower[] = "0123456789abcdef";
  std::string out = "[";
  for (size_t i = 0; i < 8; ++i) {
    if (run_start && i == *run_start) {
      out += i == 0 ? "::" : ":";
      i += run_length - 1;
      continue;
    }
    uint16_t v = address[i];
    bool started = false;
    for (int shift = 12; shift >= 0; shift -= 4) {
      int digit = (v >> shift) & 15;
      if (digit != 0 || started || shift == 0) {
        out += kHexLower[digit];
        started = true;
      }
    }
    if (i != 7) out += ':';
  }
  out += ']';
  return out;
}

std::optional<std::string> domain_to_ascii(std::string_view domain) {
  std::optional<std::string> result = needs_idna(domain) ? uts46_to_ascii(domain) : ascii_lower(domain);
  if (!result || result->empty()) return std::nullopt;
  for (unsigned char c : *result)
    if (is_forbidden_domain_code_point(c)) return std::nullopt;
  return result;
}

std::optional<Host> parse_host(std::string_view input, bool is_opaque) {
  if (!input.empty() && input.front() == '[') {
    if (input.back() != ']' || input.size() < 2) return std::nullopt;
    auto v6 = parse_and_serialize_ipv6(input.substr(1, input.size() - 2));
    if (!v6) return std::nullopt;
    return Host{HostKind::IPv6, std::move(*v6)};
  }
  if (is_opaque) return parse_opaque_host(input);
  // Without '%' and non-ASCII bytes, percent-decoding and UTF-8 decoding change nothing.
  bool plain = true;
  for (char c : input) plain &= c != '%' && static_cast<unsigned char>(c) < 0x80;
  std::string decoded;
  if (!plain) decoded = utf8_decode_lossy(percent_decode(input));
  auto ascii = domain_to_ascii(plain ? input : std::string_view(decoded));
  if (!ascii) return std::nullopt;
  if (ends_in_a_number(*ascii)) {
    auto v4 = parse_ipv4(*ascii);
    if (!v4) return std::nullopt;
    return Host{HostKind::IPv4, serialize_ipv4(*v4)};
  }
  return Host{HostKind::Domain, std::move(*ascii)};
}

}  // namespace toolchain::url
