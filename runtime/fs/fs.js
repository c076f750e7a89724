// The file system part of the Deno namespace: Deno.readFile, Deno.writeFile,
// Deno.stat, Deno.readDir, Deno.mkdir, … (Deno 2.9.6 semantics). The C++ ops
// (fs_ops.cc) check permissions, resolve paths against the program's cwd and
// raise Deno's errors; this file shapes arguments and options as Deno's
// ext/fs/30_fs.js does.
const {
  op_fs_read_file_sync, op_fs_read_file_async,
  op_fs_read_file_text_sync, op_fs_read_file_text_async,
  op_fs_write_file_sync, op_fs_write_file_async,
  op_fs_stat_sync, op_fs_stat_async,
  op_fs_read_dir_sync, op_fs_read_dir_async,
  op_fs_mkdir_sync, op_fs_mkdir_async,
  op_fs_remove_sync, op_fs_remove_async,
  op_fs_rename_sync, op_fs_rename_async,
  op_fs_copy_file_sync, op_fs_copy_file_async,
  op_fs_link_sync, op_fs_link_async,
  op_fs_symlink_sync, op_fs_symlink_async,
  op_fs_realpath_sync, op_fs_realpath_async,
  op_fs_read_link_sync, op_fs_read_link_async,
  op_fs_truncate_sync, op_fs_truncate_async,
  op_fs_chmod_sync, op_fs_chmod_async,
  op_fs_chown_sync, op_fs_chown_async,
  op_fs_utime_sync, op_fs_utime_async,
  op_fs_make_temp_dir_sync, op_fs_make_temp_dir_async,
  op_fs_make_temp_file_sync, op_fs_make_temp_file_async,
} = core.ops;

// Built-ins captured at load time, so programs that patch globals do not break us.
const ReflectApply = Reflect.apply;
const uncurryThis = (fn) => (self, ...args) => ReflectApply(fn, self, args);
const ObjectPrototypeIsPrototypeOf = uncurryThis(Object.prototype.isPrototypeOf);
const ArrayPrototypeSymbolIterator = uncurryThis(Array.prototype[Symbol.iterator]);
const StringPrototypeReplace = uncurryThis(String.prototype.replace);
const StringPrototypeStartsWith = uncurryThis(String.prototype.startsWith);
const StringPrototypeSlice = uncurryThis(String.prototype.slice);
const StringPrototypeIndexOf = uncurryThis(String.prototype.indexOf);
const StringPrototypeSearch = uncurryThis(String.prototype.search);
const StringPrototypeToLowerCase = uncurryThis(String.prototype.toLowerCase);
const DatePrototypeValueOf = uncurryThis(Date.prototype.valueOf);
const DatePrototype = Date.prototype;
const MathTrunc = Math.trunc;
const DateCtor = Date;
const SymbolAsyncIterator = Symbol.asyncIterator;
const TypeErrorCtor = TypeError;
const decodeURIComponentFn = decodeURIComponent;
const globalObject = globalThis;
const EMPTY = new Uint8Array(0);

// ---------------------------------------------------------------------------
// Paths: strings (anything else is converted like a template literal does) or
// file: URLs.

function urlClass() {
  const ctor = internals.URL ?? globalObject.URL;
  return typeof ctor === "function" ? ctor : undefined;
}

function decodeUrlPath(pathname) {
  // A `%` that does not start an escape stays a literal `%` (Deno's pathFromURLPosix).
  return decodeURIComponentFn(StringPrototypeReplace(pathname, /%(?![0-9A-Fa-f]{2})/g, "%25"));
}

