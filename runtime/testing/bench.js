// Deno.bench: registration, and the measuring loop the bench tool starts once
// the module is evaluated (internals.toolEntries.bench). Results go to the tool
// as JSON events (tools/bench/ prints and stores them). Under `toolchain run`
// Deno.bench does nothing, as in Deno.
const { ops } = core;

const benches = [];
let nextBenchId = 1;

// The clock: monotonic nanoseconds through an op. Reading it costs tens of ns,
// so fast bodies are timed in batches (below) and the cost spreads over the batch.
const now = () => ops.op_bench_now();

function benchLocation() {
  const holder = {};
  const prepare = Error.prepareStackTrace;
  Error.prepareStackTrace = (_, frames) => frames;
  try {
    Error.captureStackTrace(holder, bench);
    return holder.stack?.[0]?.getFileName() ?? "";
  } finally {
    Error.prepareStackTrace = prepare;
  }
}

// The signatures of Deno.bench, as those of Deno.test: (name, fn),
// (name, options, fn), (namedFn), (options), (options, fn).
function normaliseBench(first, second, third) {
  let def;
  if (typeof first === "string") {
    if (first === "") throw new TypeError("The bench name can't be empty");
    if (typeof second === "function") {
      if (third !== undefined) throw new TypeError("Unexpected third argument to Deno.bench()");
      def = { fn: second, name: first };
    } else if (second !== null && typeof second === "object") {
      if (typeof third !== "function") throw new TypeError("Missing bench function");
      if ("fn" in second) {
        throw new TypeError("Unexpected 'fn' field in options, bench function is already provided as the third argument");
      }
      if ("name" in second) {
        throw new TypeError("Unexpected 'name' field in options, bench name is already provided as the first argument");
      }
      def = { ...second, fn: third, name: first };
    } else {
      throw new TypeError("Missing bench function");
    }
  } else if (typeof first === "function") {
    if (second !== undefined) throw new TypeError("Unexpected second argument to Deno.bench()");
    if (!first.name) throw new TypeError("The bench function must have a name");
    def = { fn: first, name: first.name };
  } else if (first !== null && typeof first === "object") {
    if (typeof second === "function") {
      if (third !== undefined) throw new TypeError("Unexpected third argument to Deno.bench()");
      if ("fn" in first) {
        throw new TypeError("Unexpected 'fn' field in options, bench function is already provided as the second argument");
      }
      def = { ...first, fn: second, name: first.name ?? second.name };
    } else {
      if (typeof first.fn !== "function") throw new TypeError("Missing bench function");
      if (second !== undefined) throw new TypeError("Unexpected second argument to Deno.bench()");
      def = { ...first, name: first.name ?? first.fn.name };
    }
    if (!def.name) throw new TypeError("The bench name can't be empty");
  } else {
    throw new TypeError("The bench name can't be empty");
  }
  if (def.n !== undefined && (!Number.isInteger(def.n) || def.n <= 0)) {
    throw new TypeError("Bench option 'n' must be a positive integer");
  }
  if (def.warmup !== undefined && (!Number.isInteger(def.warmup) || def.warmup < 0)) {
    throw new TypeError("Bench option 'warmup' must be a non-negative integer");
  }
  return {
    name: String(def.name),
    fn: def.fn,
    group: def.group === undefined || def.group === null ? null : String(def.group),
    baseline: Boolean(def.baseline),
    only: Boolean(def.only),
    ignore: Boolean(def.ignore),
    permissions: def.permissions,
    n: def.n,
    warmup: def.warmup,
  };
}

function bench(first, second, third) {
  if (ops.op_tool_mode() !== "bench") return;
  const def = normaliseBench(first, second, third);
  def.id = nextBenchId++;
  def.origin = benchLocation();
  benches.push(def);
}

// --- Measuring ---------------------------------------------------------------

