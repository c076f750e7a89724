// Deno.open, Deno.openSync, Deno.create, Deno.createSync, Deno.FsFile and
// Deno.SeekMode (Deno 2.9.6). An FsFile names an `fsFile` resource of the
// runtime's table by its id; the C++ side is file_ops.cc, which checks the
// permissions when the file is opened. Closing (close(), [Symbol.dispose](),
// the end of `readable`, the close of `writable`) removes the resource.
const {
  op_fs_open_sync, op_fs_open_async,
  op_fs_file_read_sync, op_fs_file_read_async,
  op_fs_file_write_sync, op_fs_file_write_async,
  op_fs_seek_sync, op_fs_seek_async,
  op_fs_ftruncate_sync, op_fs_ftruncate_async,
  op_fs_file_stat_sync, op_fs_file_stat_async,
  op_fs_fsync_sync, op_fs_fsync_async,
  op_fs_fdatasync_sync, op_fs_fdatasync_async,
  op_fs_futime_sync, op_fs_futime_async,
  op_fs_flock_sync, op_fs_flock_async,
  op_fs_funlock_sync, op_fs_funlock_async,
  op_fs_try_flock_sync, op_fs_try_flock_async,
  op_fs_file_is_terminal, op_fs_file_set_raw, op_close, op_resource_close,
} = core.ops;
const { toPath, parseFileInfo, toUnixTimeFromEpoch, coerceLen } = internals.fs;

const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const typedArrayTag = Object.getOwnPropertyDescriptor(TypedArrayPrototype, Symbol.toStringTag).get;
const ReflectApply = Reflect.apply;
const ObjectValues = Object.values;
const TypeErrorCtor = TypeError;
const ErrorCtor = Error;
const NumberCtor = Number;
const SymbolDispose = Symbol.dispose;
const constructKey = Symbol("Deno.FsFile");
const WritableStreamCtor = internals.streams?.WritableStream ?? globalThis.WritableStream;
const statBuf = new Float64Array(21);

// ---------------------------------------------------------------------------
// Opening

// The combinations Deno refuses before asking the OS, with its messages.
function checkOpenOptions(options) {
  let anyTrue = false;
  for (const value of ObjectValues(options)) if (value === true) anyTrue = true;
  if (!anyTrue) throw new ErrorCtor("'options' requires at least one option to be true");
  if (options.truncate && !options.write) throw new ErrorCtor("'truncate' option requires 'write' to be true");
  if ((options.create || options.createNew) && !(options.write || options.append)) {
    throw new ErrorCtor("'create' or 'createNew' options require 'write' or 'append' to be true");
  }
}

function openArgs(path, options) {
  const o = options ?? { read: true };
  if (options !== undefined && options !== null) checkOpenOptions(options);
  const mode = o.mode === undefined || o.mode === null ? null : o.mode >>> 0;
  return [toPath(path), !!o.read, !!o.write, !!o.append, !!o.truncate, !!o.create, !!o.createNew, mode];
}

function openSync(path, options) {
  return new FsFile(op_fs_open_sync(...openArgs(path, options)), constructKey);
}

async function open(path, options) {
  return new FsFile(await op_fs_open_async(...openArgs(path, options)), constructKey);
}

const createOptions = { read: true, write: true, truncate: true, create: true };

function createSync(path) {
  return openSync(path, createOptions);
}

function create(path) {
  return open(path, createOptions);
}

// ---------------------------------------------------------------------------
// Deno.FsFile

// Deno's reads and writes take Uint8Arrays (subclasses too) and nothing else.
function checkBuffer(p) {
  if (ReflectApply(typedArrayTag, p, []) !== "Uint8Array") {
    throw new TypeErrorCtor("expected typed ArrayBufferView");
  }
}

// Offsets may be bigints (Deno.seek takes number | bigint); the op names what
// else is wrong as Deno's argument conversion does.
function seekArgs(offset, whence) {
  if (typeof offset === "bigint") offset = NumberCtor(offset);
  else if (typeof offset !== "number") throw new TypeErrorCtor("expected f64");
  if (typeof whence !== "number") throw new TypeErrorCtor("expected i32");
  return [offset, whence];
}

class FsFile {
  #rid;
  #readable;
  #writable;

  constructor(rid, key) {
    if (key !== constructKey) {
      throw new TypeErrorCtor("'Deno.FsFile' cannot be constructed, use 'Deno.open()' or 'Deno.openSync()' instead");
    }
    this.#rid = rid;
  }

