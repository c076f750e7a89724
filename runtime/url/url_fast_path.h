#pragma once
// A one-pass parser for the common shape of absolute URL, writing the
// serialisation and its component offsets directly (no URL record, no
// per-component strings): a special scheme other than file: in lower case,
// "//", optional userinfo, a lower-case ASCII domain (or dotted-decimal IPv4
// address already in canonical form), an optional port, then path, query and
// fragment. Plain "." and ".." segments are resolved; everything is
// percent-encoded with the spec's sets.
//
// Anything else returns false and the caller runs the full parser
// (url_parser.h), which also decides every failure: upper case in scheme or
// host, backslashes, tabs or newlines, leading or trailing C0 controls or
// spaces, '%' or non-ASCII in the host, "xn--" labels, IPv6, hosts that end in
// a number not written canonically (http://0x7f.1/), "%2e" dot segments.
#include <string>
#include <string_view>

#include "url/url_parser.h"

namespace toolchain::url {

// On true, `href` is the URL's serialisation and `components` its offsets,
// exactly what parse() then serialize() would give.
bool parse_common_absolute(std::string_view input, std::string& href, Components& components);

}  // namespace toolchain::url
