// TextEncoderStream and TextDecoderStream: surrogate pairs split across
// chunks, multi-byte sequences split across chunks, fatal decoding, bad chunks.
import { inspected, Shown } from "../shown.ts";

Deno.test("TextEncoderStream and TextDecoderStream: surrogate pairs split across chunks, multi-byte sequences split across chunks, fatal decoding, bad chunks", async () => {
  const shown = new Shown();
  async function run(ts, chunks) {
    const writer = ts.writable.getWriter();
    const written = Promise.all(chunks.map((c) => writer.write(c))).then(() => writer.close()).catch((e) => shown.at(1, ["write:", `${e.name}: ${e.message}`], ["write:", "TypeError: The encoded data is not valid"], ["write:", "TypeError: Failed to construct 'TextDecoderStream': chunk is not an ArrayBuffer, SharedArrayBuffer, or a view on one"]));
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
  shown.at(2, [enc, Object.keys(TextEncoderStream.prototype)], [inspected("TextEncoderStream {\n  encoding: \"utf-8\",\n  readable: ReadableStream {\n    locked: false,\n    state: \"readable\",\n    supportsBYOB: false\n  },\n  writable: WritableStream { locked: false }\n}"), ["encoding", "readable", "writable"]]);
  shown.at(3, [await run(enc, ["a\ud83d", "\ude00b", 1, "\ud800"])], [[new Uint8Array([97]), new Uint8Array([240, 159, 152, 128, 98]), new Uint8Array([49]), new Uint8Array([239, 191, 189])]]);
  shown.at(4, [await run(new TextEncoderStream(), ["\ud83d", "", "\ude00", "\udc00x"])], [[new Uint8Array([240, 159, 152, 128]), new Uint8Array([239, 191, 189, 120])]]);

  const dec = new TextDecoderStream();
  shown.at(5, [dec, Object.keys(TextDecoderStream.prototype)], [inspected("TextDecoderStream {\n  encoding: \"utf-8\",\n  fatal: false,\n  ignoreBOM: false,\n  readable: ReadableStream {\n    locked: false,\n    state: \"readable\",\n    supportsBYOB: false\n  },\n  writable: WritableStream { locked: false }\n}"), ["encoding", "fatal", "ignoreBOM", "readable", "writable"]]);
  shown.at(6, [await run(dec, [new Uint8Array([0xe2, 0x82]), new Uint8Array([0xac, 0x41]), new Uint8Array([0xe2])])], [["€A", "�"]]);
  shown.at(7, [await run(new TextDecoderStream("utf-16le"), [new Uint8Array([0x41, 0x00, 0x3d]), new Uint8Array([0xd8, 0x00, 0xde])])], [["A", "😀"]]);
  const fatal = new TextDecoderStream("utf-8", { fatal: true, ignoreBOM: true });
  shown.at(8, [fatal.encoding, fatal.fatal, fatal.ignoreBOM], ["utf-8", true, true]);
  shown.at(9, [await run(fatal, [new Uint8Array([0xff])])], [["TypeError: The encoded data is not valid"]]);
  shown.at(10, [await run(new TextDecoderStream(), ["not bytes"])], [["TypeError: Failed to construct 'TextDecoderStream': chunk is not an ArrayBuffer, SharedArrayBuffer, or a view on one"]]);
  shown.at(11, [await run(new TextDecoderStream(), [new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]).buffer])], [["hi"]]);
  try {
    new TextDecoderStream("no-such-encoding");
  } catch (e) {
    shown.at(12, [`${e.name}: ${e.message}`], ["RangeError: The encoding label provided ('no-such-encoding') is invalid."]);
  }

  // Piping text through both.
  const out = ReadableStream.from(["héllo ", "wörld ", "😀"])
    .pipeThrough(new TextEncoderStream())
    .pipeThrough(new TextDecoderStream());
  const parts = [];
  for await (const s of out) parts.push(s);
  shown.at(13, [parts.join("")], ["héllo wörld 😀"]);
  shown.done([2, 3, 4, 5, 6, 7, 8, 1, 9, 1, 10, 11, 12, 13]);
});
