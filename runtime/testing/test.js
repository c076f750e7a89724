// Deno.test and t.step: registration, and the runner the test tool starts once
// the module is evaluated (internals.toolEntries.test). Each test's progress
// goes to the tool as JSON events through op_tool_event; the tool prints them
// (tools/test/). Under `toolchain run` Deno.test does nothing, as in Deno.
const { ops } = core;

const tests = [];
let nextId = 1;
let running = false;
let current = null;            // the innermost test or step running now, for output events

function isTesting() {
  return ops.op_tool_mode() === "test";
}

function emit(event) {
  return ops.op_tool_event(JSON.stringify(event));
}

// Where Deno.test (or t.step) was called: the caller's frame, skipping `above`.
function callerLocation(above) {
  const holder = {};
  const prepare = Error.prepareStackTrace;
  Error.prepareStackTrace = (_, frames) => frames;
  try {
    Error.captureStackTrace(holder, above);
    const frame = holder.stack?.[0];
    if (!frame) return { fileName: "", lineNumber: 0, columnNumber: 0 };
    return { fileName: frame.getFileName() ?? "", lineNumber: frame.getLineNumber(), columnNumber: frame.getColumnNumber() };
  } finally {
    Error.prepareStackTrace = prepare;
  }
}

// The signatures of Deno.test (and of t.step), normalised to one definition:
// (name, fn), (name, options, fn), (namedFn), (options), (options, fn).
function normalise(kind, args) {
  const [first, second, third] = args;
  const api = kind === "test" ? "Deno.test()" : "t.step()";
  let def;
  if (typeof first === "string") {
    if (first === "") throw new TypeError(`The ${kind} name can't be empty`);
    if (typeof second === "function") {
      if (third !== undefined) throw new TypeError(`Unexpected third argument to ${api}`);
      def = { fn: second, name: first };
    } else if (second !== null && typeof second === "object") {
      if (typeof third !== "function") throw new TypeError(`Missing ${kind} function`);
      if ("fn" in second) {
        throw new TypeError(`Unexpected 'fn' field in options, ${kind} function is already provided as the third argument`);
      }
      if ("name" in second) {
        throw new TypeError(`Unexpected 'name' field in options, ${kind} name is already provided as the first argument`);
      }
      def = { ...second, fn: third, name: first };
    } else {
      throw new TypeError(`Missing ${kind} function`);
    }
  } else if (typeof first === "function") {
    if (second !== undefined) throw new TypeError(`Unexpected second argument to ${api}`);
    if (!first.name) throw new TypeError(`The ${kind} function must have a name`);
    def = { fn: first, name: first.name };
  } else if (first !== null && typeof first === "object") {
    if (typeof second === "function") {
      if (third !== undefined) throw new TypeError(`Unexpected third argument to ${api}`);
      if ("fn" in first) {
        throw new TypeError(`Unexpected 'fn' field in options, ${kind} function is already provided as the second argument`);
      }
      def = { ...first, fn: second, name: first.name ?? second.name };
    } else {
      if (typeof first.fn !== "function") throw new TypeError(`Missing ${kind} function`);
      if (second !== undefined) throw new TypeError(`Unexpected second argument to ${api}`);
      def = { ...first, name: first.name ?? first.fn.name };
    }
    if (!def.name) throw new TypeError(`The ${kind} name can't be empty`);
  } else {
    throw new TypeError(`The ${kind} name can't be empty`);
  }
  def.name = String(def.name);
  def.ignore = Boolean(def.ignore);
  def.only = Boolean(def.only);
  return def;
}

function test(...args) {
  if (!isTesting()) return;
  if (running) throw new Error("Nested Deno.test() calls are not supported; use t.step() instead");
  const def = normalise("test", args);
  def.location = callerLocation(test);
  def.id = nextId++;
  // Deno 2: the op and resource sanitizers are opt-in; the exit sanitizer is on.
  def.sanitizeOps = def.sanitizeOps ?? false;
  def.sanitizeResources = def.sanitizeResources ?? false;
  def.sanitizeExit = def.sanitizeExit ?? true;
  tests.push(def);
}

// --- Errors ------------------------------------------------------------------

