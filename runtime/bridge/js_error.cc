#include "bridge/js_error.h"

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace toolchain::bridge {

namespace {
// The Deno.errors class for an errno, as Deno derives it from Rust's io::ErrorKind.
const char* class_for_errno(int err) {
  switch (err) {
    case ENOENT: return "NotFound";
    case EACCES: case EPERM: return "PermissionDenied";
    case EEXIST: return "AlreadyExists";
    case ENOTDIR: return "NotADirectory";
    case EISDIR: return "IsADirectory";
    case ECONNREFUSED: return "ConnectionRefused";
    case ECONNRESET: return "ConnectionReset";
    case ECONNABORTED: return "ConnectionAborted";
    case ENOTCONN: return "NotConnected";
    case EADDRINUSE: return "AddrInUse";
    case EADDRNOTAVAIL: return "AddrNotAvailable";
    case EPIPE: return "BrokenPipe";
    case EAGAIN: return "WouldBlock";
    case ETIMEDOUT: return "TimedOut";
    case EINTR: return "Interrupted";
    case EBUSY: return "Error";  // Deno 2.9.6 gives a plain Error (checked: rmdir "/")
    case ELOOP: return "FilesystemLoop";
    case ENOSYS: return "NotSupported";
    case EINVAL: return "TypeError";
    default: return "Error";
  }
}
}  // namespace

std::string rust_debug_char(char32_t c) {
  switch (c) {
    case U'\0': return "\\0";
    case U'\t': return "\\t";
    case U'\r': return "\\r";
    case U'\n': return "\\n";
    case U'"': return "\\\"";
    case U'\\': return "\\\\";
    default: break;
  }
  if (c < 0x20 || (c >= 0x7f && c < 0xa0)) return fmt::format("\\u{{{:x}}}", static_cast<uint32_t>(c));
  std::string out;
  // UTF-8 encode (only ASCII reaches here in practice).
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xc0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3f));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xe0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (c & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3f));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (c & 0x3f));
  }
  return out;
}

std::string rust_debug_quoted(std::string_view s) {
  std::string out = "\"";
  // Byte by byte: ASCII is escaped as Rust does; the bytes of other UTF-8
  // characters pass through unchanged.
  for (unsigned char c : s) out += c < 0x80 ? rust_debug_char(c) : std::string(1, static_cast<char>(c));
  return out + "\"";
}

JsError os_error(int err, std::string_view operation, std::string_view path, std::string_view path2) {
  char buf[256];
  const char* text = strerror_r(err, buf, sizeof buf);
  std::string message = fmt::format("{} (os error {})", text, err);
  if (!operation.empty()) {
    message += fmt::format(": {}", operation);
    if (!path.empty()) message += fmt::format(" '{}'", path);
    if (!path2.empty()) message += fmt::format(" -> '{}'", path2);
  }
  const char* name = strerrorname_np(err);
  return {class_for_errno(err), std::move(message), name ? name : ""};
}

}  // namespace toolchain::bridge
