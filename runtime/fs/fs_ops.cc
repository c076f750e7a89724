// File system ops behind the Deno namespace (Deno.readFile, Deno.stat, …).
// fs.js is the JavaScript side.
//
// Every op comes in a sync and an async flavour built from one "prepare"
// function: it runs on the JavaScript thread, checks permissions, resolves
// paths against the PROGRAM's cwd (never the process's) and returns the work, a
// closure owning copies of everything it needs; the sync op runs the work at
// once, the async op runs it on the blocking pool (bridge/op.h).
//
// Errors carry the operation word and the path as the program wrote it, exactly
// as Deno 2.9.6 prints them: `No such file or directory (os error 2): readfile 'x'`.
#include <dirent.h>
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bridge/op.h"
#include "bridge/utf8.h"
#include "core/runtime.h"
#include "fs/fs_common.h"

namespace toolchain {

namespace fs_detail {

using bridge::JsError;
using permissions::Kind;

// ---------------------------------------------------------------------------
// Errors

// The Deno.errors class of an errno, as Deno derives it from Rust's io::ErrorKind
// (EINVAL is InvalidInput, a TypeError; ENOTEMPTY, EXDEV and ENAMETOOLONG have
// no class of their own and are plain Errors).
JsError fs_error(int err, std::string_view operation, std::string_view path, std::string_view path2) {
  JsError e = bridge::os_error(err, operation, path, path2);
  switch (err) {
    case EINVAL: e.cls = "TypeError"; break;
    case ENOTEMPTY: case EXDEV: case ENAMETOOLONG: e.cls = "Error"; break;
    case ENOSYS: e.cls = "NotSupported"; break;
    case ENETUNREACH: e.cls = "NetworkUnreachable"; break;
    default: break;
  }
  return e;
}

// Rust's InvalidInput errors that carry their own message (no "os error").
JsError invalid_input(std::string_view message, std::string_view operation, std::string_view path,
                      std::string_view path2 = {}) {
  std::string text = fmt::format("{}: {} '{}'", message, operation, path);
  if (!path2.empty()) text += fmt::format(" -> '{}'", path2);
  return {"TypeError", std::move(text)};
}

// ---------------------------------------------------------------------------
// Paths and permissions

void throw_denied(const permissions::PermissionError& denied) {
  throw JsError{denied.error_class ? denied.error_class : "NotCapable", denied.message};
}

// The permission check of one path. The permissions resolve relative values
// against their own cwd and show them as written; if the program's cwd has
// moved on (Deno.chdir), they are handed the absolute path.
void require(Runtime& rt, Kind kind, const std::string& path, const std::string& abs, std::string_view api,
             bool partial) {
  std::string_view value = rt.permissions.cwd() == rt.cwd ? std::string_view(path) : std::string_view(abs);
  try {
    auto denied = partial ? rt.permissions.check_partial(kind, value, api) : rt.permissions.check(kind, value, api);
    if (denied) throw_denied(*denied);
  } catch (const permissions::DescriptorError& e) {
    throw JsError{e.error_class(), e.what()};
  }
}

// Checks `kind` access to `path` (as the program wrote it) and resolves it.
// `operation` words the NUL-byte error, which Deno raises after the check.
Path checked(Runtime& rt, const std::string& path, Kind kind, std::string_view api, std::string_view operation) {
  bool has_nul = path.find('\0') != std::string::npos;
  // Deno's permission check resolves the path first and fails on a NUL byte
  // without naming the operation; with every permission (-A) that step is skipped.
  // So is an empty path: `Empty path is not allowed`.
  if (!rt.permissions.all_granted()) {
    if (has_nul) throw bridge::type_error("file name contained an unexpected NUL byte");
    if (path.empty()) throw JsError{"Error", "Empty path is not allowed"};
  }
  Path p{path, path.empty() ? std::string() : rt.resolve_path(path)};
  require(rt, kind, path, p.abs, api, false);
  // Special files (/dev, /proc, /sys) need every permission.
  if (!p.abs.empty() && !rt.permissions.all_granted()) {
    if (auto denied = rt.permissions.check_special_file(p.abs)) throw_denied(*denied);
  }
  if (has_nul) throw invalid_input("file name contained an unexpected NUL byte", operation, path);
  return p;
}

Path checked2(Runtime& rt, const std::string& path, Kind first, Kind second, std::string_view api,
              std::string_view operation) {
  checked(rt, path, first, api, operation);
  return checked(rt, path, second, api, operation);
}

// The API name permission prompts show, e.g. "Deno.readFileSync()".
#define FS_API(name, sync) ((sync) ? "Deno." name "Sync()" : "Deno." name "()")

// ---------------------------------------------------------------------------
// Small POSIX helpers

int open_retry(const char* path, int flags, mode_t mode) {
  int fd;
  do fd = ::open(path, flags | O_CLOEXEC, mode);
  while (fd < 0 && errno == EINTR);
  return fd;
}

// Reads the whole file (files in /proc report size 0: read until EOF).
template <typename Buffer>
int read_all(int fd, Buffer& out) {
  struct stat st;
  size_t cap = 0;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) cap = static_cast<size_t>(st.st_size);
  out.resize(cap > 0 ? cap + 1 : 8192);
  size_t used = 0;
  for (;;) {
    if (used == out.size()) out.resize(out.size() * 2);
    ssize_t n = ::read(fd, out.data() + used, out.size() - used);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    if (n == 0) break;
    used += static_cast<size_t>(n);
  }
  out.resize(used);
  return 0;
}

int write_all(int fd, const uint8_t* data, size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
  return 0;
}

// ---------------------------------------------------------------------------
// Value types handed to JavaScript

// Field order: fs.js's parseFileInfo reads them back in this order.
void fill_stat(const FileInfo& i, double* out) {
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  const double fields[kStatFields] = {
      double(i.is_file), double(i.is_directory), double(i.is_symlink), i.size,
      i.mtime.value_or(nan), i.atime.value_or(nan), i.birthtime.value_or(nan), i.ctime.value_or(nan),
      i.dev, i.ino, i.mode, i.nlink, i.uid, i.gid, i.rdev, i.blksize, i.blocks,
      double(i.is_block_device), double(i.is_char_device), double(i.is_fifo), double(i.is_socket)};
  std::memcpy(out, fields, sizeof fields);
}

struct DirEntry {
  std::string name;
  bool is_file = false, is_directory = false, is_symlink = false;
};
struct DirList {
  std::vector<DirEntry> entries;
};

// Text read from a file; becomes a JS string (invalid UTF-8 replaced by U+FFFD).
struct Text {
  std::string data;
};

}  // namespace fs_detail