// Frames of built-ins (names without a URL scheme) mean nothing to the author.
function isInternalFrame(line) {
  const match = /^\s+at (?:.*\((.*)\)|(.*))$/.exec(line);
  if (!match) return false;
  const where = match[1] ?? match[2];
  return !/^(file|https?|data|npm|jsr|node|blob):/.test(where) && where !== "<anonymous>";
}

function formatError(error) {
  let text;
  try {
    text = internals.formatError(error, {
      colors: false,
      cwd: ops.op_cwd(),
      getSourceLine: (url, line) => ops.op_source_line(url, line) ?? undefined,
    });
  } catch {
    text = String(error);
  }
  const lines = text.split("\n");
  // Drop the trailing internal frames (the runner below the test) as Deno does.
  while (lines.length > 1 && isInternalFrame(lines[lines.length - 1])) lines.pop();
  return lines.filter((line) => !isInternalFrame(line)).join("\n");
}

// A test's `permissions` ("none" or { read: true, env: ["HOME"], … }) as the
// CLI flags of the grants; kinds left out are not granted, as in Deno.
const permissionKinds = ["read", "write", "net", "env", "run", "sys", "ffi", "import"];
function permissionFlags(permissions) {
  if (permissions === "none") return [];
  if (permissions === null || typeof permissions !== "object") {
    throw new TypeError(`Invalid permissions value: ${String(permissions)}`);
  }
  const flags = [];
  for (const kind of permissionKinds) {
    const value = permissions[kind];
    if (value === undefined || value === false || value === "none") continue;
    if (value === true || value === "inherit") flags.push(`--allow-${kind}`);
    else if (Array.isArray(value)) {
      const items = value.map((v) => (v !== null && typeof v === "object" && typeof v.href === "string" ? internals.pathFromFileUrl(v) : String(v)));
      if (items.length > 0) flags.push(`--allow-${kind}=${items.join(",")}`);
    } else throw new TypeError(`Invalid permission value for "${kind}": ${String(value)}`);
  }
  return flags;
}

// --- Sanitizers --------------------------------------------------------------

const exitSanitizer = {
  depth: 0,
  install() {
    if (this.depth++ > 0) return;
    const exit = ops.op_exit;
    this.saved = exit;
    ops.op_exit = (code) => {
      const error = new Error(`Test case attempted to exit with exit code: ${code}`);
      // The stack starts at the caller of Deno.exit, so the excerpt shows that line.
      Error.captureStackTrace(error, globalThis.Deno.exit);
      throw error;
    };
  },
  remove() {
    if (--this.depth > 0) return;
    ops.op_exit = this.saved;
  },
};

// The leak sanitizers (sanitizeOps: timers, intervals and async ops still
// pending when the test ends; sanitizeResources: resources opened and not
// closed, or closed and not opened, during the test), in Deno's words. With --trace-leaks each leak says where it started.
function startedHere(stack) {
  if (!stack) return "";
  const frames = stack.split("\n").filter((line) => /^\s+at /.test(line) && !isInternalFrame(line));
  return frames.length ? " The operation was started here:\n" + frames.join("\n") : "";
}

function timerLeak(kind, leaked, trace) {
  const [one, many, clear] = kind === "timer"
    ? ["A timer was", "timers were", "clearTimeout"]
    : ["An interval was", "intervals were", "clearInterval"];
  const hint = `This is often caused by not calling \`${clear}\`.`;
  if (trace) {
    return leaked.map((t) => `  - ${one} started in this test, but never completed. ${hint}${startedHere(t.stack)}`);
  }
  if (leaked.length === 0) return [];
  const who = leaked.length === 1 ? one : `${leaked.length} ${many}`;
  return [`  - ${who} started in this test, but never completed. ${hint}`];
}

