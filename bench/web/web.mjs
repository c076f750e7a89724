// Web API micro-benchmarks of issue 4 point 9 (seeds 000 and 003), one plain
// program that runs unchanged on toolchain, Deno, Bun and Node:
//   <runtime> web.mjs [case or substring …]   (toolchain/deno need -A for the local server)
//   <runtime> web.mjs --list                   (the case names)
// prints one line per case, "<case>\t<wall ns/iter>\t<CPU ns/iter>", each the
// median of SAMPLES timed batches (each at least BATCH_MS of wall time) after
// WARMUP_MS of warm-up. The CPU time is that of all the process's threads
// (from /proc/self/task/*/schedstat, so Linux only): on a loaded machine the
// wall time mostly measures the scheduler, above all for V8's garbage
// collector, whose main thread waits for its helper threads; CPU time counts
// the work, helpers included, and not the waiting. Reading it costs ~0.1 ms,
// under 1% of a batch.
//
// Why plain timed loops rather than Deno.bench files: the loop around the case
// is the same JavaScript on every runtime, so the figures compare the APIs and
// not two harnesses (`deno bench` and `toolchain bench` differ in per-iteration
// overhead, and Node/Bun have no Deno.bench). Batches of many iterations make
// the clock's cost and resolution negligible; asynchronous cases are awaited
// one after another, as Deno.bench does with an async function.
const args = globalThis.Deno?.args ?? globalThis.process?.argv.slice(2) ?? [];
const env = (name, fallback) =>
  Number((globalThis.Deno ? Deno.env.get(name) : globalThis.process?.env[name]) ?? fallback);
const SAMPLES = env("SAMPLES", 11), BATCH_MS = env("BATCH_MS", 20), WARMUP_MS = env("WARMUP_MS", 1000);

// STREAMS_MODULE=/abs/path.mjs: take ReadableStream, WritableStream and
// TransformStream from that module (engine.sh runs the same JavaScript
// streams, web-streams-polyfill, on every runtime to compare the engines).
const streamsModule = globalThis.Deno ? Deno.env.get("STREAMS_MODULE") : globalThis.process?.env.STREAMS_MODULE;
if (streamsModule) {
  const m = await import(`file://${streamsModule}`);
  Object.assign(globalThis, { ReadableStream: m.ReadableStream, WritableStream: m.WritableStream,
    TransformStream: m.TransformStream });
}