// The context a bench function receives: b.start()/b.end() time one part of it.
class BenchContext {
  #name;
  #origin;
  constructor(name, origin) {
    this.#name = name;
    this.#origin = origin;
  }
  get name() { return this.#name; }
  get origin() { return this.#origin; }
}
Object.defineProperty(BenchContext.prototype, "start", {
  value() {
    if (this._started !== undefined) throw new TypeError("BenchContext::start() has already been invoked.");
    this._started = now();
  },
});
Object.defineProperty(BenchContext.prototype, "end", {
  value() {
    if (this._started === undefined) throw new TypeError("BenchContext::end() called before BenchContext::start().");
    if (this._ended !== undefined) throw new TypeError("BenchContext::end() has already been invoked.");
    this._ended = now();
  },
});

const kMinBatchNs = 20_000;        // a timed batch lasts at least this long
const kWarmupNs = 50_000_000;      // warm the function up this long (unless `warmup` says how often)
const kBudgetNs = 300_000_000;     // then sample this long
const kMaxSamples = 10_000;

function isAsync(fn) {
  return fn.constructor?.name === "AsyncFunction";
}

// Times one call with b.start()/b.end() (or around the call if it used neither).
async function timeExplicit(def, async) {
  const b = new BenchContext(def.name, def.origin);
  const t0 = now();
  const value = def.fn(b);
  if (async || value instanceof Promise) await value;
  const t1 = now();
  if (b._started !== undefined && b._ended === undefined) throw new TypeError("BenchContext::end() was not called.");
  const returnedPromise = value instanceof Promise;
  if (b._started !== undefined) return { ns: b._ended - b._started, explicit: true, async: returnedPromise };
  return { ns: t1 - t0, explicit: false, async: returnedPromise };
}

// `k` calls timed together; the per-call time is the batch's over k.
function timeBatchSync(fn, b, k) {
  const t0 = now();
  for (let i = 0; i < k; i++) fn(b);
  return (now() - t0) / k;
}
async function timeBatchAsync(fn, b, k) {
  const t0 = now();
  for (let i = 0; i < k; i++) await fn(b);
  return (now() - t0) / k;
}

async function measure(def) {
  const probe = await timeExplicit(def, isAsync(def.fn));
  const async = isAsync(def.fn) || probe.async === true;
  const samples = [];
  let explicit = probe.explicit;
  if (explicit || def.n !== undefined) {
    // One call per sample: b.start()/b.end() (or a fixed n) asks for each call.
    for (let i = 0; i < (def.warmup ?? (def.n !== undefined ? 0 : 50)); i++) await timeExplicit(def, async);
    const n = def.n ?? 0;
    const deadline = now() + kBudgetNs;
    while (def.n !== undefined ? samples.length < n : samples.length < kMaxSamples && now() < deadline) {
      const t = await timeExplicit(def, async);
      explicit = explicit || t.explicit;
      samples.push(t.ns);
    }
    return { samples, explicit };
  }
  const b = new BenchContext(def.name, def.origin);
  const fn = def.fn;
  const time = async ? (k) => timeBatchAsync(fn, b, k) : (k) => timeBatchSync(fn, b, k);
  // Warm up, growing the batch until one batch takes kMinBatchNs: the clock's
  // own cost then weighs under 1% of a sample.
  let k = 1;
  const warmEnd = now() + kWarmupNs;
  for (let i = 0; i < (def.warmup ?? Infinity) && now() < warmEnd; i++) {
    const perCall = await time(k);
    if (perCall * k < kMinBatchNs) k = Math.min(k * 2, 1 << 24);
  }
  const deadline = now() + kBudgetNs;
  while (samples.length < kMaxSamples && now() < deadline) samples.push(await time(k));
  return { samples, explicit: false };
}

function statistics(samples, explicit) {
  const sorted = Float64Array.from(samples).sort();
  const n = sorted.length;
  const at = (p) => sorted[Math.min(n - 1, Math.ceil(p * n) - 1)];
  let sum = 0;
  for (const s of sorted) sum += s;
  return {
    n,
    min: sorted[0],
    max: sorted[n - 1],
    avg: sum / n,
    p75: at(0.75),
    p99: at(0.99),
    p995: at(0.995),
    p999: at(0.999),
    highPrecision: false,
    usedExplicitTimers: explicit,
  };
}

async function runBench(def) {
  let pushed = false;
  try {
    if (def.permissions !== undefined && def.permissions !== "inherit") {
      ops.op_test_permissions_push(internals.testPermissionFlags(def.permissions));
      pushed = true;
    }
    const { samples, explicit } = await measure(def);
    return { ok: statistics(samples, explicit) };
  } catch (error) {
    return { failed: internals.formatTestError(error) };
  } finally {
    if (pushed) ops.op_test_permissions_pop();
  }
}

async function runBenches(configText) {
  const config = JSON.parse(configText);
  const filter = config.filter;
  const matches = (name) => {
    if (filter === null || filter === undefined) return true;
    if (filter.length > 1 && filter.startsWith("/") && filter.endsWith("/")) return new RegExp(filter.slice(1, -1)).test(name);
    return name.includes(filter);
  };
  const filtered = benches.filter((b) => matches(b.name));
  const usedOnly = filtered.some((b) => b.only);
  // Ungrouped benches first, then each group in the order it first appears (as Deno orders its table).
  const groups = [...new Set(benches.map((b) => b.group).filter((g) => g !== null))];
  const rank = (b) => (b.group === null ? -1 : groups.indexOf(b.group));
  const selected = (usedOnly ? filtered.filter((b) => b.only) : filtered)
    .map((b, i) => [b, i])
    .sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j)
    .map(([b]) => b);
  ops.op_tool_event(JSON.stringify({
    type: "plan",
    origin: config.origin,
    usedOnly,
    filteredOut: benches.length - selected.length,
    benches: selected.map((b) => ({ id: b.id, name: b.name, group: b.group, baseline: b.baseline, ignore: b.ignore })),
  }));
  for (const def of selected) {
    if (def.ignore) continue;
    ops.op_tool_event(JSON.stringify({ type: "wait", id: def.id }));
    const result = await runBench(def);
    if (!ops.op_tool_event(JSON.stringify({ type: "result", id: def.id, result }))) break;
  }
}

internals.toolEntries ??= {};
internals.toolEntries.bench = runBenches;

Object.defineProperty(globalThis.Deno, "bench", { value: bench, writable: true, enumerable: true, configurable: true });
