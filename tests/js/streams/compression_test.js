// CompressionStream and DecompressionStream: the compressed bytes are Deno's
// for the same short input, round trips give the input back, bad input is a
// TypeError. (Deno's encoder is miniz_oxide, ours zlib: on long inputs both
// make valid streams of slightly different bytes, so only round trips are compared.)
import { inspected, Shown } from "../shown.ts";

Deno.test("CompressionStream and DecompressionStream: the compressed bytes are Deno's for the same short input, round trips give the input back, bad input is a TypeError", async () => {
  const shown = new Shown();
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
    shown.at(1, [format, "small", c1.chunks, Array.from(c1.out).join(",")], ["gzip", "small", 2, "31,139,8,0,0,0,0,0,0,255,202,72,205,201,201,87,200,64,34,203,243,139,114,82,0,0,0,0,255,255,3,0,38,230,90,129,23,0,0,0"], ["deflate", "small", 2, "120,156,202,72,205,201,201,87,200,64,34,203,243,139,114,82,0,0,0,0,255,255,3,0,104,125,8,197"], ["deflate-raw", "small", 2, "202,72,205,201,201,87,200,64,34,203,243,139,114,82,0,0,0,0,255,255,3,0"]);
    const d1 = await through([c1.out], new DecompressionStream(format));
    shown.at(2, [format, "round trip", String.fromCharCode(...d1.out)], ["gzip", "round trip", "hello hello hello world"], ["deflate", "round trip", "hello hello hello world"], ["deflate-raw", "round trip", "hello hello hello world"]);

    const c2 = await through(pieces, new CompressionStream(format));
    shown.at(3, [format, "large", c2.chunks, c2.out.length < large.length / 5], ["gzip", "large", 4, true], ["deflate", "large", 4, true], ["deflate-raw", "large", 4, true]);
    // Decompress in awkward pieces: one byte, then the rest in 3 parts.
    const o = c2.out;
    const third = Math.floor(o.length / 3);
    const d2 = await through([o.subarray(0, 1), o.subarray(1, third), o.subarray(third, 2 * third), o.subarray(2 * third)],
      new DecompressionStream(format));
    shown.at(4, [format, "large round trip", digest(d2.out) === digest(large)], ["gzip", "large round trip", true], ["deflate", "large round trip", true], ["deflate-raw", "large round trip", true]);

    const empty = await through([], new CompressionStream(format));
    shown.at(5, [format, "empty", Array.from(empty.out).join(",")], ["gzip", "empty", "31,139,8,0,0,0,0,0,0,255,3,0,0,0,0,0,0,0,0,0"], ["deflate", "empty", "120,156,3,0,0,0,0,1"], ["deflate-raw", "empty", "3,0"]);
    const d3 = await through([new Uint8Array(0), empty.out], new DecompressionStream(format));
    shown.at(6, [format, "empty round trip", d3.out.length], ["gzip", "empty round trip", 0], ["deflate", "empty round trip", 0], ["deflate-raw", "empty round trip", 0]);

    const ab = await through([small.buffer, new DataView(small.buffer, 0, 5)], new CompressionStream(format));
    shown.at(7, [format, "ArrayBuffer and DataView chunks", digest(ab.out)], ["gzip", "ArrayBuffer and DataView chunks", "48:13db70ce"], ["deflate", "ArrayBuffer and DataView chunks", "36:27f4ecad"], ["deflate-raw", "ArrayBuffer and DataView chunks", "30:b99597a1"]);

    const junk = new Uint8Array([...c1.out, 1, 2, 3]);
    shown.at(8, [format, "junk", await through([junk], new DecompressionStream(format)).catch((e) => `${e.name}: ${e.message}`)], ["gzip", "junk", "TypeError: failed to write whole buffer"], ["deflate", "junk", "TypeError: failed to write whole buffer"], ["deflate-raw", "junk", "TypeError: failed to write whole buffer"]);
    shown.at(9, [format, "garbage", await through([bytes("this is not compressed data")], new DecompressionStream(format))
      .catch((e) => `${e.name}: ${e.message}`)], ["gzip", "garbage", "TypeError: invalid gzip header"], ["deflate", "garbage", "TypeError: corrupt deflate stream"], ["deflate-raw", "garbage", "TypeError: corrupt deflate stream"]);
  }

  const gz = (await through([small], new CompressionStream("gzip"))).out;
  shown.at(10, ["truncated gzip", await through([gz.subarray(0, gz.length - 4)], new DecompressionStream("gzip")).catch((e) => `${e.name}: ${e.message}`)], ["truncated gzip", "TypeError: corrupt gzip stream does not have a matching checksum"]);
  const flipped = gz.slice();
  flipped[flipped.length - 6] ^= 0xff;
  shown.at(11, ["bad checksum", await through([flipped], new DecompressionStream("gzip")).catch((e) => `${e.name}: ${e.message}`)], ["bad checksum", "TypeError: corrupt gzip stream does not have a matching checksum"]);

  for (const bad of [() => new CompressionStream("br"), () => new DecompressionStream(), () => new CompressionStream(),
    () => CompressionStream("gzip"), () => new DecompressionStream("GZIP")]) {
    try {
      bad();
    } catch (e) {
      shown.at(12, [`${e.name}: ${e.message}`], ["TypeError: Failed to construct 'CompressionStream': The provided value 'br' is not a valid enum value of type CompressionFormat"], ["TypeError: Failed to construct 'DecompressionStream': 1 argument required, but only 0 present"], ["TypeError: Failed to construct 'CompressionStream': 1 argument required, but only 0 present"], ["TypeError: Class constructor CompressionStream cannot be invoked without 'new'"], ["TypeError: Failed to construct 'DecompressionStream': The provided value 'GZIP' is not a valid enum value of type CompressionFormat"]);
    }
  }
  shown.at(13, [await through(["text"], new CompressionStream("gzip")).catch((e) => `${e.name}: ${e.message}`)], ["TypeError: Failed to construct 'CompressionStream': chunk is not an ArrayBuffer or a view on one"]);
  shown.at(14, [await through([42], new DecompressionStream("deflate")).catch((e) => `${e.name}: ${e.message}`)], ["TypeError: Failed to construct 'DecompressionStream': chunk is not an ArrayBuffer or a view on one"]);
  const cs = new CompressionStream("deflate");
  shown.at(15, [cs, Object.prototype.toString.call(cs), cs instanceof TransformStream], [inspected("CompressionStream {\n  readable: ReadableStream {\n    locked: false,\n    state: \"readable\",\n    supportsBYOB: false\n  },\n  writable: WritableStream { locked: false }\n}"), "[object CompressionStream]", false]);
  try {
    Object.getOwnPropertyDescriptor(CompressionStream.prototype, "readable").get.call({});
  } catch (e) {
    shown.at(16, [`${e.name}: ${e.message}`], ["TypeError: Illegal invocation"]);
  }

  // Cancelling and aborting release the zlib stream; writes after that fail.
  {
    const ds = new DecompressionStream("gzip");
    const writer = ds.writable.getWriter();
    await ds.readable.cancel("stop");
    shown.at(17, [await writer.write(gz).catch((e) => `write after cancel: ${e}`)], ["write after cancel: stop"]);
    const cs2 = new CompressionStream("gzip");
    await cs2.writable.abort("abort");
    shown.at(18, [await cs2.readable.getReader().read().catch((e) => `read after abort: ${e}`)], ["read after abort: abort"]);
  }
  shown.done([1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12, 12, 12, 12, 13, 14, 15, 16, 17, 18]);
});