  // Resolves to the count of bytes read, or null at the end of the file.
  async read(p) {
    if (p.length === 0) return 0;
    checkBuffer(p);
    const n = await op_fs_file_read_async(this.#rid, p);
    return n === 0 ? null : n;
  }

  readSync(p) {
    if (p.length === 0) return 0;
    checkBuffer(p);
    const n = op_fs_file_read_sync(this.#rid, p);
    return n === 0 ? null : n;
  }

  // One write: the count written may be less than p's length.
  async write(p) {
    checkBuffer(p);
    return await op_fs_file_write_async(this.#rid, p);
  }

  writeSync(p) {
    checkBuffer(p);
    return op_fs_file_write_sync(this.#rid, p);
  }

  async seek(offset, whence) {
    return await op_fs_seek_async(this.#rid, ...seekArgs(offset, whence));
  }

  seekSync(offset, whence) {
    return op_fs_seek_sync(this.#rid, ...seekArgs(offset, whence));
  }

  // Both give null, as Deno's do.
  async truncate(len) {
    await op_fs_ftruncate_async(this.#rid, coerceLen(len));
    return null;
  }

  truncateSync(len) {
    op_fs_ftruncate_sync(this.#rid, coerceLen(len));
    return null;
  }

  async stat() {
    return parseFileInfo(await op_fs_file_stat_async(this.#rid));
  }

  statSync() {
    op_fs_file_stat_sync(this.#rid, statBuf);
    return parseFileInfo(statBuf);
  }

  async sync() {
    await op_fs_fsync_async(this.#rid);
  }

  syncSync() {
    op_fs_fsync_sync(this.#rid);
  }

  async syncData() {
    await op_fs_fdatasync_async(this.#rid);
  }

  syncDataSync() {
    op_fs_fdatasync_sync(this.#rid);
  }

  async utime(atime, mtime) {
    const [as, an] = toUnixTimeFromEpoch(atime);
    const [ms, mn] = toUnixTimeFromEpoch(mtime);
    await op_fs_futime_async(this.#rid, as, an, ms, mn);
  }

  utimeSync(atime, mtime) {
    const [as, an] = toUnixTimeFromEpoch(atime);
    const [ms, mn] = toUnixTimeFromEpoch(mtime);
    op_fs_futime_sync(this.#rid, as, an, ms, mn);
  }

  async lock(exclusive = false) {
    await op_fs_flock_async(this.#rid, exclusive === true);
  }

  lockSync(exclusive = false) {
    op_fs_flock_sync(this.#rid, exclusive === true);
  }

  tryLock(exclusive = false) {
    return op_fs_try_flock_async(this.#rid, exclusive === true);
  }

  tryLockSync(exclusive = false) {
    return op_fs_try_flock_sync(this.#rid, exclusive === true);
  }

  async unlock() {
    await op_fs_funlock_async(this.#rid);
  }

  unlockSync() {
    op_fs_funlock_sync(this.#rid);
  }

  isTerminal() {
    return op_fs_file_is_terminal(this.#rid);
  }

  // As Deno: only `true` turns raw mode on; a file that is not a terminal
  // throws BadResource (ENOTTY) then.
  setRaw(mode, options = {}) {
    op_fs_file_set_raw(this.#rid, mode === true, Boolean(options?.cbreak));
  }

  close() {
    op_close(this.#rid);
  }

  // A byte stream of the file from its current position; the file closes at
  // its end or when the stream is cancelled.
  get readable() {
    this.#readable ??= internals.streams.readableStreamForResource(this.#rid);
    return this.#readable;
  }

  // Each chunk is written whole; closing or aborting the stream closes the file.
  get writable() {
    if (this.#writable === undefined) {
      const rid = this.#rid;
      this.#writable = new WritableStreamCtor({
        async write(chunk) {
          checkBuffer(chunk);
          let view = chunk;
          while (view.length > 0) view = view.subarray(await op_fs_file_write_async(rid, view));
        },
        close() {
          op_resource_close(rid);
        },
        abort() {
          op_resource_close(rid);
        },
      });
    }
    return this.#writable;
  }

  [SymbolDispose]() {
    op_resource_close(this.#rid);
  }
}

const SeekMode = { 0: "Start", 1: "Current", 2: "End", Start: 0, Current: 1, End: 2 };

const api = { open, openSync, create, createSync, FsFile, SeekMode };
const Deno = globalThis.Deno;
for (const name of Object.keys(api)) {
  Object.defineProperty(Deno, name, { value: api[name], writable: true, enumerable: true, configurable: true });
}
