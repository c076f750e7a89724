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