// Async ops Deno names in its leak messages: [what it does, how it is usually left].
const opDetails = {
  op_fs_read_file_async: ["read a file", "awaiting the result of a `Deno.readFile` call"],
  op_fs_read_file_text_async: ["read a text file", "awaiting the result of a `Deno.readTextFile` call"],
  op_fs_write_file_async: ["write a file", "awaiting the result of a `Deno.writeFile` call"],
  op_fs_stat_async: ["get file metadata", "awaiting the result of a `Deno.stat` call"],
  op_fs_read_dir_async: ["read a directory", "iterating over the result of a `Deno.readDir` call"],
  op_fs_mkdir_async: ["create a directory", "awaiting the result of a `Deno.mkdir` call"],
  op_fs_remove_async: ["remove a file or directory", "awaiting the result of a `Deno.remove` call"],
  op_fs_rename_async: ["rename a file or directory", "awaiting the result of a `Deno.rename` call"],
  op_fs_copy_file_async: ["copy a file", "awaiting the result of a `Deno.copyFile` call"],
  op_fs_open_async: ["open a file", "awaiting the result of a `Deno.open` call"],
  op_fs_seek_async: ["seek in a file", "awaiting the result of a `Deno.FsFile.prototype.seek` call"],
  op_fs_file_stat_async: ["get file metadata", "awaiting the result of a `Deno.FsFile.prototype.stat` call"],
  op_fs_fsync_async: ["flush pending data operations for a file to disk", "awaiting the result of a `Deno.FsFile.sync` call"],
  op_fs_fdatasync_async: ["flush pending data operations for a file to disk", "awaiting the result of a `Deno.FsFile.prototype.syncData` call"],
  op_fs_ftruncate_async: ["truncate a file", "awaiting the result of a `Deno.FsFile.prototype.truncate` call"],
  op_fs_flock_async: ["lock a file", "awaiting the result of a `Deno.FsFile.lock` call"],
  op_fs_funlock_async: ["unlock a file", "awaiting the result of a `Deno.FsFile.unlock` call"],
};

function opsInFlight() {
  return JSON.parse(ops.op_test_ops_in_flight()).filter((op) => op.name !== "op_tool_tick");
}

function opLeak(name, leaked, trace) {
  const details = opDetails[name];
  const one = details ? `An async operation to ${details[0]} was` : `An async call to ${name} was`;
  const many = details ? `async operations to ${details[0]} were` : `async calls to ${name} were`;
  const hint = details ? ` This is often caused by not ${details[1]}.` : "";
  if (trace) {
    return leaked.map((op) => `  - ${one} started in this test, but never completed.${hint}${startedHere(op.stack)}`);
  }
  const who = leaked.length === 1 ? one : `${leaked.length} ${many}`;
  return [`  - ${who} started in this test, but never completed.${hint}`];
}

// Resources (Deno's names, core/resources.h): what a leak is called, the two
// verbs of its message and the hint, as Deno 2.9.6 words them. A name not
// listed is quoted with a generic hint, as Deno does.
const resourceWords = {
  fsFile: ["A file", "opened", "closed", "Close the file handle by calling `file.close()`."],
  fetchRequest: ["A fetch request", "started", "finished", "Await the promise returned from `fetch()` or abort the fetch with an abort signal."],
  fetchRequestBody: ["A fetch request body", "created", "closed", "Terminate the request body `ReadableStream` by closing or erroring it."],
  fetchResponse: ["A fetch response body", "created", "consumed", "Consume or close the response body `ReadableStream`, e.g `await resp.text()` or `await resp.body.cancel()`."],
  httpClient: ["An HTTP client", "created", "closed", "Close the HTTP client by calling `httpClient.close()`."],
  tcpListener: ["A TCP listener", "opened", "closed", "Close the TCP listener by calling `tcpListener.close()`."],
  tcpStream: ["A TCP connection", "opened/accepted", "closed", "Close the TCP connection by calling `tcpConn.close()`."],
  compression: ["A CompressionStream", "created", "closed", "Close the compression stream by calling `await stream.writable.close()`."],
};
function resourcesNow() {
  return new Map(ops.op_resources());
}

function resourceLeaks(before, after) {
  const lines = new Set();
  const words = (name) => resourceWords[name] ?? [`"${name}"`, "created", "cleaned up", "Close the resource before the end of the test."];
  for (const [rid, name] of after) {
    if (before.has(rid)) continue;
    const [what, made, ended, hint] = words(name);
    lines.add(`  - ${what} was ${made} during the test, but not ${ended} during the test. ${hint}`);
  }
  for (const [rid, name] of before) {
    if (after.has(rid)) continue;
    const [what, made, ended] = words(name);
    lines.add(`  - ${what} was ${made} before the test started, but was ${ended} during the test. Do not close resources in a test that were not created during that test.`);
  }
  return [...lines];
}

