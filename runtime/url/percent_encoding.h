#pragma once
// Percent-encoding and the application/x-www-form-urlencoded format
// (https://url.spec.whatwg.org/#percent-encoded-bytes, #urlencoded-parsing).
// Everything works on UTF-8 bytes: a code point outside ASCII is encoded as the
// bytes of its UTF-8 form, which is what "UTF-8 percent-encode" means.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace toolchain::url {

// The spec's percent-encode sets, each a superset of the one before
// (except fragment, query and special-query, which extend C0 control only).
enum class EncodeSet {
  C0Control,
  Fragment,
  Query,
  SpecialQuery,
  Path,
  Userinfo,
  Component,
  FormUrlencoded,
};

// Whether byte `c` is in `set` (every byte >= 0x7F is).
bool in_encode_set(unsigned char c, EncodeSet set);

// Appends `input` to `out`, percent-encoding the bytes in `set`.
void percent_encode_into(std::string& out, std::string_view input, EncodeSet set);
std::string percent_encode(std::string_view input, EncodeSet set);

// Replaces each "%XX" (hex) by its byte; other '%' stay as they are.
std::string percent_decode(std::string_view input);

// A name/value list as URLSearchParams keeps it (UTF-8 strings).
using ParamList = std::vector<std::pair<std::string, std::string>>;

// The urlencoded parser: splits on '&', then '=', '+' becomes space, then
// percent-decodes; invalid UTF-8 becomes U+FFFD.
ParamList parse_form_urlencoded(std::string_view input);
// The urlencoded serializer (space becomes '+').
std::string serialize_form_urlencoded(const ParamList& list);

// Replaces invalid UTF-8 sequences by U+FFFD ("UTF-8 decode without BOM").
std::string utf8_decode_lossy(std::string_view bytes);

}  // namespace toolchain::url