namespace bridge {

template <>
struct ToV8<fs_detail::DirList> {
  static v8::Local<v8::Value> make(v8::Isolate* isolate, const fs_detail::DirList& list) {
    // Deno's entries are null-prototype objects {name, isFile, isDirectory, isSymlink}.
    v8::Local<v8::Name> names[] = {v8_str(isolate, "name"), v8_str(isolate, "isFile"),
                                   v8_str(isolate, "isDirectory"), v8_str(isolate, "isSymlink")};
    std::vector<v8::Local<v8::Value>> items;
    items.reserve(list.entries.size());
    for (const auto& e : list.entries) {
      v8::Local<v8::Value> values[] = {v8_str(isolate, e.name), v8::Boolean::New(isolate, e.is_file),
                                       v8::Boolean::New(isolate, e.is_directory),
                                       v8::Boolean::New(isolate, e.is_symlink)};
      items.push_back(v8::Object::New(isolate, v8::Null(isolate), names, values, 4));
    }
    return v8::Array::New(isolate, items.data(), items.size());
  }
};

template <>
struct ToV8<fs_detail::Text> {
  static v8::Local<v8::Value> make(v8::Isolate* isolate, const fs_detail::Text& text) {
    v8::Local<v8::String> s;
    if (!v8::String::NewFromUtf8(isolate, text.data.data(), v8::NewStringType::kNormal,
                                 static_cast<int>(text.data.size()))
             .ToLocal(&s))
      return v8::String::Empty(isolate);  // unreachable: the size is checked when reading
    return s;
  }
};

}  // namespace bridge

