// Ops behind Deno.open/openSync/create/createSync and Deno.FsFile (file.js):
// an open file is an `fsFile` resource in the runtime's table, named in
// JavaScript by its id. The permission checks happen here, when the file is
// opened: read access for `read`, write access for `write`/`append`.
//
// Like the path ops (fs_ops.cc), each op comes in a sync flavour run at once
// and an async one run on the blocking pool. The work holds the resource's
// shared_ptr, so a close from JavaScript while it runs closes the descriptor
// only when the work is done. Reads and writes use the caller's own buffer
// (its BackingStore is kept for the call): no copy.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include <fmt/format.h>

#include "bridge/op.h"
#include "core/runtime.h"
#include "fs/fs_common.h"
#include "io/terminal_mode.h"
#include "streams/native_stream.h"

namespace toolchain {

namespace fs_detail {

using bridge::JsError;
using permissions::Kind;

// An open file. As a ByteSource, FsFile.readable reads it through
// internals.streams.readableStreamForResource.
class FsFile final : public ByteSource {
 public:
  explicit FsFile(int fd) : fd_(fd) {}
  ~FsFile() override {
    terminal_.restore();  // before the fd goes
    ::close(fd_);
  }
  FsFile(const FsFile&) = delete;
  FsFile& operator=(const FsFile&) = delete;

  std::string_view name() const override { return "fsFile"; }
  int fd() const { return fd_; }
  io::TerminalMode& terminal() { return terminal_; }

  size_t read(std::span<uint8_t> into) override {
    for (;;) {
      ssize_t n = ::read(fd_, into.data(), into.size());
      if (n >= 0) return static_cast<size_t>(n);
      if (errno != EINTR) throw fs_error(errno, {});
    }
  }

  size_t write(std::span<const uint8_t> data) {
    for (;;) {
      ssize_t n = ::write(fd_, data.data(), data.size());
      if (n >= 0) return static_cast<size_t>(n);
      if (errno != EINTR) throw fs_error(errno, {});
    }
  }

