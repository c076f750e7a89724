// TextEncoderStream and TextDecoderStream: surrogate pairs split across
// chunks, multi-byte sequences split across chunks, fatal decoding, bad chunks.
const log = (...args) => console.log(...args);
async function run(ts, chunks) {
  const writer = ts.writable.getWriter();
  const written = Promise.all(chunks.map((c) => writer.write(c))).then(() => writer.close()).catch((e) => log("write:", `${e.name}: ${e.message}`));
  const out = [];
  try {
    for await (const c of ts.readable) out.push(c);
  } catch (e) {
    out.push(`${e.name}: ${e.message}`);
  }
  await written;
  return out;
}

const enc = new TextEncoderStream();
log(enc, Object.keys(TextEncoderStream.prototype));
log(await run(enc, ["a\ud83d", "\ude00b", 1, "\ud800"]));
log(await run(new TextEncoderStream(), ["\ud83d", "", "\ude00", "\udc00x"]));

const dec = new TextDecoderStream();
log(dec, Object.keys(TextDecoderStream.prototype));
log(await run(dec, [new Uint8Array([0xe2, 0x82]), new Uint8Array([0xac, 0x41]), new Uint8Array([0xe2])]));
log(await run(new TextDecoderStream("utf-16le"), [new Uint8Array([0x41, 0x00, 0x3d]), new Uint8Array([0xd8, 0x00, 0xde])]));
const fatal = new TextDecoderStream("utf-8", { fatal: true, ignoreBOM: true });
log(fatal.encoding, fatal.fatal, fatal.ignoreBOM);
log(await run(fatal, [new Uint8Array([0xff])]));
log(await run(new TextDecoderStream(), ["not bytes"]));
log(await run(new TextDecoderStream(), [new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]).buffer]));
try {
  new TextDecoderStream("no-such-encoding");
} catch (e) {
  log(`${e.name}: ${e.message}`);
}

// Piping text through both.
const out = ReadableStream.from(["héllo ", "wörld ", "😀"])
  .pipeThrough(new TextEncoderStream())
  .pipeThrough(new TextDecoderStream());
const parts = [];
for await (const s of out) parts.push(s);
log(parts.join(""));