function sameResources(a, b) {
  if (a.size !== b.size) return false;
  for (const rid of a.keys()) if (!b.has(rid)) return false;
  return true;
}

const sanitizers = {
  trace: false,
  snapshot() {
    return {
      timers: new Set(internals.timers.active().map((t) => t.id)),
      ops: new Set(opsInFlight().map((op) => op.id)),
      resources: resourcesNow(),
    };
  },
  async check(before, desc) {
    if (!desc.sanitizeOps && !desc.sanitizeResources) return null;
    // Ops about to settle and resources about to close get a few turns of the
    // loop, as in Deno.
    const newOps = () => (desc.sanitizeOps ? opsInFlight().filter((op) => !before.ops.has(op.id)) : []);
    const changed = (resources) => desc.sanitizeResources && !sameResources(resources, before.resources);
    let leakedOps = newOps();
    let resources = resourcesNow();
    for (let turn = 0; turn < 4 && (leakedOps.length > 0 || changed(resources)); turn++) {
      await ops.op_tool_tick();
      leakedOps = newOps();
      resources = resourcesNow();
    }
    const lines = desc.sanitizeResources ? resourceLeaks(before.resources, resources) : [];
    let traceHint = false;
    if (desc.sanitizeOps) {
      const leaked = internals.timers.active().filter((t) => !before.timers.has(t.id));
      const byName = new Map();
      for (const op of leakedOps) byName.set(op.name, [...(byName.get(op.name) ?? []), op]);
      const opLines = [
        ...timerLeak("timer", leaked.filter((t) => !t.repeat), this.trace),
        ...timerLeak("interval", leaked.filter((t) => t.repeat), this.trace),
        ...[...byName].flatMap(([name, list]) => opLeak(name, list, this.trace)),
      ];
      traceHint = opLines.length > 0 && !this.trace;
      lines.push(...opLines);
    }
    if (lines.length === 0) return null;
    // Deno sorts the messages.
    lines.sort();
    let text = "Leaks detected:\n" + lines.join("\n");
    if (traceHint) text += "\nTo get more details where leaks occurred, run again with the --trace-leaks flag.";
    return text;
  },
};
internals.testSanitizers = sanitizers;

// --- Test context and steps --------------------------------------------------

