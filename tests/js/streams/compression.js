// CompressionStream and DecompressionStream: the compressed bytes are Deno's
// for the same short input, round trips give the input back, bad input is a
// TypeError. (Deno's encoder is miniz_oxide, ours zlib: on long inputs both
// make valid streams of slightly different bytes, so only round trips are compared.)
const log = (...args) => console.log(...args);
const bytes = (s) => Uint8Array.from(s, (c) => c.charCodeAt(0));
async function collect(readable) {
  const parts = [];
  for await (const c of readable) parts.push(c);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return { out, chunks: parts.length };
}
function through(chunks, transform) {
  return collect(ReadableStream.from(chunks).pipeThrough(transform));
}
// FNV-1a, to compare long outputs in one line.
function digest(data) {
  let h = 0x811c9dc5;
  for (const b of data) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return `${data.length}:${h.toString(16)}`;
}
// Deterministic text with some repetition.
function text(n) {
  const words = ["stream", "chunk", "deflate", "gzip", "reader", "writer", "pipe", "tee", "queue", "byob"];
  let seed = 42;
  let s = "";
  while (s.length < n) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    s += words[seed % words.length] + (seed % 7 === 0 ? ".\n" : " ");
  }
  return bytes(s.slice(0, n));
}

const formats = ["gzip", "deflate", "deflate-raw"];
const small = bytes("hello hello hello world");
const large = text(200000);
const pieces = [large.subarray(0, 1000), large.subarray(1000, 70000), large.subarray(70000)];

for (const format of formats) {
  const c1 = await through([small], new CompressionStream(format));
  log(format, "small", c1.chunks, Array.from(c1.out).join(","));
  const d1 = await through([c1.out], new DecompressionStream(format));
  log(format, "round trip", String.fromCharCode(...d1.out));

  const c2 = await through(pieces, new CompressionStream(format));
  log(format, "large", c2.chunks, c2.out.length < large.length / 5);
  // Decompress in awkward pieces: one byte, then the rest in 3 parts.
  const o = c2.out;
  const third = Math.floor(o.length / 3);
  const d2 = await through([o.subarray(0, 1), o.subarray(1, third), o.subarray(third, 2 * third), o.subarray(2 * third)],
    new DecompressionStream(format));
  log(format, "large round trip", digest(d2.out) === digest(large));

  const empty = await through([], new CompressionStream(format));
  log(format, "empty", Array.from(empty.out).join(","));
  const d3 = await through([new Uint8Array(0), empty.out], new DecompressionStream(format));
  log(format, "empty round trip", d3.out.length);

  const ab = await through([small.buffer, new DataView(small.buffer, 0, 5)], new CompressionStream(format));
  log(format, "ArrayBuffer and DataView chunks", digest(ab.out));

  const junk = new Uint8Array([...c1.out, 1, 2, 3]);
  log(format, "junk", await through([junk], new DecompressionStream(format)).catch((e) => `${e.name}: ${e.message}`));
  log(format, "garbage", await through([bytes("this is not compressed data")], new DecompressionStream(format))
    .catch((e) => `${e.name}: ${e.message}`));
}

const gz = (await through([small], new CompressionStream("gzip"))).out;
log("truncated gzip", await through([gz.subarray(0, gz.length - 4)], new DecompressionStream("gzip")).catch((e) => `${e.name}: ${e.message}`));
const flipped = gz.slice();
flipped[flipped.length - 6] ^= 0xff;
log("bad checksum", await through([flipped], new DecompressionStream("gzip")).catch((e) => `${e.name}: ${e.message}`));

for (const bad of [() => new CompressionStream("br"), () => new DecompressionStream(), () => new CompressionStream(),
  () => CompressionStream("gzip"), () => new DecompressionStream("GZIP")]) {
  try {
    bad();
  } catch (e) {
    log(`${e.name}: ${e.message}`);
  }
}
log(await through(["text"], new CompressionStream("gzip")).catch((e) => `${e.name}: ${e.message}`));
log(await through([42], new DecompressionStream("deflate")).catch((e) => `${e.name}: ${e.message}`));
const cs = new CompressionStream("deflate");
log(cs, Object.prototype.toString.call(cs), cs instanceof TransformStream);
try {
  Object.getOwnPropertyDescriptor(CompressionStream.prototype, "readable").get.call({});
} catch (e) {
  log(`${e.name}: ${e.message}`);
}

// Cancelling and aborting release the zlib stream; writes after that fail.
{
  const ds = new DecompressionStream("gzip");
  const writer = ds.writable.getWriter();
  await ds.readable.cancel("stop");
  log(await writer.write(gz).catch((e) => `write after cancel: ${e}`));
  const cs2 = new CompressionStream("gzip");
  await cs2.writable.abort("abort");
  log(await cs2.readable.getReader().read().catch((e) => `read after abort: ${e}`));
}
