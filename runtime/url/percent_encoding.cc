#include "url/percent_encoding.h"

#include <array>

namespace toolchain::url {

namespace {

constexpr char kHex[] = "0123456789ABCDEF";

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

constexpr bool in_set(unsigned char c, EncodeSet set) {
  if (c < 0x20 || c > 0x7E) return true;  // the C0 control set, which every set contains
  switch (set) {
    case EncodeSet::C0Control:
      return false;
    case EncodeSet::Fragment:
      return c == ' ' || c == '"' || c == '<' || c == '>' || c == '`';
    case EncodeSet::Query:
      return c == ' ' || c == '"' || c == '#' || c == '<' || c == '>';
    case EncodeSet::SpecialQuery:
      return c == ' ' || c == '"' || c == '#' || c == '<' || c == '>' || c == '\'';
    case EncodeSet::FormUrlencoded:
      if (c == '!' || (c >= '\'' && c <= ')') || c == '~') return true;
      [[fallthrough]];
    case EncodeSet::Component:
      if ((c >= '$' && c <= '&') || c == '+' || c == ',') return true;
      [[fallthrough]];
    case EncodeSet::Userinfo:
      if (c == '/' || c == ':' || c == ';' || c == '=' || c == '@' || (c >= '[' && c <= '^') || c == '|')
        return true;
      [[fallthrough]];
    case EncodeSet::Path:
      return c == ' ' || c == '"' || c == '#' || c == '<' || c == '>' || c == '?' || c == '`' || c == '{' ||
             c == '}';
  }
  return false;
}

// One 256-entry table per encode set, so encoding is a lookup per byte.
constexpr size_t kSetCount = static_cast<size_t>(EncodeSet::FormUrlencoded) + 1;
using EncodeTable = std::array<bool, 256>;
constexpr std::array<EncodeTable, kSetCount> kEncodeTables = [] {
  std::array<EncodeTable, kSetCount> tables{};
  for (size_t set = 0; set < kSetCount; ++set)
    for (int c = 0; c < 256; ++c)
      tables[set][c] = in_set(static_cast<unsigned char>(c), static_cast<EncodeSet>(set));
  return tables;
}();

}  // namespace

bool in_encode_set(unsigned char c, EncodeSet set) { return kEncodeTables[static_cast<size_t>(set)][c]; }

// Runs of bytes that stay as they are are appended at once.
void percent_encode_into(std::string& out, std::string_view input, EncodeSet set) {
  const EncodeTable& encode = kEncodeTables[static_cast<size_t>(set)];
  size_t run = 0;
  for (size_t i = 0; i < input.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(input[i]);
    if (!encode[c]) continue;
    out.append(input.data() + run, i - run);
    const char escaped[3] = {'%', kHex[c >> 4], kHex[c & 15]};
    out.append(escaped, 3);
    run = i + 1;
  }
  out.append(input.data() + run, input.size() - run);
}

std::string percent_encode(std::string_view input, EncodeSet set) {
  std::string out;
  out.reserve(input.size());
  percent_encode_into(out, input, set);
  return out;
}

std::string percent_decode(std::string_view input) {
  std::string out;
  out.reserve(input.size());
  for (size_t i = 0; i < input.size(); ++i) {
    int hi, lo;
    if (input[i] == '%' && i + 2 < input.size() && (hi = hex_value(input[i + 1])) >= 0 && (lo = hex_value(input[i + 2])) >= 0) {
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += input[i];
    }
  }
  return out;
}

// The Encoding Standard's UTF-8 decoder: each maximal invalid subpart becomes one U+FFFD.
std::string utf8_decode_lossy(std::string_view bytes) {
  static constexpr char kReplacement[] = "\xEF\xBF\xBD";
  std::string out;
  out.reserve(bytes.size());
  size_t i = 0, n = bytes.size();
  while (i < n) {
    unsigned char b = bytes[i];
    if (b < 0x80) {
      out += static_cast<char>(b);
      ++i;
      continue;
    }
    size_t needed;
    unsigned char lower = 0x80, upper = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) needed = 1;
    else if (b >= 0xE0 && b <= 0xEF) {
      needed = 2;
      if (b == 0xE0) lower = 0xA0;
      if (b == 0xED) upper = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      needed = 3;
      if (b == 0xF0) lower = 0x90;
      if (b == 0xF4) upper = 0x8F;
    } else {
      out += kReplacement;
      ++i;
      continue;
    }
    size_t j = i + 1;
    size_t seen = 0;
    while (seen < needed && j < n) {
      unsigned char c = bytes[j];
      if (c < lower || c > upper) break;
      lower = 0x80;
      upper = 0xBF;
      ++j;
      ++seen;
    }
    if (seen == needed) out.append(bytes.substr(i, j - i));
    else out += kReplacement;
    i = j;
  }
  return out;
}

ParamList parse_form_urlencoded(std::string_view input) {
  ParamList list;
  size_t start = 0;
  while (start <= input.size()) {
    size_t end = input.find('&', start);
    if (end == std::string_view::npos) end = input.size();
    std::string_view sequence = input.substr(start, end - start);
    if (!sequence.empty()) {
      size_t eq = sequence.find('=');
      std::string name(sequence.substr(0, eq));
      std::string value(eq == std::string_view::npos ? std::string_view() : sequence.substr(eq + 1));
      for (char& c : name) if (c == '+') c = ' ';
      for (char& c : value) if (c == '+') c = ' ';
      list.emplace_back(utf8_decode_lossy(percent_decode(name)), utf8_decode_lossy(percent_decode(value)));
    }
    start = end + 1;
  }
  return list;
}

std::string serialize_form_urlencoded(const ParamList& list) {
  std::string out;
  auto encode = [&out](std::string_view s) {
    for (unsigned char c : s) {
      if (c == ' ') out += '+';
      else if (in_encode_set(c, EncodeSet::FormUrlencoded)) {
        out += '%';
        out += kHex[c >> 4];
        out += kHex[c & 15];
      } else {
        out += static_cast<char>(c);
      }
    }
  };
  for (size_t i = 0; i < list.size(); ++i) {
    if (i > 0) out += '&';
    encode(list[i].first);
    out += '=';
    encode(list[i].second);
  }
  return out;
}

}  // namespace toolchain::url