namespace fs_detail {

// ---------------------------------------------------------------------------
// Data to write: a Uint8Array (writeFile) or a string (writeTextFile, encoded
// as UTF-8 with lone surrogates replaced, as TextEncoder does).

// serde_v8's name of a value's type, for Deno's "expected type `Uint8Array`, got `X`".
const char* value_type_name(v8::Local<v8::Value> v) {
  if (v->IsModuleNamespaceObject()) return "Module";
  if (v->IsWasmModuleObject()) return "WASM module";
  if (v->IsWasmMemoryObject()) return "WASM memory object";
  if (v->IsProxy()) return "Proxy";
  if (v->IsSharedArrayBuffer()) return "SharedArrayBuffer";
  if (v->IsDataView()) return "DataView";
  if (v->IsArrayBuffer()) return "ArrayBuffer";
  if (v->IsUint8Array()) return "Uint8Array";
  if (v->IsUint8ClampedArray()) return "Uint8ClampedArray";
  if (v->IsInt8Array()) return "Int8Array";
  if (v->IsUint16Array()) return "Uint16Array";
  if (v->IsInt16Array()) return "Int16Array";
  if (v->IsUint32Array()) return "Uint32Array";
  if (v->IsInt32Array()) return "Int32Array";
  if (v->IsFloat32Array()) return "Float32Array";
  if (v->IsFloat64Array()) return "Float64Array";
  if (v->IsBigInt64Array()) return "BigInt64Array";
  if (v->IsBigUint64Array()) return "BigUint64Array";
  if (v->IsWeakSet()) return "WeakSet";
  if (v->IsWeakMap()) return "WeakMap";
  if (v->IsSetIterator()) return "Set Iterator";
  if (v->IsMapIterator()) return "Map Iterator";
  if (v->IsSet()) return "Set";
  if (v->IsMap()) return "Map";
  if (v->IsPromise()) return "Promise";
  if (v->IsGeneratorFunction()) return "Generator function";
  if (v->IsAsyncFunction()) return "Async function";
  if (v->IsRegExp()) return "RegExp";
  if (v->IsDate()) return "Date";
  if (v->IsNumber()) return "Number";
  if (v->IsBoolean()) return "Boolean";
  if (v->IsBigInt()) return "bigint";
  if (v->IsArray()) return "array";
  if (v->IsFunction()) return "function";
  if (v->IsSymbol()) return "symbol";
  if (v->IsString()) return "string";
  if (v->IsNull()) return "null";
  if (v->IsUndefined()) return "undefined";
  return "unknown";
}

// The bytes to write. The async flavour owns a copy; the sync flavour borrows
// a Uint8Array's bytes, which stay put while the op runs.
struct WriteData {
  std::vector<uint8_t> owned;
  const uint8_t* borrowed = nullptr;
  size_t borrowed_size = 0;
  bool is_borrowed = false;
  const uint8_t* data() const { return is_borrowed ? borrowed : owned.data(); }
  size_t size() const { return is_borrowed ? borrowed_size : owned.size(); }
};

WriteData data_bytes(v8::Isolate* isolate, v8::Local<v8::Value> data, bool borrow) {
  WriteData out;
  if (data->IsString()) {
    std::string utf8;
    bridge::append_utf8(isolate, data.As<v8::String>(), utf8);
    out.owned.assign(utf8.begin(), utf8.end());
    return out;
  }
  if (!data->IsUint8Array())
    throw bridge::type_error(fmt::format("expected type `Uint8Array`, got `{}`", value_type_name(data)));
  auto view = data.As<v8::Uint8Array>();
  size_t size = view->ByteLength();
  if (borrow) {
    out.is_borrowed = true;
    out.borrowed = size > 0 ? static_cast<const uint8_t*>(view->Buffer()->Data()) + view->ByteOffset() : nullptr;
    out.borrowed_size = size;
    return out;
  }
  out.owned.resize(size);
  if (size > 0) view->CopyContents(out.owned.data(), size);
  return out;
}

// ---------------------------------------------------------------------------
// readFile / readTextFile

template <typename Buffer>
Buffer read_file(const Path& p, const OpenCheck& open_check) {
  int flags = O_RDONLY | open_check(p.abs);
  Fd fd(open_retry(p.c_str(), flags));
  if (fd.get() < 0) throw fs_error(OpenCheck::open_errno(flags, errno), "readfile", p.display);
  Buffer out;
  if (int err = read_all(fd.get(), out)) throw fs_error(err, "readfile", p.display);
  return out;
}

auto prep_read_file(Runtime& rt, bool sync, std::string path) {
  Path p = checked(rt, path, Kind::Read, FS_API("readFile", sync), "readfile");
  return [p = std::move(p), open_check = OpenCheck(rt)] {
    return bridge::Bytes{read_file<std::vector<uint8_t>>(p, open_check)};
  };
}

auto prep_read_text_file(Runtime& rt, bool sync, std::string path) {
  Path p = checked(rt, path, Kind::Read, FS_API("readTextFile", sync), "readfile");
  return [p = std::move(p), open_check = OpenCheck(rt)] {
    Text text{read_file<std::string>(p, open_check)};
    if (text.data.size() > static_cast<size_t>(v8::String::kMaxLength))
      throw bridge::string_too_long();
    return text;
  };
}

// ---------------------------------------------------------------------------
// writeFile / writeTextFile

auto prep_write_file(Runtime& rt, bool sync, std::string path, std::optional<double> mode, bool append, bool create,
                     bool create_new, bridge::Value data) {
  // The data is checked before the path, as Deno's op arguments are.
  WriteData bytes = data_bytes(rt.isolate(), data, sync);
  Path p = checked(rt, path, Kind::Write, FS_API("writeFile", sync), "writefile");
  std::optional<uint32_t> m;
  if (mode) m = static_cast<uint32_t>(*mode);
  return [p = std::move(p), m, append, create, create_new, bytes = std::move(bytes), open_check = OpenCheck(rt)] {
    int flags = O_WRONLY | open_check(p.abs);
    if (append) flags |= O_APPEND;
    if (create_new) {
      flags |= O_CREAT | O_EXCL;
    } else {
      if (create) flags |= O_CREAT;
      if (!append) flags |= O_TRUNC;
    }
    Fd fd(open_retry(p.c_str(), flags, m ? static_cast<mode_t>(*m) : 0666));
    if (fd.get() < 0) throw fs_error(OpenCheck::open_errno(flags, errno), "writefile", p.display);
    // An explicit mode applies to an existing file too (Deno sets the permissions after opening).
    if (m && ::fchmod(fd.get(), static_cast<mode_t>(*m)) != 0) throw fs_error(errno, "writefile", p.display);
    if (int err = write_all(fd.get(), bytes.data(), bytes.size())) throw fs_error(err, "writefile", p.display);
  };
}

// ---------------------------------------------------------------------------
// stat / lstat

// Milliseconds since the epoch as Rust's Duration::as_millis gives them (Deno
// takes the distance from the epoch, so times before 1970 come out positive).
double to_ms(int64_t sec, uint32_t nsec) {
  if (sec >= 0) return static_cast<double>(sec) * 1000 + static_cast<double>(nsec / 1000000);
  // Before the epoch: |t| = -(sec + nsec/1e9).
  long double t = -(static_cast<long double>(sec) + static_cast<long double>(nsec) / 1e9L);
  return static_cast<double>(std::floor(t * 1000));
}

FileInfo file_info_from_mode(FileInfo info, unsigned mode) {
  info.is_file = S_ISREG(mode);
  info.is_directory = S_ISDIR(mode);
  info.is_symlink = S_ISLNK(mode);
  info.is_block_device = S_ISBLK(mode);
  info.is_char_device = S_ISCHR(mode);
  info.is_fifo = S_ISFIFO(mode);
  info.is_socket = S_ISSOCK(mode);
  info.mode = mode;
  return info;
}

// Returns 0 or an errno. `at_flags`: 0, AT_SYMLINK_NOFOLLOW or AT_EMPTY_PATH (of `dir_fd` itself).
int stat_at(int dir_fd, const char* path, int at_flags, FileInfo& out) {
#ifdef STATX_BASIC_STATS
  struct statx sx;
  int flags = AT_STATX_SYNC_AS_STAT | at_flags;
  if (::statx(dir_fd, path, flags, STATX_BASIC_STATS | STATX_BTIME, &sx) == 0) {
    FileInfo info;
    info.size = static_cast<double>(sx.stx_size);
    info.mtime = to_ms(sx.stx_mtime.tv_sec, sx.stx_mtime.tv_nsec);
    info.atime = to_ms(sx.stx_atime.tv_sec, sx.stx_atime.tv_nsec);
    if (sx.stx_mask & STATX_BTIME) info.birthtime = to_ms(sx.stx_btime.tv_sec, sx.stx_btime.tv_nsec);
    // Deno reports ctime in whole seconds, and none at all for 0.
    if (sx.stx_ctime.tv_sec > 0) info.ctime = static_cast<double>(sx.stx_ctime.tv_sec) * 1000;
    info.dev = static_cast<double>(makedev(sx.stx_dev_major, sx.stx_dev_minor));
    info.ino = static_cast<double>(sx.stx_ino);
    info.nlink = sx.stx_nlink;
    info.uid = sx.stx_uid;
    info.gid = sx.stx_gid;
    info.rdev = static_cast<double>(makedev(sx.stx_rdev_major, sx.stx_rdev_minor));
    info.blksize = sx.stx_blksize;
    info.blocks = static_cast<double>(sx.stx_blocks);
    out = file_info_from_mode(info, sx.stx_mode);
    return 0;
  }
  if (errno != ENOSYS && errno != EPERM) return errno;
#endif
  struct stat st;
  if (::fstatat(dir_fd, path, &st, at_flags) != 0) return errno;
  FileInfo info;
  info.size = static_cast<double>(st.st_size);
  info.mtime = to_ms(st.st_mtim.tv_sec, static_cast<uint32_t>(st.st_mtim.tv_nsec));
  info.atime = to_ms(st.st_atim.tv_sec, static_cast<uint32_t>(st.st_atim.tv_nsec));
  if (st.st_ctim.tv_sec > 0) info.ctime = static_cast<double>(st.st_ctim.tv_sec) * 1000;
  info.dev = static_cast<double>(st.st_dev);
  info.ino = static_cast<double>(st.st_ino);
  info.nlink = static_cast<double>(st.st_nlink);
  info.uid = st.st_uid;
  info.gid = st.st_gid;
  info.rdev = static_cast<double>(st.st_rdev);
  info.blksize = static_cast<double>(st.st_blksize);
  info.blocks = static_cast<double>(st.st_blocks);
  out = file_info_from_mode(info, st.st_mode);
  return 0;
}

int stat_path(const char* path, bool follow, FileInfo& out) {
  return stat_at(AT_FDCWD, path, follow ? 0 : AT_SYMLINK_NOFOLLOW, out);
}

int stat_fd(int fd, FileInfo& out) { return stat_at(fd, "", AT_EMPTY_PATH, out); }

auto prep_stat(Runtime& rt, bool sync, std::string path, bool follow) {
  Path p = follow ? checked(rt, path, Kind::Read, FS_API("stat", sync), "stat")
                  : checked(rt, path, Kind::Read, FS_API("lstat", sync), "lstat");
  return [p = std::move(p), follow] {
    FileInfo info;
    if (int err = stat_path(p.c_str(), follow, info)) throw fs_error(err, follow ? "stat" : "lstat", p.display);
    return info;
  };
}

// The sync flavour writes into a Float64Array(kStatFields) that fs.js reuses,
// so a statSync allocates nothing but the FileInfo object itself.
void op_fs_stat_sync(Runtime& rt, std::string path, bool follow, bridge::ByteView out) {
  if (out.size < kStatFields * sizeof(double)) throw bridge::type_error("stat buffer too small");
  FileInfo info = prep_stat(rt, true, std::move(path), follow)();
  double fields[kStatFields];
  fill_stat(info, fields);
  std::memcpy(out.data, fields, sizeof fields);
}

// ---------------------------------------------------------------------------
// readDir

auto prep_read_dir(Runtime& rt, bool sync, std::string path) {
  Path p = checked(rt, path, Kind::Read, FS_API("readDir", sync), "readdir");
  return [p = std::move(p)] {
    Fd fd(open_retry(p.c_str(), O_RDONLY | O_DIRECTORY));
    if (fd.get() < 0) throw fs_error(errno, "readdir", p.display);
    DIR* dir = ::fdopendir(fd.get());
    if (dir == nullptr) throw fs_error(errno, "readdir", p.display);
    fd.release();
    std::unique_ptr<DIR, int (*)(DIR*)> guard(dir, ::closedir);
    DirList list;
    for (;;) {
      errno = 0;
      dirent* e = ::readdir(dir);
      if (e == nullptr) {
        if (errno != 0) throw fs_error(errno, "readdir", p.display);
        break;
      }
      if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0) continue;
      DirEntry entry{e->d_name};
      unsigned char type = e->d_type;
      if (type == DT_UNKNOWN) {
        struct stat st;
        if (::fstatat(::dirfd(dir), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0) type = IFTODT(st.st_mode);
      }
      entry.is_file = type == DT_REG;
      entry.is_directory = type == DT_DIR;
      entry.is_symlink = type == DT_LNK;
      list.entries.push_back(std::move(entry));
    }
    return list;
  };
}

// ---------------------------------------------------------------------------
// mkdir

bool is_dir(const char* path) {
  struct stat st;
  return ::stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

// Rust's DirBuilder::create_dir_all: 0 or an errno.
int create_dir_all(const std::string& path, mode_t mode) {
  if (path.empty()) return 0;
  if (::mkdir(path.c_str(), mode) == 0) return 0;
  int err = errno;
  if (err != ENOENT) return is_dir(path.c_str()) ? 0 : err;
  std::string parent = path;
  while (parent.size() > 1 && parent.back() == '/') parent.pop_back();
  size_t slash = parent.rfind('/');
  if (slash == std::string::npos) return err;
  parent.resize(slash == 0 ? 1 : slash);
  if (parent != path) {
    if (int e = create_dir_all(parent, mode)) return e;
  }
  if (::mkdir(path.c_str(), mode) == 0) return 0;
  err = errno;
  return is_dir(path.c_str()) ? 0 : err;
}

auto prep_mkdir(Runtime& rt, bool sync, std::string path, bool recursive, std::optional<double> mode) {
  Path p = checked(rt, path, Kind::Write, FS_API("mkdir", sync), "mkdir");
  mode_t m = static_cast<mode_t>((mode ? static_cast<uint32_t>(*mode) : 0777u) & 0777u);
  return [p = std::move(p), recursive, m] {
    int err = 0;
    if (recursive) {
      err = create_dir_all(p.abs, m);
    } else if (::mkdir(p.c_str(), m) != 0) {
      err = errno;
    }
    if (err) throw fs_error(err, "mkdir", p.display);
  };
}

// ---------------------------------------------------------------------------
// remove

// Rust's remove_dir_all: does not follow symlinks; entries that vanish meanwhile are fine.
int remove_tree(int parent_fd, const char* name) {
  int fd = ::openat(parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOTDIR || errno == ELOOP) {
      if (::unlinkat(parent_fd, name, 0) != 0 && errno != ENOENT) return errno;
      return 0;
    }
    return errno == ENOENT ? 0 : errno;
  }
  DIR* dir = ::fdopendir(fd);
  if (dir == nullptr) {
    int err = errno;
    ::close(fd);
    return err;
  }
  int result = 0;
  for (;;) {
    errno = 0;
    dirent* e = ::readdir(dir);
    if (e == nullptr) {
      if (errno != 0) result = errno;
      break;
    }
    if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0) continue;
    bool child_is_dir = e->d_type == DT_DIR;
    if (e->d_type == DT_UNKNOWN) {
      struct stat st;
      if (::fstatat(::dirfd(dir), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0) child_is_dir = S_ISDIR(st.st_mode);
    }
    if (child_is_dir) {
      if (int err = remove_tree(::dirfd(dir), e->d_name)) { result = err; break; }
    } else if (::unlinkat(::dirfd(dir), e->d_name, 0) != 0 && errno != ENOENT) {
      result = errno;
      break;
    }
  }
  ::closedir(dir);
  if (result) return result;
  if (::unlinkat(parent_fd, name, AT_REMOVEDIR) != 0 && errno != ENOENT) return errno;
  return 0;
}

auto prep_remove(Runtime& rt, bool sync, std::string path, bool recursive) {
  // Deno checks removal with check_partial: a denied path below is no reason to refuse.
  std::string_view api = FS_API("remove", sync);
  bool has_nul = path.find('\0') != std::string::npos;
  if (!rt.permissions.all_granted()) {
    if (has_nul) throw bridge::type_error("file name contained an unexpected NUL byte");
    if (path.empty()) throw JsError{"Error", "Empty path is not allowed"};
  }
  Path p{path, path.empty() ? std::string() : rt.resolve_path(path)};
  require(rt, Kind::Write, path, p.abs, api, true);
  if (has_nul) throw invalid_input("file name contained an unexpected NUL byte", "remove", path);
  return [p = std::move(p), recursive] {
    struct stat st;
    if (::lstat(p.c_str(), &st) != 0) throw fs_error(errno, "remove", p.display);
    int err = 0;
    if (S_ISDIR(st.st_mode)) {
      if (recursive) {
        err = remove_tree(AT_FDCWD, p.c_str());
      } else if (::rmdir(p.c_str()) != 0) {
        err = errno;
      }
    } else if (::unlink(p.c_str()) != 0) {
      err = errno;
    }
    if (err) throw fs_error(err, "remove", p.display);
  };
}

// ---------------------------------------------------------------------------
// rename / copyFile / link / symlink

auto prep_rename(Runtime& rt, bool sync, std::string from, std::string to) {
  std::string_view api = FS_API("rename", sync);
  Path a = checked2(rt, from, Kind::Read, Kind::Write, api, "rename");
  Path b = checked(rt, to, Kind::Write, api, "rename");
  return [a = std::move(a), b = std::move(b)] {
    if (::rename(a.c_str(), b.c_str()) != 0) throw fs_error(errno, "rename", a.display, b.display);
  };
}

auto prep_copy_file(Runtime& rt, bool sync, std::string from, std::string to) {
  std::string_view api = FS_API("copyFile", sync);
  Path a = checked(rt, from, Kind::Read, api, "copy");
  Path b = checked(rt, to, Kind::Write, api, "copy");
  return [a = std::move(a), b = std::move(b), open_check = OpenCheck(rt)] {
    int in_flags = O_RDONLY | open_check(a.abs);
    auto fail = [&](int err) { return fs_error(err, "copy", a.display, b.display); };
    Fd in(open_retry(a.c_str(), in_flags));
    if (in.get() < 0) throw fail(OpenCheck::open_errno(in_flags, errno));
    struct stat src;
    if (::fstat(in.get(), &src) != 0) throw fail(errno);
    if (!S_ISREG(src.st_mode))
      throw invalid_input("the source path is neither a regular file nor a symlink to a regular file", "copy",
                          a.display, b.display);
    struct stat dst;
    if (::stat(b.c_str(), &dst) == 0 && dst.st_dev == src.st_dev && dst.st_ino == src.st_ino)
      throw invalid_input("Source and destination paths refer to the same file", "copy", a.display, b.display);
    mode_t perm = src.st_mode & 07777;
    Fd out(open_retry(b.c_str(), O_WRONLY | O_CREAT | O_TRUNC, perm));
    if (out.get() < 0) throw fail(errno);
    if (::fstat(out.get(), &dst) != 0) throw fail(errno);
    if (S_ISREG(dst.st_mode) && ::fchmod(out.get(), perm) != 0) throw fail(errno);
    // copy_file_range where the kernel has it, plain read/write otherwise.
    bool fallback = false;
    for (;;) {
      ssize_t n = ::copy_file_range(in.get(), nullptr, out.get(), nullptr, 1 << 30, 0);
      if (n == 0) break;
      if (n < 0) {
        if (errno == EINTR) continue;
        if (errno == ENOSYS || errno == EXDEV || errno == EINVAL || errno == EOPNOTSUPP || errno == EPERM) {
          fallback = true;
          break;
        }
        throw fail(errno);
      }
    }
    if (fallback) {
      std::vector<uint8_t> buf(1 << 16);
      for (;;) {
        ssize_t n = ::read(in.get(), buf.data(), buf.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw fail(errno);
        if (n == 0) break;
        if (int err = write_all(out.get(), buf.data(), static_cast<size_t>(n))) throw fail(err);
      }
    }
  };
}

auto prep_link(Runtime& rt, bool sync, std::string from, std::string to) {
  std::string_view api = FS_API("link", sync);
  Path a = checked2(rt, from, Kind::Read, Kind::Write, api, "link");
  Path b = checked2(rt, to, Kind::Read, Kind::Write, api, "link");
  return [a = std::move(a), b = std::move(b)] {
    if (::link(a.c_str(), b.c_str()) != 0) throw fs_error(errno, "link", a.display, b.display);
  };
}

auto prep_symlink(Runtime& rt, bool sync, std::string target, std::string path) {
  if (auto denied = rt.permissions.check_unscoped_read_write(FS_API("symlink", sync))) throw_denied(*denied);
  // The target is stored as written; the link itself goes where the program means.
  Path link{path, path.empty() ? std::string() : rt.resolve_path(path)};
  if (target.find('\0') != std::string::npos || path.find('\0') != std::string::npos)
    throw invalid_input("file name contained an unexpected NUL byte", "symlink", target, path);
  return [target = std::move(target), link = std::move(link)] {
    if (::symlink(target.c_str(), link.c_str()) != 0) throw fs_error(errno, "symlink", target, link.display);
  };
}

// ---------------------------------------------------------------------------
// realPath / readLink

auto prep_real_path(Runtime& rt, bool sync, std::string path) {
  Path p = checked(rt, path, Kind::Read, FS_API("realPath", sync), "realpath");
  return [p = std::move(p)] {
    char buf[PATH_MAX];
    if (::realpath(p.abs.empty() ? "" : p.c_str(), buf) == nullptr) throw fs_error(errno, "realpath", p.display);
    return std::string(buf);
  };
}

auto prep_read_link(Runtime& rt, bool sync, std::string path) {
  Path p = checked(rt, path, Kind::Read, FS_API("readLink", sync), "readlink");
  return [p = std::move(p)] {
    std::string buf(256, '\0');
    for (;;) {
      ssize_t n = ::readlink(p.c_str(), buf.data(), buf.size());
      if (n < 0) throw fs_error(errno, "readlink", p.display);
      if (static_cast<size_t>(n) < buf.size()) {
        buf.resize(static_cast<size_t>(n));
        return buf;
      }
      buf.resize(buf.size() * 2);
    }
  };
}

// ---------------------------------------------------------------------------
// truncate / chmod / chown / utime

auto prep_truncate(Runtime& rt, bool sync, std::string path, double len) {
  Path p = checked(rt, path, Kind::Write, FS_API("truncate", sync), "truncate");
  // f64 -> u64 as Rust's `as` does: saturating, NaN to 0.
  off_t size = 0;
  if (len > 0) size = len >= 9.2233720368547758e18 ? std::numeric_limits<off_t>::max() : static_cast<off_t>(len);
  return [p = std::move(p), size] {
    Fd fd(open_retry(p.c_str(), O_WRONLY));
    if (fd.get() < 0) throw fs_error(errno, "truncate", p.display);
    int rc;
    do rc = ::ftruncate(fd.get(), size);
    while (rc != 0 && errno == EINTR);
    if (rc != 0) throw fs_error(errno, "truncate", p.display);
  };
}

auto prep_chmod(Runtime& rt, bool sync, std::string path, double mode) {
  Path p = checked(rt, path, Kind::Write, FS_API("chmod", sync), "chmod");
  mode_t m = static_cast<mode_t>(static_cast<uint32_t>(mode));
  return [p = std::move(p), m] {
    if (::chmod(p.c_str(), m) != 0) throw fs_error(errno, "chmod", p.display);
  };
}

auto prep_chown(Runtime& rt, bool sync, std::string path, std::optional<double> uid, std::optional<double> gid) {
  Path p = checked(rt, path, Kind::Write, FS_API("chown", sync), "chown");
  uid_t u = uid ? static_cast<uid_t>(static_cast<uint32_t>(*uid)) : static_cast<uid_t>(-1);
  gid_t g = gid ? static_cast<gid_t>(static_cast<uint32_t>(*gid)) : static_cast<gid_t>(-1);
  return [p = std::move(p), u, g] {
    if (::chown(p.c_str(), u, g) != 0) throw fs_error(errno, "chown", p.display);
  };
}

auto prep_utime(Runtime& rt, bool sync, std::string path, double atime_sec, double atime_nsec, double mtime_sec,
                double mtime_nsec) {
  Path p = checked(rt, path, Kind::Write, FS_API("utime", sync), "utime");
  // Rust's `as` casts: saturating, NaN to 0.
  auto whole = [](double v) -> int64_t {
    if (std::isnan(v)) return 0;
    if (v >= 9.2233720368547758e18) return std::numeric_limits<int64_t>::max();
    if (v <= -9.2233720368547758e18) return std::numeric_limits<int64_t>::min();
    return static_cast<int64_t>(v);
  };
  timespec times[2] = {{static_cast<time_t>(whole(atime_sec)), static_cast<long>(whole(atime_nsec))},
                       {static_cast<time_t>(whole(mtime_sec)), static_cast<long>(whole(mtime_nsec))}};
  return [p = std::move(p), a = times[0], m = times[1]] {
    timespec t[2] = {a, m};
    if (::utimensat(AT_FDCWD, p.c_str(), t, 0) != 0) throw fs_error(errno, "utime", p.display);
  };
}

// ---------------------------------------------------------------------------
// makeTempDir / makeTempFile


// Decodes UTF-8 code points (the strings come from V8, so they are valid).
std::vector<char32_t> code_points(std::string_view s) {
  std::vector<char32_t> out;
  for (size_t i = 0; i < s.size();) {
    unsigned char b = static_cast<unsigned char>(s[i]);
    char32_t c;
    int n;
    if (b < 0x80) { c = b; n = 1; }
    else if ((b >> 5) == 6) { c = b & 0x1f; n = 2; }
    else if ((b >> 4) == 14) { c = b & 0x0f; n = 3; }
    else { c = b & 0x07; n = 4; }
    for (int k = 1; k < n && i + k < s.size(); ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3f);
    out.push_back(c);
    i += static_cast<size_t>(n);
  }
  return out;
}

// Deno refuses control characters first, then characters invalid in a file
// name on some platform.
void validate_affixes(const std::string& prefix, const std::string& suffix) {
  auto all = code_points(prefix);
  auto more = code_points(suffix);
  all.insert(all.end(), more.begin(), more.end());
  for (char32_t c : all) {
    if (c < 0x20 || (c >= 0x7f && c < 0xa0))
      throw JsError{"Error", fmt::format("Invalid control character in prefix or suffix: \"{}\"", bridge::rust_debug_char(c))};
  }
  for (char32_t c : all) {
    switch (c) {
      case U'/': case U'\\': case U'"': case U'<': case U'>': case U':': case U'|': case U'?': case U'*':
        throw JsError{"Error", fmt::format("Invalid character in prefix or suffix: \"{}\"", bridge::rust_debug_char(c))};
      default: break;
    }
  }
}

// Rust's Path::join for a single file name.
std::string join(const std::string& dir, const std::string& name) {
  if (dir.empty()) return name;
  if (dir.back() == '/') return dir + name;
  return dir + "/" + name;
}

uint64_t random_u64() {
  uint64_t v = 0;
  if (::getrandom(&v, sizeof v, 0) != static_cast<ssize_t>(sizeof v)) {
    static thread_local uint64_t state = static_cast<uint64_t>(::getpid()) * 0x9e3779b97f4a7c15ull ^
                                         reinterpret_cast<uintptr_t>(&v);
    state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    v = state;
  }
  return v;
}

struct TempSpec {
  std::string dir_display;  // as the program wrote it (or TMPDIR as set)
  std::string dir_abs;
  std::string prefix, suffix;
};

TempSpec prep_temp(Runtime& rt, bridge::Value dir, bridge::Value prefix, bridge::Value suffix, std::string_view api,
                   const char* operation) {
  auto* isolate = rt.isolate();
  auto text = [&](bridge::Value v) { return v->IsString() ? bridge::to_std_string(isolate, v) : std::string(); };
  TempSpec spec{{}, {}, text(prefix), text(suffix)};
  if (!dir->IsNullOrUndefined()) {
    // A non-string dir acts as "" (the cwd), as Deno's op argument conversion does.
    spec.dir_display = text(dir);
    Path p = checked(rt, spec.dir_display, Kind::Write, api, operation);
    spec.dir_abs = p.abs.empty() ? rt.cwd : p.abs;
  } else {
    auto it = rt.env.find("TMPDIR");
    spec.dir_display = it != rt.env.end() && !it->second.empty() ? it->second : "/tmp";
    spec.dir_abs = rt.resolve_path(spec.dir_display);
    // Deno does not show where the temp dir is: `Requires write access to <TMP>`.
    std::optional<permissions::PermissionError> denied;
    try {
      denied = rt.permissions.check(Kind::Write, spec.dir_abs, api);
    } catch (const permissions::DescriptorError& e) {
      throw JsError{e.error_class(), e.what()};
    }
    if (denied) {
      std::string message = denied->message;
      std::string quoted = "\"" + spec.dir_abs + "\"";
      if (auto at = message.find(quoted); at != std::string::npos) message.replace(at, quoted.size(), "<TMP>");
      throw JsError{denied->error_class ? denied->error_class : "NotCapable", message};
    }
    if (!rt.permissions.all_granted()) {
      if (auto denied = rt.permissions.check_special_file(spec.dir_abs)) throw_denied(*denied);
    }
  }
  // After the permission check, before touching the file system (as Deno does).
  validate_affixes(spec.prefix, spec.suffix);
  return spec;
}

template <typename Create>
std::string make_temp(const TempSpec& spec, const char* operation, Create create) {
  for (int attempt = 0; attempt < 10; ++attempt) {
    std::string name = fmt::format("{}{:08x}{}", spec.prefix, random_u64(), spec.suffix);
    int err = create(join(spec.dir_abs, name));
    if (err == 0) return join(spec.dir_display, name);
    if (err != EEXIST) throw fs_error(err, operation);
  }
  throw JsError{"AlreadyExists", fmt::format("too many temp {} exist: {}",
                                             std::string_view(operation) == "tmpdir" ? "dirs" : "files", operation)};
}

auto prep_make_temp_dir(Runtime& rt, bool sync, bridge::Value dir, bridge::Value prefix, bridge::Value suffix) {
  TempSpec spec = prep_temp(rt, dir, prefix, suffix, FS_API("makeTempDir", sync), "tmpdir");
  return [spec = std::move(spec)] {
    return make_temp(spec, "tmpdir", [](const std::string& path) {
      return ::mkdir(path.c_str(), 0700) == 0 ? 0 : errno;
    });
  };
}

auto prep_make_temp_file(Runtime& rt, bool sync, bridge::Value dir, bridge::Value prefix, bridge::Value suffix) {
  TempSpec spec = prep_temp(rt, dir, prefix, suffix, FS_API("makeTempFile", sync), "tmpfile");
  return [spec = std::move(spec)] {
    return make_temp(spec, "tmpfile", [](const std::string& path) {
      int fd = open_retry(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
      if (fd < 0) return errno;
      ::close(fd);
      return 0;
    });
  };
}

}  // namespace fs_detail

void register_fs_ops(bridge::OpRegistry& r) {
  using namespace fs_detail;
  add<&prep_read_file>(r, "op_fs_read_file_sync", "op_fs_read_file_async");
  add<&prep_read_text_file>(r, "op_fs_read_file_text_sync", "op_fs_read_file_text_async");
  add<&prep_write_file>(r, "op_fs_write_file_sync", "op_fs_write_file_async");
  r.sync<&op_fs_stat_sync>("op_fs_stat_sync");
  r.async<&Flavours<&prep_stat, decltype(&prep_stat)>::async>("op_fs_stat_async");
  add<&prep_read_dir>(r, "op_fs_read_dir_sync", "op_fs_read_dir_async");
  add<&prep_mkdir>(r, "op_fs_mkdir_sync", "op_fs_mkdir_async");
  add<&prep_remove>(r, "op_fs_remove_sync", "op_fs_remove_async");
  add<&prep_rename>(r, "op_fs_rename_sync", "op_fs_rename_async");
  add<&prep_copy_file>(r, "op_fs_copy_file_sync", "op_fs_copy_file_async");
  add<&prep_link>(r, "op_fs_link_sync", "op_fs_link_async");
  add<&prep_symlink>(r, "op_fs_symlink_sync", "op_fs_symlink_async");
  add<&prep_real_path>(r, "op_fs_realpath_sync", "op_fs_realpath_async");
  add<&prep_read_link>(r, "op_fs_read_link_sync", "op_fs_read_link_async");
  add<&prep_truncate>(r, "op_fs_truncate_sync", "op_fs_truncate_async");
  add<&prep_chmod>(r, "op_fs_chmod_sync", "op_fs_chmod_async");
  add<&prep_chown>(r, "op_fs_chown_sync", "op_fs_chown_async");
  add<&prep_utime>(r, "op_fs_utime_sync", "op_fs_utime_async");
  add<&prep_make_temp_dir>(r, "op_fs_make_temp_dir_sync", "op_fs_make_temp_dir_async");
  add<&prep_make_temp_file>(r, "op_fs_make_temp_file_sync", "op_fs_make_temp_file_async");
}

}  // namespace toolchain
