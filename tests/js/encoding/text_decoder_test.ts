// TextDecoder: labels, replacement and fatal errors, BOM handling, UTF-16,
// windows-1252, and streaming across chunk boundaries.
import { inspected, Shown } from "../shown.ts";

Deno.test("TextDecoder: labels, replacement and fatal errors, BOM handling, UTF-16, windows-1252, and streaming across chunk boundaries", async () => {
  const shown = new Shown();
  const show = (s: string) => JSON.stringify(s);
  shown.at(1, [new TextDecoder()], [inspected("TextDecoder { encoding: \"utf-8\", fatal: false, ignoreBOM: false }")]);
  shown.at(2, [new TextDecoder("utf-16le", { fatal: true, ignoreBOM: true })], [inspected("TextDecoder { encoding: \"utf-16le\", fatal: true, ignoreBOM: true }")]);
  for (const label of ["utf8", " UTF-8\n", "unicode-1-1-utf-8", "utf-16", "UTF-16BE", "unicodefffe", "ucs-2", "latin1",
    "ascii", "iso-8859-1", "windows-1252", "us-ascii"]) {
    shown.at(3, [JSON.stringify(label), new TextDecoder(label).encoding], ["\"utf8\"", "utf-8"], ["\" UTF-8\\n\"", "utf-8"], ["\"unicode-1-1-utf-8\"", "utf-8"], ["\"utf-16\"", "utf-16le"], ["\"UTF-16BE\"", "utf-16be"], ["\"unicodefffe\"", "utf-16be"], ["\"ucs-2\"", "utf-16le"], ["\"latin1\"", "windows-1252"], ["\"ascii\"", "windows-1252"], ["\"iso-8859-1\"", "windows-1252"], ["\"windows-1252\"", "windows-1252"], ["\"us-ascii\"", "windows-1252"]);
  }
  for (const label of ["foo", "utf-7", "", "replacement"]) {
    try {
      new TextDecoder(label);
    } catch (e) {
      shown.at(4, [(e as Error).name, (e as Error).message], ["RangeError", "The encoding label provided ('foo') is invalid."], ["RangeError", "The encoding label provided ('utf-7') is invalid."], ["RangeError", "The encoding label provided ('') is invalid."], ["RangeError", "The encoding label provided ('replacement') is invalid."]);
    }
  }

  const utf8 = new TextDecoder();
  const b = (...xs: number[]) => new Uint8Array(xs);
  shown.at(5, [show(utf8.decode(b(0x68, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9d, 0x84, 0x9e)))], ["\"hé€𝄞\""]);
  // Maximal subparts each become one U+FFFD.
  shown.at(6, [show(utf8.decode(b(0xf0, 0x90, 0x80, 0x41, 0xed, 0xa0, 0x80, 0xc0, 0x80, 0xe0, 0x80, 0xff, 0x42, 0xc3)))], ["\"�A��������B�\""]);
  shown.at(7, [show(utf8.decode(new Uint16Array([0x6968]))), show(utf8.decode(new Uint8Array([0x61, 0x62]).buffer))], ["\"hi\"", "\"ab\""]);
  shown.at(8, [show(utf8.decode(new DataView(new Uint8Array([0x7a, 0x7a, 0x7a]).buffer, 1)))], ["\"zz\""]);
  shown.at(9, [show(utf8.decode()), show(utf8.decode(undefined))], ["\"\"", "\"\""]);

  // BOM: stripped once at the start unless ignoreBOM.
  const bom = b(0xef, 0xbb, 0xbf, 0x41, 0xef, 0xbb, 0xbf);
  shown.at(10, [show(utf8.decode(bom)), show(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bom))], ["\"A﻿\"", "\"﻿A﻿\""]);
  shown.at(11, [show(utf8.decode(b(0xef, 0xbb, 0xbf))), show(utf8.decode(b(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf)))], ["\"\"", "\"﻿\""]);

  // fatal
  const fatal = new TextDecoder("utf-8", { fatal: true });
  shown.at(12, [fatal.fatal, show(fatal.decode(b(0xe2, 0x82, 0xac)))], [true, "\"€\""]);
  for (const bytes of [b(0xff), b(0xc3), b(0xed, 0xa0, 0x80), b(0xf4, 0x90, 0x80, 0x80), b(0x41, 0x80)]) {
    try {
      fatal.decode(bytes);
    } catch (e) {
      shown.at(13, [(e as Error).name, (e as Error).message], ["TypeError", "The encoded data is not valid"], ["TypeError", "The encoded data is not valid"], ["TypeError", "The encoded data is not valid"], ["TypeError", "The encoded data is not valid"], ["TypeError", "The encoded data is not valid"]);
    }
  }

  // UTF-16
  const le = new TextDecoder("utf-16le");
  const be = new TextDecoder("utf-16be");
  shown.at(14, [show(le.decode(b(0xff, 0xfe, 0x41, 0x00, 0x3d, 0xd8, 0x00, 0xde))), show(be.decode(b(0xfe, 0xff, 0x00, 0x41, 0xd8, 0x3d, 0xde, 0x00)))], ["\"A😀\"", "\"A😀\""]);
  shown.at(15, [show(le.decode(b(0x00, 0xd8, 0x41, 0x00))), show(le.decode(b(0x41, 0x00, 0x42))), show(be.decode(b(0xdc, 0x00)))], ["\"�A\"", "\"A�\"", "\"�\""]);
  for (const bytes of [b(0x00, 0xd8), b(0x41), b(0x00, 0xdc, 0x41, 0x00)]) {
    try {
      new TextDecoder("utf-16le", { fatal: true }).decode(bytes);
    } catch (e) {
      shown.at(16, [(e as Error).name, (e as Error).message], ["TypeError", "The encoded data is not valid"], ["TypeError", "The encoded data is not valid"], ["TypeError", "The encoded data is not valid"]);
    }
  }

  // windows-1252 (and its labels latin1, ascii)
  const all = new Uint8Array(256).map((_, i) => i);
  const w = new TextDecoder("latin1").decode(all);
  shown.at(17, [w.length, show(w.slice(0x7e, 0xa2)), show(w.slice(0xfc))], [256, "\"~€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ ¡\"", "\"üýþÿ\""]);

  // Streaming: every split point of a multi-byte text gives the same result.
  const text = "a€𝄞é\ufeffz";
  const encoded = new TextEncoder().encode("\ufeff" + text);
  let same = 0;
  for (let i = 0; i <= encoded.length; i++) {
    for (let j = i; j <= encoded.length; j++) {
      const d = new TextDecoder();
      const out = d.decode(encoded.subarray(0, i), { stream: true }) + d.decode(encoded.subarray(i, j), { stream: true }) +
        d.decode(encoded.subarray(j));
      if (out === text) same++;
      else shown.at(18, ["mismatch", i, j, show(out)]);
    }
  }
  shown.at(19, ["utf-8 splits", same], ["utf-8 splits", 171]);
  const u16 = new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x3d, 0xd8, 0x00, 0xde, 0x62, 0x00]);
  let same16 = 0;
  for (let i = 0; i <= u16.length; i++) {
    const d = new TextDecoder("utf-16le");
    if (d.decode(u16.subarray(0, i), { stream: true }) + d.decode(u16.subarray(i)) === "a\u{1F600}b") same16++;
  }
  shown.at(20, ["utf-16 splits", same16], ["utf-16 splits", 11]);
  // An unfinished sequence at the end of the stream is an error when flushed.
  const s = new TextDecoder();
  shown.at(21, [show(s.decode(b(0xe2, 0x82), { stream: true })), show(s.decode())], ["\"\"", "\"�\""]);
  const sf = new TextDecoder("utf-8", { fatal: true });
  sf.decode(b(0xf0, 0x9f), { stream: true });
  try {
    sf.decode();
  } catch (e) {
    shown.at(22, ["flush:", (e as Error).name], ["flush:", "TypeError"]);
  }
  shown.at(23, [show(sf.decode(b(0x41)))], ["\"A\""]);
  // A byte that cannot continue the held sequence is an error at once.
  shown.at(24, [show(s.decode(b(0xe2), { stream: true }) + s.decode(b(0x41), { stream: true }) + s.decode())], ["\"�A\""]);

  for (const bad of [() => utf8.decode("abc" as any), () => utf8.decode(null as any), () => utf8.decode(b(1), 4 as any),
    () => new TextDecoder("utf-8", 5 as any), () => TextDecoder.prototype.decode.call({}, b(1)),
    () => (TextDecoder as any)("utf-8"), () => utf8.decode(Object.create(ArrayBuffer.prototype)),
    () => utf8.decode(Object.create(Uint8Array.prototype))]) {
    try {
      bad();
    } catch (e) {
      shown.at(25, [(e as Error).name, (e as Error).message], ["TypeError", "Failed to execute 'decode' on 'TextDecoder': Argument 1 is not an ArrayBuffer, SharedArrayBuffer, or a view on one"], ["TypeError", "Failed to execute 'decode' on 'TextDecoder': Argument 1 is not an ArrayBuffer, SharedArrayBuffer, or a view on one"], ["TypeError", "Failed to execute 'decode' on 'TextDecoder': Argument 2 can not be converted to a dictionary"], ["TypeError", "Failed to construct 'TextDecoder': Argument 2 can not be converted to a dictionary"], ["TypeError", "Illegal invocation"], ["TypeError", "Class constructor TextDecoder cannot be invoked without 'new'"], ["TypeError", "Failed to execute 'decode' on 'TextDecoder': Argument 1 is not an ArrayBuffer, SharedArrayBuffer, or a view on one"], ["TypeError", "Failed to execute 'decode' on 'TextDecoder': Argument 1 is not an ArrayBuffer, SharedArrayBuffer, or a view on one"]);
    }
  }
  shown.done([1, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 13, 13, 13, 14, 15, 16, 16, 16, 17, 19, 20, 21, 22, 23, 24, 25, 25, 25, 25, 25, 25, 25, 25]);
});