let readText, listDir;
if (globalThis.Deno) {
  readText = (path) => Deno.readTextFileSync(path);
  listDir = (path) => Array.from(Deno.readDirSync(path), (entry) => entry.name);
} else {
  const fs = await import("node:fs");
  readText = (path) => fs.readFileSync(path, "utf8");
  listDir = (path) => fs.readdirSync(path);
}
// Nanoseconds of CPU the process's threads have used (a thread's schedstat
// starts with its time on a CPU).
function cpuNow() {
  let total = 0;
  for (const task of listDir("/proc/self/task")) {
    try {
      total += Number(readText(`/proc/self/task/${task}/schedstat`).split(" ")[0]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return total;
}

// The five request headers of seed 000's wrk run.
const fiveHeaders = { "X-Deno": "true", "Accept": "application/json", "X-Foo": "bar", "User-Agent": "wrk",
  "Accept-Encoding": "gzip, br" };

// A response fetched from a local server (Deno.serve where there is one, node:http
// otherwise) answering with the five headers; its headers are immutable.
async function fetchedResponse() {
  const handler = () => new Response("ok", { headers: fiveHeaders });
  let port, close;
  if (typeof globalThis.Deno?.serve === "function") {
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
    port = server.addr.port;
    close = () => server.shutdown();
  } else {
    const http = await import("node:http");
    const server = http.createServer((req, res) => { res.writeHead(200, fiveHeaders); res.end("ok"); });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = server.address().port;
    close = () => new Promise((resolve) => server.close(resolve));
  }
  const response = await fetch(`http://127.0.0.1:${port}/`);
  await response.text();
  await close();
  return response;
}

function chunkSource(count, bytes) {
  return {
    type: bytes ? "bytes" : undefined,
    start(controller) {
      for (let i = 0; i < count; i++) controller.enqueue(bytes ? new Uint8Array(16) : i);
      controller.close();
    },
  };
}
async function readAll(count, bytes) {
  const reader = new ReadableStream(chunkSource(count, bytes)).getReader();
  let n = 0;
  for (;;) {
    const { done } = await reader.read();
    if (done) return n;
    n++;
  }
}
async function iterateAll(count, bytes) {
  let n = 0;
  for await (const _ of new ReadableStream(chunkSource(count, bytes))) n++;
  return n;
}

let response;   // made only when its case runs
const headers = new Headers(fiveHeaders);
const encoder = new TextEncoder();
const kib = "abcdefghijklmnopqrstuvwxyz012345".repeat(32);

// [name, function, async?, setup?]
const cases = [
  ["[...headers] of a fetched response", () => [...response.headers], false,
    async () => { response = await fetchedResponse(); }],
  ["new Headers({5 entries})", () => new Headers(fiveHeaders)],
  ["headers.get", () => headers.get("accept-encoding")],
  ["new Request(url)", () => new Request("https://deno.land/std/http/server.ts")],
  ['new Response("ok")', () => new Response("ok")],
  ["new URL(…)", () => new URL("https://user:pw@example.com:8080/a/b/../c?q=1&r=2#frag")],
  ["TextEncoder.encode 1 KiB", () => encoder.encode(kib)],
  ["ReadableStream constructor", () => new ReadableStream()],
  ["WritableStream constructor", () => new WritableStream()],
  ["TransformStream constructor", () => new TransformStream()],
  ["ReadableStream reader (2 chunks)", () => readAll(2, false), true],
  ["ReadableStream reader (20 chunks)", () => readAll(20, false), true],
  ["ReadableStream iterator (2 chunks)", () => iterateAll(2, false), true],
  ["ReadableStream iterator (20 chunks)", () => iterateAll(20, false), true],
  ["byte stream reader (2 chunks)", () => readAll(2, true), true],
  ["byte stream reader (20 chunks)", () => readAll(20, true), true],
  ["byte stream iterator (2 chunks)", () => iterateAll(2, true), true],
  ["byte stream iterator (20 chunks)", () => iterateAll(20, true), true],
];

let sink;
// Synchronous cases run in groups of GROUP with an await between groups, which
// lets the microtasks they queue run (stream constructors queue their start
// reactions): a program never makes thousands of streams without yielding, and
// without it the figure measures the promotion of that backlog by the GC.
const GROUP = 64;
async function batchSync(fn, n) {
  for (let i = 0; i < n; i += GROUP) {
    for (let j = 0; j < GROUP; j++) sink = fn();
    await undefined;
  }
}
async function batchAsync(fn, n) {
  for (let i = 0; i < n; i++) sink = await fn();
}

const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];

// → [wall ns/iter, CPU ns/iter]
async function measure(fn, isAsync) {
  const batch = isAsync ? batchAsync : batchSync;
  let n = GROUP;
  const warmupEnd = performance.now() + WARMUP_MS;
  // Grow the batch until it lasts BATCH_MS, and keep running until warm-up ends.
  for (;;) {
    const start = performance.now();
    await batch(fn, n);
    if (performance.now() - start < BATCH_MS) n *= 2;
    else if (performance.now() >= warmupEnd) break;
  }
  const wall = [], cpu = [];
  for (let s = 0; s < SAMPLES; s++) {
    const cpuStart = cpuNow(), start = performance.now();
    await batch(fn, n);
    const ms = performance.now() - start;
    cpu.push((cpuNow() - cpuStart) / n);
    wall.push(ms * 1e6 / n);
  }
  return [median(wall), median(cpu)];
}

// An argument names a case exactly, or else selects the cases whose names contain it.
const names = cases.map(([name]) => name);
const selects = (name) => args.some((a) => a === name || (!names.includes(a) && name.includes(a)));
const chosen = args[0] === "--list" ? [] : args.length === 0 ? cases : cases.filter(([name]) => selects(name));
if (args[0] === "--list") for (const [name] of cases) console.log(name);
for (const [name, fn, isAsync = false, setup] of chosen) {
  if (setup) await setup();
  const [wall, cpu] = await measure(fn, isAsync);
  console.log(`${name}\t${wall.toFixed(1)}\t${cpu.toFixed(1)}`);
}
if (sink === Symbol.for("never")) console.log(sink);
