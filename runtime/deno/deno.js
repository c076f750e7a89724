// The process part of the Deno namespace. Values that belong to the program
// (args, pid, noColor) are read through ops when first used, never at snapshot time.
const { ops } = core;

function lazy(obj, name, compute) {
  let cached, done = false;
  Object.defineProperty(obj, name, {
    get() {
      if (!done) { cached = compute(); done = true; }
      return cached;
    },
    enumerable: true,
    configurable: true,
  });
}

// A URL object naming a local file (URL itself arrives with the web APIs).
function isFileUrl(value) {
  return value !== null && typeof value === "object" && typeof value.href === "string" && value.href.startsWith("file:");
}
function pathFromFileUrl(url) {
  return decodeURIComponent(url.pathname);
}
internals.pathFromFileUrl = pathFromFileUrl;

const env = {
  get(key) {
    return ops.op_env_get(String(key)) ?? undefined;
  },
  set(key, value) {
    ops.op_env_set(String(key), String(value));
  },
  delete(key) {
    ops.op_env_delete(String(key));
  },
  has(key) {
    return ops.op_env_get(String(key)) !== null;
  },
  toObject() {
    return ops.op_env_to_object();
  },
};

class PermissionStatus {
  #state;
  constructor(state) {
    this.#state = state;
    this.onchange = null;
  }
  get state() { return this.#state; }
  get partial() { return false; }
}

const descriptorKeys = { read: "path", write: "path", ffi: "path", net: "host", env: "variable", run: "command", sys: "kind", import: "host" };

function checkDescriptor(desc) {
  if (desc === null || typeof desc !== "object") {
    throw new TypeError("The provided value is not of type 'PermissionDescriptor'.");
  }
  const name = desc.name;
  if (!(name in descriptorKeys)) {
    throw new TypeError(`The provided value "${name}" is not a valid permission name`);
  }
  let value = desc[descriptorKeys[name]];
  if (isFileUrl(value)) value = pathFromFileUrl(value);
  return [name, value === undefined ? null : String(value)];
}

class Permissions {
  querySync(desc) {
    const [name, value] = checkDescriptor(desc);
    return new PermissionStatus(ops.op_permission_query(name, value));
  }
  query(desc) {
    try {
      return Promise.resolve(this.querySync(desc));
    } catch (e) {
      return Promise.reject(e);
    }
  }
  revokeSync(desc) {
    const [name, value] = checkDescriptor(desc);
    return new PermissionStatus(ops.op_permission_revoke(name, value));
  }
  revoke(desc) {
    try {
      return Promise.resolve(this.revokeSync(desc));
    } catch (e) {
      return Promise.reject(e);
    }
  }
  // No prompt: requests answer with the current state, as `deno run --no-prompt` does.
  requestSync(desc) {
    return this.querySync(desc);
  }
  request(desc) {
    return this.query(desc);
  }
}

const Deno = {
  errors: internals.denoErrors,
  inspect: internals.inspect, // itself: custom inspect hooks receive it and compare
  env,
  permissions: new Permissions(),
  exit(code) {
    if (code !== undefined) ops.op_set_exit_code(Number(code) | 0);
    internals.dispatchUnloadEvent?.();  // Deno fires `unload` before exiting
    ops.op_exit(ops.op_get_exit_code());
    for (;;) {} // termination is already requested; this never returns
  },
  cwd() {
    return ops.op_cwd();
  },
  chdir(directory) {
    if (isFileUrl(directory)) directory = pathFromFileUrl(directory);
    ops.op_chdir(String(directory));
  },
  execPath() {
    return ops.op_exec_path();
  },
  refTimer(id) {
    internals.timers.refTimer(id);
  },
  unrefTimer(id) {
    internals.timers.unrefTimer(id);
  },
  version: { deno: "2.9.6", v8: "10.2.154.26-node.39", typescript: "6.0.3" },
  build: {
    target: "x86_64-unknown-linux-gnu",
    arch: "x86_64",
    os: "linux",
    vendor: "unknown",
    env: "gnu",
    standalone: false,
  },
};
lazy(Deno, "args", () => Object.freeze(ops.op_args()));
lazy(Deno, "pid", () => ops.op_pid());
lazy(Deno, "ppid", () => ops.op_ppid());
lazy(Deno, "noColor", () => ops.op_no_color());
lazy(Deno, "mainModule", () => ops.op_main_module());
Object.defineProperty(Deno, "exitCode", {
  get() {
    return ops.op_get_exit_code();
  },
  set(code) {
    if (typeof code !== "number") {
      throw new TypeError(`Exit code must be a number, got: ${code} (${typeof code})`);
    }
    if (!Number.isInteger(code)) throw new RangeError(`Exit code must be an integer, got: ${code}`);
    ops.op_set_exit_code(code);
  },
  enumerable: true,
  configurable: true,
});
Object.defineProperty(Deno, Symbol.toStringTag, { value: "Deno" });

internals.PermissionStatus = PermissionStatus;
Object.defineProperty(globalThis, "Deno", { value: Deno, writable: true, enumerable: false, configurable: true });

// window.close(): `closed` is true at once, and the program exits with code 0
// (whatever Deno.exitCode holds, `unload` first) from a timer queued once the
// current microtasks have run, as Deno does it.
const { setTimeout: queueTimer } = globalThis;
let closing = false;
function windowClose() {
  if (closing) return;
  closing = true;
  Promise.resolve().then(() => queueTimer(() => Deno.exit(0), 0));
}
Object.defineProperty(globalThis, "close", { value: windowClose, writable: true, enumerable: true, configurable: true });
Object.defineProperty(globalThis, "closed", {
  get() { return closing; },
  set(value) {},
  enumerable: true,
  configurable: true,
});
