#pragma once
// A one-pass parser for the common shapes of absolute URL, writing the
// serialisation and its component offsets directly (no URL record, no
// per-component strings): a special scheme in lower case, then either "//",
// optional userinfo, a lower-case ASCII domain (or dotted-decimal IPv4
// address already in canonical form) and an optional port, or for file: the
// empty host ("file:///"); then path, query and fragment. Plain "." and ".."
// segments are resolved; everything is percent-encoded with the spec's sets.
//
// Anything else returns false and the caller runs the full parser
// (url_parser.h), which also decides every failure: upper case in scheme or
// host, backslashes, tabs or newlines, leading or trailing C0 controls or
// spaces, '%' or non-ASCII in the host, "xn--" labels, IPv6, hosts that end in
// a number not written canonically (http://0x7f.1/), "%2e" dot segments,
// file: hosts, Windows drive letters and file: paths that would start "//".
#include <string>
#include <string_view>

#include "url/url_parser.h"

namespace toolchain::url {

// On true, `href` is the URL's serialisation and `components` its offsets,
// exactly what parse() then serialize() would give.
bool parse_common_absolute(std::string_view input, std::string& href, Components& components);

}  // namespace toolchain::url
