// Where the time of web.mjs's `ReadableStream reader (20 chunks)` goes: in
// one process, three loops timed in turn (25 batches of 20,000 iterations
// each; min, first quartile and median ns per iteration):
//   full   the case itself: a stream whose start enqueues 20 numbers and
//          closes, read to the end with `await reader.read()`
//   floor  the same loop awaiting `Promise.resolve({ value, done })` instead
//          of a read: the engine's 21 awaits and 21 result promises, no stream
//   sync   the stream work without the awaits (construction, getReader, 20
//          enqueues, close, 21 reads whose promises are dropped)
//   <runtime> reader_parts.mjs [full|floor|sync …]   (toolchain/deno: `run -A`)
// full - floor is what the streams code costs inside the awaited loop.
function chunkSource(count) {
  return { start(controller) { for (let i = 0; i < count; i++) controller.enqueue(i); controller.close(); } };
}
async function readAll(count) {
  const reader = new ReadableStream(chunkSource(count)).getReader();
  let n = 0;
  for (;;) {
    const { done } = await reader.read();
    if (done) return n;
    n++;
  }
}
async function floor(count) {
  let n = 0;
  for (let i = 0; ; i++) {
    const { done } = await Promise.resolve({ value: i, done: i === count });
    if (done) return n;
    n++;
  }
}
function readSync(count) {
  const reader = new ReadableStream(chunkSource(count)).getReader();
  let p;
  for (let i = 0; i <= count; i++) p = reader.read();
  return p;
}
const variants = {
  full: async (n) => { for (let i = 0; i < n; i++) await readAll(20); },
  floor: async (n) => { for (let i = 0; i < n; i++) await floor(20); },
  // Yields every 64 streams so their settled promises do not pile up.
  sync: async (n) => { for (let i = 0; i < n; i++) { readSync(20); if ((i & 63) === 0) await undefined; } },
};
const args = globalThis.Deno?.args ?? globalThis.process?.argv.slice(2) ?? [];
const names = args.length ? args : Object.keys(variants);
const N = 20000, times = {};
for (const name of names) {
  await variants[name](N * 5);   // warm-up
  times[name] = [];
}
for (let round = 0; round < 25; round++) {
  for (const name of names) {
    const t0 = performance.now();
    await variants[name](N);
    times[name].push((performance.now() - t0) * 1e6 / N);
  }
}
for (const name of names) {
  const s = times[name].sort((a, b) => a - b);
  console.log(`${name}\tmin ${s[0].toFixed(0)}\tp25 ${s[6].toFixed(0)}\tmedian ${s[12].toFixed(0)}`);
}