class TestContext {
  #desc;
  constructor(desc) {
    this.#desc = desc;
  }
  get name() { return this.#desc.name; }
  get origin() { return this.#desc.origin; }
  get parent() { return this.#desc.parent?.context; }

  async step(...args) {
    const parent = this.#desc;
    if (parent.finished) {
      throw new Error(`Cannot run test step after parent scope has finished execution. Ensure any \`.step(...)\` calls are executed before their parent scope completes execution.`);
    }
    const def = normalise("step", args);
    const desc = {
      ...def,
      id: nextId++,
      origin: parent.origin,
      parent,
      level: parent.level + 1,
      location: callerLocation(TestContext.prototype.step),
      sanitizeOps: def.sanitizeOps ?? parent.sanitizeOps,
      sanitizeResources: def.sanitizeResources ?? parent.sanitizeResources,
      sanitizeExit: def.sanitizeExit ?? parent.sanitizeExit,
      steps: { passed: 0, failed: 0, ignored: 0, running: 0 },
    };
    emit({ type: "stepWait", id: desc.id, parent: parent.id, level: desc.level, name: desc.name, location: desc.location });
    if (desc.ignore) {
      parent.steps.ignored++;
      emit({ type: "stepResult", id: desc.id, result: "ignored", duration: 0 });
      return false;
    }
    parent.steps.running++;
    const result = await runBody(desc);
    parent.steps.running--;
    if (result === "ok") parent.steps.passed++;
    else parent.steps.failed++;
    emit({ type: "stepResult", id: desc.id, result, duration: desc.duration });
    return result === "ok";
  }
}

// Runs a test's or a step's function and returns "ok", { failed: text } or
// { failedSteps: n }. Three wrappers, each one concern, called synchronously so
// the function starts in the same turn (and a stack trace through nested steps
// has as many runner frames per level as Deno's, which V8's 10-frame limit makes
// visible): permissions and timing, the exit sanitizer, the leak sanitizers.
async function runBody(desc) {
  desc.context = new TestContext(desc);
  desc.steps ??= { passed: 0, failed: 0, ignored: 0, running: 0 };
  const outer = current;
  current = desc;
  const start = ops.op_bench_now();
  let error = null;
  try {
    await withPermissions(desc);
  } catch (e) {
    error = { failed: formatError(e) };
  }
  // A turn of the event loop, so a promise the test left rejected is reported
  // (and fails the file) before the test's result, as in Deno.
  if (desc.level === 0) await ops.op_tool_tick();
  desc.finished = true;
  if (error === null && desc.steps.running > 0) {
    error = { failed: "Error: There were still test steps running after the current scope finished execution. Ensure all steps are awaited (ex. `await t.step(...)`)." };
  }
  if (error === null && desc.leaks) error = { failed: desc.leaks };
  desc.duration = (ops.op_bench_now() - start) / 1e6;
  current = outer;
  if (error) return error;
  if (desc.steps.failed > 0) return { failedSteps: desc.steps.failed };
  return "ok";
}

async function withPermissions(desc) {
  if (desc.permissions === undefined || desc.permissions === "inherit") return withExitSanitizer(desc);
  ops.op_test_permissions_push(permissionFlags(desc.permissions));
  try {
    return await withExitSanitizer(desc);
  } finally {
    ops.op_test_permissions_pop();
  }
}

async function withExitSanitizer(desc) {
  if (!desc.sanitizeExit) return withLeakSanitizers(desc);
  exitSanitizer.install();
  try {
    return await withLeakSanitizers(desc);
  } finally {
    exitSanitizer.remove();
  }
}

async function withLeakSanitizers(desc) {
  const sanitizers = internals.testSanitizers;
  // As in Deno 2.9.6, leaks are checked for whole tests, not for single steps.
  const checking = desc.level === 0 && (desc.sanitizeOps || desc.sanitizeResources) && sanitizers;
  const before = checking ? sanitizers.snapshot() : null;
  const fn = desc.fn;
  await fn(desc.context);
  if (checking) desc.leaks = await sanitizers.check(before, desc);
}

// --- The runner --------------------------------------------------------------

function matchesFilter(name, filter) {
  if (filter === null || filter === undefined) return true;
  if (filter.length > 1 && filter.startsWith("/") && filter.endsWith("/")) {
    return new RegExp(filter.slice(1, -1)).test(name);
  }
  return name.includes(filter);
}

// The program's console output goes to the tool, which frames it under the
// test that printed it (id 0: before the tests, while the module loads). The
// mode is asked on first print: the snapshot is made before any program runs.
{
  const print = ops.op_print;
  let captured = null;
  ops.op_print = (text, toStderr) => {
    captured ??= isTesting();
    if (!captured) return print(text, toStderr);
    emit({ type: "output", id: current?.id ?? 0, text: String(text), stderr: Boolean(toStderr) });
  };
}

async function runTests(configText) {
  const config = JSON.parse(configText);
  sanitizers.trace = Boolean(config.traceLeaks);
  internals.traceTimers = sanitizers.trace;
  ops.op_test_trace_ops(sanitizers.trace);
  const origin = config.origin;
  const filtered = tests.filter((t) => matchesFilter(t.name, config.filter));
  const usedOnly = filtered.some((t) => t.only);
  const selected = usedOnly ? filtered.filter((t) => t.only) : filtered;
  emit({
    type: "plan",
    origin,
    filteredOut: tests.length - selected.length,
    usedOnly,
    tests: selected.map((t) => ({ id: t.id, name: t.name, location: t.location })),
  });
  running = true;
  {
    for (const t of selected) {
      t.origin = origin;
      t.level = 0;
      if (!emit({ type: "wait", id: t.id })) break;
      if (t.ignore) {
        if (!emit({ type: "result", id: t.id, result: "ignored", duration: 0 })) break;
        continue;
      }
      const result = await runBody(t);
      if (!emit({ type: "result", id: t.id, result, duration: t.duration })) break;
    }
  }
}

internals.toolEntries ??= {};
internals.toolEntries.test = runTests;
internals.formatTestError = formatError;
internals.testPermissionFlags = permissionFlags;

Object.defineProperty(globalThis.Deno, "test", { value: test, writable: true, enumerable: true, configurable: true });
