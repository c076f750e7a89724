#pragma once
// What fs_ops.cc (paths) and file_ops.cc (Deno.FsFile) share: Deno's error
// texts, the permission check of a path, the open-time check of special files,
// and FileInfo, the result of stat.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include <v8.h>

#include "bridge/convert.h"
#include "bridge/js_error.h"
#include "bridge/op.h"
#include "core/runtime.h"

namespace toolchain::fs_detail {

// The Deno.errors class and text of an errno: `No such file or directory (os
// error 2): open 'x'`; an empty operation gives the bare OS error.
bridge::JsError fs_error(int err, std::string_view operation, std::string_view path = {},
                         std::string_view path2 = {});

[[noreturn]] void throw_denied(const permissions::PermissionError& denied);

// A path as the program wrote it (for messages) and resolved against its cwd.
struct Path {
  std::string display;
  std::string abs;
  const char* c_str() const { return abs.c_str(); }
};

// Checks `kind` access to `path` (as the program wrote it) and resolves it.
// `operation` words the NUL-byte error, which Deno raises after the check.
Path checked(Runtime& rt, const std::string& path, permissions::Kind kind, std::string_view api,
             std::string_view operation);

// The check Deno makes before opening a file (readFile, writeFile, the source
// of copyFile, Deno.open) when not everything is granted: the path is made
// canonical, and a special file (/dev, /proc, /sys) there needs every
// permission, so a symlink into /proc opens no door. A failure to canonicalize
// other than NotFound surfaces as the bare OS error (no operation named), as in
// Deno. Holds a copy of the permissions so it can run on the blocking pool;
// empty (and free) when everything is granted.
class OpenCheck {
 public:
  OpenCheck() = default;
  explicit OpenCheck(const Runtime& rt) {
    if (!rt.permissions.all_granted()) perms_ = std::make_shared<permissions::Permissions>(rt.permissions);
  }
  // Returns flags to add to the open: a path that does not resolve (yet) is
  // opened with O_NOFOLLOW, so a dangling symlink is not followed (Deno then
  // reports ENOENT: see open_errno).
  int operator()(const std::string& abs) const {
    if (!perms_ || abs.empty()) return 0;
    char canonical[PATH_MAX];
    if (::realpath(abs.c_str(), canonical) == nullptr) {
      if (errno == ENOENT) return O_NOFOLLOW;
      throw fs_error(errno, {});
    }
    if (auto denied = perms_->check_special_file(canonical)) throw_denied(*denied);
    return 0;
  }
  // The errno to report for a failed open made with `flags`.
  static int open_errno(int flags, int err) { return (flags & O_NOFOLLOW) && err == ELOOP ? ENOENT : err; }

 private:
  std::shared_ptr<const permissions::Permissions> perms_;
};

// An owned file descriptor.
class Fd {
 public:
  explicit Fd(int fd = -1) : fd_(fd) {}
  ~Fd() { if (fd_ >= 0) ::close(fd_); }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }
  int release() { int fd = fd_; fd_ = -1; return fd; }

 private:
  int fd_;
};

// open(2) with O_CLOEXEC, retried on EINTR.
int open_retry(const char* path, int flags, mode_t mode = 0);

struct FileInfo {
  bool is_file = false, is_directory = false, is_symlink = false;
  double size = 0;
  std::optional<double> mtime, atime, birthtime, ctime;
  double dev = 0, ino = 0, mode = 0, nlink = 0, uid = 0, gid = 0, rdev = 0, blksize = 0, blocks = 0;
  bool is_block_device = false, is_char_device = false, is_fifo = false, is_socket = false;
};

constexpr size_t kStatFields = 21;

// Writes the kStatFields numbers of `info` (fs.js's parseFileInfo reads them).
void fill_stat(const FileInfo& info, double* out);

// stat of an open file: 0 or an errno.
int stat_fd(int fd, FileInfo& out);

// Sync and async ops from one prepare function. The prepare function's first
// parameter after the Runtime says whether it is the sync flavour (for the API
// name in permission prompts); the ops themselves take the other parameters.

template <auto P, typename Sig>
struct Flavours;
template <auto P, typename W, typename... A>
struct Flavours<P, W (*)(Runtime&, bool, A...)> {
  static std::invoke_result_t<W> sync(Runtime& rt, A... a) { return P(rt, true, std::move(a)...)(); }
  static W async(Runtime& rt, A... a) { return P(rt, false, std::move(a)...); }
};

template <auto P>
void add(bridge::OpRegistry& r, const char* sync_name, const char* async_name) {
  using F = Flavours<P, decltype(P)>;
  r.sync<&F::sync>(sync_name);
  r.async<&F::async>(async_name);
}

}  // namespace toolchain::fs_detail

namespace toolchain::bridge {

// A FileInfo travels as a Float64Array of kStatFields numbers (fs.js builds the
// object, so every FileInfo shares one hidden class): booleans are 0/1, a
// missing time is NaN.
template <>
struct ToV8<fs_detail::FileInfo> {
  static v8::Local<v8::Value> make(v8::Isolate* isolate, const fs_detail::FileInfo& info) {
    auto buffer = v8::ArrayBuffer::New(isolate, fs_detail::kStatFields * sizeof(double));
    fs_detail::fill_stat(info, static_cast<double*>(buffer->Data()));
    return v8::Float64Array::New(buffer, 0, fs_detail::kStatFields);
  }
};

}  // namespace toolchain::bridge