 private:
  int fd_;
  io::TerminalMode terminal_;  // setRaw's mode, undone at close
};

// ---------------------------------------------------------------------------
// Opening

// Deno's OpenOptions, as file.js hands them over (already checked there for
// the combinations Deno refuses with its own messages).
struct OpenFlags {
  bool read, write, append, truncate, create, create_new;
  std::optional<double> mode;
};

// Rust's OpenOptions → open(2) flags (std::fs semantics: append implies write,
// create_new wins over create/truncate); EINVAL for what Rust refuses.
int open_flags(const OpenFlags& o) {
  int flags;
  if (o.append) flags = (o.read ? O_RDWR : O_WRONLY) | O_APPEND;
  else if (o.write) flags = o.read ? O_RDWR : O_WRONLY;
  else if (o.read) flags = O_RDONLY;
  else return -1;
  if (!o.write && !o.append && (o.truncate || o.create || o.create_new)) return -1;
  if (o.append && o.truncate && !o.create_new) return -1;
  if (o.create_new) flags |= O_CREAT | O_EXCL;
  else {
    if (o.create) flags |= O_CREAT;
    if (o.truncate) flags |= O_TRUNC;
  }
  return flags;
}

// The resource an async open hands back to the JavaScript thread, which adds
// it to the table (ToV8 below). If the program ends first, the file closes.
struct Opened {
  std::shared_ptr<FsFile> file;
};

auto prep_open(Runtime& rt, bool sync, std::string path, bool read, bool write, bool append, bool truncate,
               bool create, bool create_new, std::optional<double> mode) {
  std::string_view api = sync ? "Deno.openSync()" : "Deno.open()";
  OpenFlags o{read, write, append, truncate, create, create_new, mode};
  Path p;
  // Deno checks read, then write, each only if the options ask for it.
  if (o.read) p = checked(rt, path, Kind::Read, api, "open");
  if (o.write || o.append) p = checked(rt, path, Kind::Write, api, "open");
  if (!o.read && !o.write && !o.append) p = checked(rt, path, Kind::Read, api, "open");
  mode_t m = static_cast<mode_t>((mode ? static_cast<uint32_t>(*mode) : 0666u) & 0777u);
  return [p = std::move(p), o, m, open_check = OpenCheck(rt)] {
    int flags = open_flags(o);
    if (flags < 0) throw fs_error(EINVAL, "open", p.display);
    flags |= open_check(p.abs);
    int fd = open_retry(p.c_str(), flags, m);
    if (fd < 0) throw fs_error(OpenCheck::open_errno(flags, errno), "open", p.display);
    return Opened{std::make_shared<FsFile>(fd)};
  };
}

}  // namespace fs_detail

namespace bridge {
template <>
struct ToV8<fs_detail::Opened> {
  static v8::Local<v8::Value> make(v8::Isolate* isolate, const fs_detail::Opened& opened) {
    return v8::Integer::NewFromUnsigned(isolate, runtime_of(isolate).resources.add(opened.file));
  }
};
}  // namespace bridge

namespace fs_detail {

// ---------------------------------------------------------------------------
// Reading and writing: the count of bytes moved by one read(2)/write(2).

double op_fs_file_read_sync(Runtime& rt, uint32_t rid, bridge::ByteView into) {
  return static_cast<double>(rt.resources.get<FsFile>(rid)->read({into.data, into.size}));
}

// Lets go of the JavaScript memory before the work returns (the runtime is
// certainly alive then; the closure may be destroyed later on the pool thread).
struct Unpin {
  SharedBytes& bytes;
  ~Unpin() { bytes.store.reset(); }
};

auto op_fs_file_read_async(Runtime& rt, uint32_t rid, SharedBytes into) {
  return [file = rt.resources.get<FsFile>(rid), into = std::move(into)]() mutable {
    Unpin unpin{into};
    return static_cast<double>(file->read({into.data(), into.size}));
  };
}

double op_fs_file_write_sync(Runtime& rt, uint32_t rid, bridge::ByteView data) {
  return static_cast<double>(rt.resources.get<FsFile>(rid)->write({data.data, data.size}));
}

auto op_fs_file_write_async(Runtime& rt, uint32_t rid, SharedBytes data) {
  return [file = rt.resources.get<FsFile>(rid), data = std::move(data)]() mutable {
    Unpin unpin{data};
    return static_cast<double>(file->write({data.data(), data.size}));
  };
}

// ---------------------------------------------------------------------------
// The other FsFile methods: each is a prepare function (checks on the
// JavaScript thread) returning the work, as in fs_ops.cc.

auto prep_seek(Runtime& rt, bool, uint32_t rid, double offset, int32_t whence) {
  if (whence < 0 || whence > 2) throw bridge::type_error(fmt::format("Invalid seek mode: {}", whence));
  auto file = rt.resources.get<FsFile>(rid);
  off_t off = std::isnan(offset) ? 0 : static_cast<off_t>(std::clamp(offset, -9.2e18, 9.2e18));
  int how = whence == 0 ? SEEK_SET : whence == 1 ? SEEK_CUR : SEEK_END;
  return [file = std::move(file), off, how] {
    off_t pos = ::lseek(file->fd(), off, how);
    if (pos < 0) throw fs_error(errno, {});
    return static_cast<double>(pos);
  };
}

auto prep_ftruncate(Runtime& rt, bool, uint32_t rid, double len) {
  auto file = rt.resources.get<FsFile>(rid);
  off_t size = 0;  // f64 → u64 as Rust's `as`: saturating, NaN and negatives to 0
  if (len > 0) size = len >= 9.2233720368547758e18 ? std::numeric_limits<off_t>::max() : static_cast<off_t>(len);
  return [file = std::move(file), size] {
    int rc;
    do rc = ::ftruncate(file->fd(), size);
    while (rc != 0 && errno == EINTR);
    if (rc != 0) throw fs_error(errno, {});
  };
}

auto prep_file_stat(Runtime& rt, bool, uint32_t rid) {
  return [file = rt.resources.get<FsFile>(rid)] {
    FileInfo info;
    if (int err = stat_fd(file->fd(), info)) throw fs_error(err, {});
    return info;
  };
}

// The sync flavour writes into file.js's reused Float64Array, as statSync does.
void op_fs_file_stat_sync(Runtime& rt, uint32_t rid, bridge::ByteView out) {
  if (out.size < kStatFields * sizeof(double)) throw bridge::type_error("stat buffer too small");
  FileInfo info = prep_file_stat(rt, true, rid)();
  fill_stat(info, reinterpret_cast<double*>(out.data));
}

auto prep_fsync(Runtime& rt, bool, uint32_t rid) {
  return [file = rt.resources.get<FsFile>(rid)] {
    if (::fsync(file->fd()) != 0) throw fs_error(errno, {});
  };
}

auto prep_fdatasync(Runtime& rt, bool, uint32_t rid) {
  return [file = rt.resources.get<FsFile>(rid)] {
    if (::fdatasync(file->fd()) != 0) throw fs_error(errno, {});
  };
}

auto prep_futime(Runtime& rt, bool, uint32_t rid, double atime_sec, double atime_nsec, double mtime_sec,
                 double mtime_nsec) {
  auto file = rt.resources.get<FsFile>(rid);
  auto whole = [](double v) -> int64_t {  // Rust's `as`: saturating, NaN to 0
    if (std::isnan(v)) return 0;
    return static_cast<int64_t>(std::clamp(v, -9.2e18, 9.2e18));
  };
  timespec a{static_cast<time_t>(whole(atime_sec)), static_cast<long>(whole(atime_nsec))};
  timespec m{static_cast<time_t>(whole(mtime_sec)), static_cast<long>(whole(mtime_nsec))};
  return [file = std::move(file), a, m] {
    timespec t[2] = {a, m};
    if (::futimens(file->fd(), t) != 0) throw fs_error(errno, {});
  };
}

// flock(2): lock waits for the lock; tryLock (below) does not.
auto prep_flock(Runtime& rt, bool, uint32_t rid, bool exclusive) {
  return [file = rt.resources.get<FsFile>(rid), exclusive] {
    int rc;
    do rc = ::flock(file->fd(), exclusive ? LOCK_EX : LOCK_SH);
    while (rc != 0 && errno == EINTR);
    if (rc != 0) throw fs_error(errno, {});
  };
}

auto prep_funlock(Runtime& rt, bool, uint32_t rid) {
  return [file = rt.resources.get<FsFile>(rid)] {
    if (::flock(file->fd(), LOCK_UN) != 0) throw fs_error(errno, {});
  };
}

// true if locked, false if someone else holds the lock.
auto prep_try_flock(Runtime& rt, bool, uint32_t rid, bool exclusive) {
  return [file = rt.resources.get<FsFile>(rid), exclusive] {
    if (::flock(file->fd(), (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0) return true;
    if (errno == EWOULDBLOCK) return false;
    throw fs_error(errno, {});
  };
}

bool op_fs_file_is_terminal(Runtime& rt, uint32_t rid) { return ::isatty(rt.resources.get<FsFile>(rid)->fd()) == 1; }

void op_fs_file_set_raw(Runtime& rt, uint32_t rid, bool raw, bool cbreak) {
  FsFile& file = *rt.resources.get<FsFile>(rid);
  file.terminal().set_raw(file.fd(), raw, cbreak);
}

// ---------------------------------------------------------------------------

// The sync open adds the file to the table at once.
uint32_t op_fs_open_sync(Runtime& rt, std::string path, bool read, bool write, bool append, bool truncate,
                         bool create, bool create_new, std::optional<double> mode) {
  Opened opened = prep_open(rt, true, std::move(path), read, write, append, truncate, create, create_new, mode)();
  return rt.resources.add(std::move(opened.file));
}

}  // namespace fs_detail

void register_fs_file_ops(bridge::OpRegistry& r) {
  using namespace fs_detail;
  r.sync<&op_fs_open_sync>("op_fs_open_sync");
  r.async<&Flavours<&prep_open, decltype(&prep_open)>::async>("op_fs_open_async");
  r.sync<&op_fs_file_read_sync>("op_fs_file_read_sync");
  r.async<&op_fs_file_read_async>("op_fs_file_read_async");
  r.sync<&op_fs_file_write_sync>("op_fs_file_write_sync");
  r.async<&op_fs_file_write_async>("op_fs_file_write_async");
  add<&prep_seek>(r, "op_fs_seek_sync", "op_fs_seek_async");
  add<&prep_ftruncate>(r, "op_fs_ftruncate_sync", "op_fs_ftruncate_async");
  r.sync<&op_fs_file_stat_sync>("op_fs_file_stat_sync");
  r.async<&Flavours<&prep_file_stat, decltype(&prep_file_stat)>::async>("op_fs_file_stat_async");
  add<&prep_fsync>(r, "op_fs_fsync_sync", "op_fs_fsync_async");
  add<&prep_fdatasync>(r, "op_fs_fdatasync_sync", "op_fs_fdatasync_async");
  add<&prep_futime>(r, "op_fs_futime_sync", "op_fs_futime_async");
  add<&prep_flock>(r, "op_fs_flock_sync", "op_fs_flock_async");
  add<&prep_funlock>(r, "op_fs_funlock_sync", "op_fs_funlock_async");
  r.sync<&Flavours<&prep_try_flock, decltype(&prep_try_flock)>::sync>("op_fs_try_flock_sync");
  r.async<&Flavours<&prep_try_flock, decltype(&prep_try_flock)>::async>("op_fs_try_flock_async");
  r.sync<&op_fs_file_is_terminal>("op_fs_file_is_terminal");
  r.sync<&op_fs_file_set_raw>("op_fs_file_set_raw");
}

}  // namespace toolchain
