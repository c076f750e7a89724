// Deno.stdin, Deno.stdout, Deno.stderr and Deno.consoleSize (Deno 2.9.6).
// Resource ids 0, 1, 2 are the program's stdio as the run was given it (in the
// daemon, the client's fds); the C++ side is io/stdio_ops.cc.
const {
  op_io_write_sync, op_io_write, op_io_read_sync, op_io_read, op_io_close,
  op_io_is_terminal, op_io_set_raw, op_console_size,
} = core.ops;

const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const typedArrayTag = Object.getOwnPropertyDescriptor(TypedArrayPrototype, Symbol.toStringTag).get;
const ReflectApply = Reflect.apply;
const TypedArrayPrototypeSet = TypedArrayPrototype.set;
const TypeErrorCtor = TypeError;

// Deno's ops take Uint8Arrays (subclasses too) and nothing else.
function checkBuffer(p) {
  if (ReflectApply(typedArrayTag, p, []) !== "Uint8Array") {
    throw new TypeErrorCtor("expected typed ArrayBufferView");
  }
}

async function read(rid, p) {
  if (p.length === 0) return 0;
  checkBuffer(p);
  const chunk = await op_io_read(rid, p.length);
  if (chunk === null) return null;
  ReflectApply(TypedArrayPrototypeSet, p, [chunk]);
  return chunk.length;
}

function readSync(rid, p) {
  if (p.length === 0) return 0;
  checkBuffer(p);
  return op_io_read_sync(rid, p);
}

function write(rid, p) {
  try {
    checkBuffer(p);
  } catch (error) {
    return Promise.reject(error);
  }
  return op_io_write(rid, p);
}

function writeSync(rid, p) {
  checkBuffer(p);
  return op_io_write_sync(rid, p);
}

class Stdin {
  get rid() { return 0; }
  read(p) { return read(0, p); }
  readSync(p) { return readSync(0, p); }
  close() { op_io_close(0); }
  setRaw(mode, options = {}) {
    op_io_set_raw(0, mode === true, Boolean(options.cbreak)); // as Deno: only `true` turns it on
  }
  isTerminal() { return op_io_is_terminal(0); }
}

// Stdout and Stderr: the same class for resource ids 1 and 2.
function writerClass(name, rid) {
  return {
    [name]: class {
      get rid() { return rid; }
      write(p) { return write(rid, p); }
      writeSync(p) { return writeSync(rid, p); }
      close() { op_io_close(rid); }
      isTerminal() { return op_io_is_terminal(rid); }
    },
  }[name];
}
const Stdout = writerClass("Stdout", 1);
const Stderr = writerClass("Stderr", 2);

// The streams (runtime/streams) are another family: when they are loaded
// before this file, stdin.readable and stdout/stderr.writable are built on the
// functions above (chunks of up to 64 KiB, as Deno reads them), one per object.
if (typeof globalThis.ReadableStream === "function") {
  const readables = new WeakMap();
  Object.defineProperty(Stdin.prototype, "readable", {
    get() {
      if (!readables.has(this)) {
        readables.set(this, new globalThis.ReadableStream({
          async pull(controller) {
            const buffer = new Uint8Array(64 * 1024);
            const n = await read(0, buffer);
            if (n === null) controller.close();
            else controller.enqueue(buffer.subarray(0, n));
          },
        }));
      }
      return readables.get(this);
    },
    configurable: true,
  });
}
if (typeof globalThis.WritableStream === "function") {
  const writables = new WeakMap();
  for (const cls of [Stdout, Stderr]) {
    Object.defineProperty(cls.prototype, "writable", {
      get() {
        const rid = this.rid;
        if (!writables.has(this)) {
          writables.set(this, new globalThis.WritableStream({
            async write(chunk) {
              for (let rest = chunk; rest.length > 0;) rest = rest.subarray(await write(rid, rest));
            },
          }));
        }
        return writables.get(this);
      },
      configurable: true,
    });
  }
}

function consoleSize() {
  const [columns, rows] = op_console_size();
  return { columns, rows };
}

const Deno = globalThis.Deno;
const api = { stdin: new Stdin(), stdout: new Stdout(), stderr: new Stderr(), consoleSize };
for (const name of Object.keys(api)) {
  Object.defineProperty(Deno, name, { value: api[name], writable: true, enumerable: true, configurable: true });
}