// Without a URL class, an object whose href is a file: URL is taken apart here.
function pathFromFileHref(href) {
  let rest = StringPrototypeSlice(href, 5); // after "file:"
  let host = "";
  if (StringPrototypeStartsWith(rest, "//")) {
    rest = StringPrototypeSlice(rest, 2);
    const slash = StringPrototypeIndexOf(rest, "/");
    host = slash === -1 ? rest : StringPrototypeSlice(rest, 0, slash);
    rest = slash === -1 ? "/" : StringPrototypeSlice(rest, slash);
  }
  const end = StringPrototypeSearch(rest, /[?#]/);
  if (end !== -1) rest = StringPrototypeSlice(rest, 0, end);
  if (host !== "" && StringPrototypeToLowerCase(host) !== "localhost") {
    throw new TypeErrorCtor("Host must be empty");
  }
  return decodeUrlPath(rest === "" ? "/" : rest);
}

function pathFromURL(pathOrUrl) {
  if (pathOrUrl !== null && typeof pathOrUrl === "object") {
    const URLCtor = urlClass();
    if (URLCtor !== undefined) {
      if (ObjectPrototypeIsPrototypeOf(URLCtor.prototype, pathOrUrl)) {
        if (pathOrUrl.protocol !== "file:") throw new TypeErrorCtor("Must be a file URL");
        if (pathOrUrl.hostname !== "") throw new TypeErrorCtor("Host must be empty");
        return decodeUrlPath(pathOrUrl.pathname);
      }
    } else {
      const href = pathOrUrl.href;
      if (typeof href === "string" && StringPrototypeStartsWith(href, "file:")) return pathFromFileHref(href);
    }
  }
  return pathOrUrl;
}

// The path string an op receives (Deno converts non-strings as `${path}` does).
function toPath(pathOrUrl) {
  const path = pathFromURL(pathOrUrl);
  return typeof path === "string" ? path : `${path}`;
}

// ---------------------------------------------------------------------------
// Numbers as Deno's op arguments take them.

function toU32(value) {
  if (typeof value !== "number") throw new TypeErrorCtor("expected u32");
  return value >>> 0;
}

function optionalMode(mode) {
  return mode === undefined || mode === null ? null : toU32(mode);
}

function coerceLen(len) {
  if (len == null || len < 0) return 0;
  if (typeof len !== "number") throw new TypeErrorCtor("expected f64");
  return len;
}

function toUnixTimeFromEpoch(value) {
  if (ObjectPrototypeIsPrototypeOf(DatePrototype, value)) {
    const time = DatePrototypeValueOf(value);
    const seconds = MathTrunc(time / 1e3);
    const nanoseconds = MathTrunc(time - seconds * 1e3) * 1e6;
    return [seconds, nanoseconds];
  }
  const seconds = MathTrunc(value);
  const nanoseconds = MathTrunc(value * 1e3 - seconds * 1e3) * 1e6;
  return [seconds, nanoseconds];
}

function isReadableStream(value) {
  const RS = internals.ReadableStream ?? globalObject.ReadableStream;
  return typeof RS === "function" && value !== null && typeof value === "object" &&
    ObjectPrototypeIsPrototypeOf(RS.prototype, value);
}

function throwIfAborted(signal) {
  if (signal !== undefined && signal !== null) signal.throwIfAborted();
}

// ---------------------------------------------------------------------------
// Reading

function readFileSync(path) {
  return op_fs_read_file_sync(toPath(path));
}

async function readFile(path, options) {
  const signal = options?.signal;
  throwIfAborted(signal);
  try {
    return await op_fs_read_file_async(toPath(path));
  } finally {
    // Deno always reports an abort that happened meanwhile.
    throwIfAborted(signal);
  }
}

function readTextFileSync(path) {
  return op_fs_read_file_text_sync(toPath(path));
}

async function readTextFile(path, options) {
  const signal = options?.signal;
  throwIfAborted(signal);
  try {
    return await op_fs_read_file_text_async(toPath(path));
  } finally {
    throwIfAborted(signal);
  }
}

// ---------------------------------------------------------------------------
// Writing

function notBytes(data) {
  // A string is only data for writeTextFile; the C++ op names every other type.
  if (typeof data === "string") throw new TypeErrorCtor("expected type `Uint8Array`, got `string`");
  return data;
}

function textData(data) {
  return data === undefined ? "" : typeof data === "string" ? data : `${data}`;
}

function writeFileSync(path, data, options = { __proto__: null }) {
  throwIfAborted(options.signal);
  op_fs_write_file_sync(
    toPath(path),
    optionalMode(options.mode),
    !!(options.append ?? false),
    !!(options.create ?? true),
    !!(options.createNew ?? false),
    notBytes(data),
  );
}

// Writes a ReadableStream chunk by chunk: the first write opens the file with
// the caller's options, the chunks are appended.
async function writeStream(path, stream, options, text) {
  const signal = options.signal;
  const p = toPath(path);
  await op_fs_write_file_async(
    p,
    optionalMode(options.mode),
    !!(options.append ?? false),
    !!(options.create ?? true),
    !!(options.createNew ?? false),
    EMPTY,
  );
  const reader = stream.getReader();
  try {
    for (;;) {
      throwIfAborted(signal);
      const { value, done } = await reader.read();
      if (done) break;
      await op_fs_write_file_async(p, null, true, false, false, text ? textData(value) : notBytes(value));
    }
  } catch (error) {
    try {
      reader.cancel(error).catch(() => {});
    } catch {
      // the stream is already gone
    }
    throw error;
  } finally {
    try {
      reader.releaseLock();
    } catch {
      // a pending read keeps the lock; the stream is errored anyway
    }
  }
}

async function writeFile(path, data, options = { __proto__: null }) {
  const signal = options.signal;
  throwIfAborted(signal);
  try {
    if (isReadableStream(data)) {
      await writeStream(path, data, options, false);
    } else {
      await op_fs_write_file_async(
        toPath(path),
        optionalMode(options.mode),
        !!(options.append ?? false),
        !!(options.create ?? true),
        !!(options.createNew ?? false),
        notBytes(data),
      );
    }
  } finally {
    throwIfAborted(signal);
  }
}

function writeTextFileSync(path, data, options = { __proto__: null }) {
  throwIfAborted(options.signal);
  op_fs_write_file_sync(
    toPath(path),
    optionalMode(options.mode),
    !!(options.append ?? false),
    !!(options.create ?? true),
    !!(options.createNew ?? false),
    textData(data),
  );
}

// Not async itself: converting the data to text throws synchronously, as
// TextEncoder does in Deno; everything else rejects.
function writeTextFile(path, data, options = { __proto__: null }) {
  if (isReadableStream(data)) return writeTextStream(path, data, options);
  return writeTextData(path, textData(data), options);
}

async function writeTextData(path, text, options) {
  const signal = options.signal;
  throwIfAborted(signal);
  try {
    await op_fs_write_file_async(
      toPath(path),
      optionalMode(options.mode),
      !!(options.append ?? false),
      !!(options.create ?? true),
      !!(options.createNew ?? false),
      text,
    );
  } finally {
    throwIfAborted(signal);
  }
}

async function writeTextStream(path, stream, options) {
  const signal = options.signal;
  throwIfAborted(signal);
  try {
    await writeStream(path, stream, options, true);
  } finally {
    throwIfAborted(signal);
  }
}

// ---------------------------------------------------------------------------
// Metadata

// The stat ops hand over 21 numbers (fs_ops.cc fill_stat); the sync ones
// write them into this buffer.
const statBuf = new Float64Array(21);

function dateOrNull(ms) {
  return ms === ms ? new DateCtor(ms) : null; // NaN: the time is unknown
}

function parseFileInfo(b) {
  return {
    isFile: b[0] === 1,
    isDirectory: b[1] === 1,
    isSymlink: b[2] === 1,
    size: b[3],
    mtime: dateOrNull(b[4]),
    atime: dateOrNull(b[5]),
    birthtime: dateOrNull(b[6]),
    ctime: dateOrNull(b[7]),
    dev: b[8],
    ino: b[9],
    mode: b[10],
    nlink: b[11],
    uid: b[12],
    gid: b[13],
    rdev: b[14],
    blksize: b[15],
    blocks: b[16],
    isBlockDevice: b[17] === 1,
    isCharDevice: b[18] === 1,
    isFifo: b[19] === 1,
    isSocket: b[20] === 1,
  };
}

function statSync(path) {
  op_fs_stat_sync(toPath(path), true, statBuf);
  return parseFileInfo(statBuf);
}

async function stat(path) {
  return parseFileInfo(await op_fs_stat_async(toPath(path), true));
}

function lstatSync(path) {
  op_fs_stat_sync(toPath(path), false, statBuf);
  return parseFileInfo(statBuf);
}

async function lstat(path) {
  return parseFileInfo(await op_fs_stat_async(toPath(path), false));
}

function realPathSync(path) {
  return op_fs_realpath_sync(toPath(path));
}

function realPath(path) {
  return op_fs_realpath_async(toPath(path));
}

function readLinkSync(path) {
  return op_fs_read_link_sync(toPath(path));
}

function readLink(path) {
  return op_fs_read_link_async(toPath(path));
}

// ---------------------------------------------------------------------------
// Directories

function readDirSync(path) {
  return ArrayPrototypeSymbolIterator(op_fs_read_dir_sync(toPath(path)));
}

function readDir(path) {
  const p = toPath(path);
  // Each iteration lists the directory anew, when it starts (as Deno 2.9 does).
  return {
    async *[SymbolAsyncIterator]() {
      const dir = await op_fs_read_dir_async(p);
      for (let i = 0; i < dir.length; ++i) {
        yield dir[i];
      }
    },
  };
}

function mkdirArgs(path, options) {
  let recursive = false;
  let mode = null;
  if (options != null) {
    if (typeof options.recursive === "boolean") recursive = options.recursive;
    if (options.mode !== undefined) mode = optionalMode(options.mode);
  }
  return [toPath(path), recursive, mode];
}

function mkdirSync(path, options) {
  const [p, recursive, mode] = mkdirArgs(path, options);
  op_fs_mkdir_sync(p, recursive, mode);
}

async function mkdir(path, options) {
  const [p, recursive, mode] = mkdirArgs(path, options);
  await op_fs_mkdir_async(p, recursive, mode);
}

function removeSync(path, options = { __proto__: null }) {
  op_fs_remove_sync(toPath(path), !!options.recursive);
}

async function remove(path, options = { __proto__: null }) {
  await op_fs_remove_async(toPath(path), !!options.recursive);
}

function makeTempDirSync(options = { __proto__: null }) {
  return op_fs_make_temp_dir_sync(options.dir, options.prefix, options.suffix);
}

function makeTempDir(options = { __proto__: null }) {
  return op_fs_make_temp_dir_async(options.dir, options.prefix, options.suffix);
}

function makeTempFileSync(options = { __proto__: null }) {
  return op_fs_make_temp_file_sync(options.dir, options.prefix, options.suffix);
}

function makeTempFile(options = { __proto__: null }) {
  return op_fs_make_temp_file_async(options.dir, options.prefix, options.suffix);
}

// ---------------------------------------------------------------------------
// Moving, copying, linking

function renameSync(oldpath, newpath) {
  op_fs_rename_sync(toPath(oldpath), toPath(newpath));
}

async function rename(oldpath, newpath) {
  await op_fs_rename_async(toPath(oldpath), toPath(newpath));
}

function copyFileSync(fromPath, toPathArg) {
  op_fs_copy_file_sync(toPath(fromPath), toPath(toPathArg));
}

async function copyFile(fromPath, toPathArg) {
  await op_fs_copy_file_async(toPath(fromPath), toPath(toPathArg));
}

function linkSync(oldpath, newpath) {
  op_fs_link_sync(toPath(oldpath), toPath(newpath));
}

async function link(oldpath, newpath) {
  await op_fs_link_async(toPath(oldpath), toPath(newpath));
}

// `options.type` ("file" | "dir" | "junction") only matters on Windows.
function symlinkSync(oldpath, newpath, options) {
  op_fs_symlink_sync(toPath(oldpath), toPath(newpath));
}

async function symlink(oldpath, newpath, options) {
  await op_fs_symlink_async(toPath(oldpath), toPath(newpath));
}

// ---------------------------------------------------------------------------
// Changing files

function truncateSync(name, len) {
  op_fs_truncate_sync(toPath(name), coerceLen(len));
}

async function truncate(name, len) {
  await op_fs_truncate_async(toPath(name), coerceLen(len));
}

function chmodSync(path, mode) {
  op_fs_chmod_sync(toPath(path), toU32(mode));
}

async function chmod(path, mode) {
  await op_fs_chmod_async(toPath(path), toU32(mode));
}

function chownSync(path, uid, gid) {
  op_fs_chown_sync(toPath(path), optionalMode(uid), optionalMode(gid));
}

async function chown(path, uid, gid) {
  await op_fs_chown_async(toPath(path), optionalMode(uid), optionalMode(gid));
}

function utimeArgs(path, atime, mtime) {
  const [atimeSec, atimeNsec] = toUnixTimeFromEpoch(atime);
  const [mtimeSec, mtimeNsec] = toUnixTimeFromEpoch(mtime);
  return [toPath(path), atimeSec, atimeNsec, mtimeSec, mtimeNsec];
}

function utimeSync(path, atime, mtime) {
  const [p, as, an, ms, mn] = utimeArgs(path, atime, mtime);
  op_fs_utime_sync(p, as, an, ms, mn);
}

async function utime(path, atime, mtime) {
  const [p, as, an, ms, mn] = utimeArgs(path, atime, mtime);
  await op_fs_utime_async(p, as, an, ms, mn);
}

// ---------------------------------------------------------------------------

internals.pathFromURL = pathFromURL;
// For file.js (Deno.FsFile).
internals.fs = { toPath, parseFileInfo, toUnixTimeFromEpoch, coerceLen };

const api = {
  readFile, readFileSync, readTextFile, readTextFileSync,
  writeFile, writeFileSync, writeTextFile, writeTextFileSync,
  stat, statSync, lstat, lstatSync, realPath, realPathSync, readLink, readLinkSync,
  readDir, readDirSync, mkdir, mkdirSync, remove, removeSync,
  makeTempDir, makeTempDirSync, makeTempFile, makeTempFileSync,
  rename, renameSync, copyFile, copyFileSync, link, linkSync, symlink, symlinkSync,
  truncate, truncateSync, chmod, chmodSync, chown, chownSync, utime, utimeSync,
};
const Deno = globalThis.Deno;
for (const name of Object.keys(api)) {
  Object.defineProperty(Deno, name, { value: api[name], writable: true, enumerable: true, configurable: true });
}
