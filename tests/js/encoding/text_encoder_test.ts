// TextEncoder: encode and encodeInto, lone surrogates, partial writes, bad input.
import { inspected, Shown } from "../shown.ts";

Deno.test("TextEncoder: encode and encodeInto, lone surrogates, partial writes, bad input", async () => {
  const shown = new Shown();
  const encoder = new TextEncoder();
  shown.at(1, [encoder], [inspected("TextEncoder { encoding: \"utf-8\" }")]);
  shown.at(2, [encoder.encoding, Object.prototype.toString.call(encoder)], ["utf-8", "[object TextEncoder]"]);
  shown.at(3, [encoder.encode("héllo €𝄞")], [new Uint8Array([104, 195, 169, 108, 108, 111, 32, 226, 130, 172, 240, 157, 132, 158])]);
  shown.at(4, [encoder.encode(), encoder.encode(undefined), encoder.encode(null), encoder.encode(12.5 as any)], [new Uint8Array([]), new Uint8Array([]), new Uint8Array([110, 117, 108, 108]), new Uint8Array([49, 50, 46, 53])]);
  shown.at(5, [encoder.encode("\ud800x\udc00"), encoder.encode("a\ud83d")], [new Uint8Array([239, 191, 189, 120, 239, 191, 189]), new Uint8Array([97, 239, 191, 189])]);

  // encodeInto writes whole code points only and reports UTF-16 units read.
  for (const size of [0, 1, 2, 3, 4, 5, 6, 8]) {
    const dest = new Uint8Array(size);
    const result = encoder.encodeInto("a😀bé", dest);
    shown.at(6, [size, result, dest], [0, { read: 0, written: 0 }, new Uint8Array([])], [1, { read: 1, written: 1 }, new Uint8Array([97])], [2, { read: 1, written: 1 }, new Uint8Array([97, 0])], [3, { read: 1, written: 1 }, new Uint8Array([97, 0, 0])], [4, { read: 1, written: 1 }, new Uint8Array([97, 0, 0, 0])], [5, { read: 3, written: 5 }, new Uint8Array([97, 240, 159, 152, 128])], [6, { read: 4, written: 6 }, new Uint8Array([97, 240, 159, 152, 128, 98])], [8, { read: 5, written: 8 }, new Uint8Array([97, 240, 159, 152, 128, 98, 195, 169])]);
  }
  const big = new Uint8Array(16).fill(0xaa);
  shown.at(7, [encoder.encodeInto("xyz", big.subarray(4, 8)), big], [{ read: 3, written: 3 }, new Uint8Array([170, 170, 170, 170, 120, 121, 122, 170, 170, 170, 170, 170, 170, 170, 170, 170])]);
  shown.at(8, [encoder.encodeInto("\ud800", new Uint8Array(3))], [{ read: 1, written: 3 }]);
  shown.at(9, [encoder.encodeInto("", new Uint8Array(2))], [{ read: 0, written: 0 }]);

  // A long string round-trips.
  const long = "ab€😀".repeat(10000);
  const bytes = encoder.encode(long);
  shown.at(10, [bytes.length, new TextDecoder().decode(bytes) === long], [90000, true]);

  for (const bad of [() => encoder.encodeInto("a", [1] as any), () => encoder.encodeInto("a", new Uint16Array(2) as any),
    () => encoder.encode(Symbol("s") as any), () => encoder.encodeInto("a", Object.create(Uint8Array.prototype)), () => TextEncoder.prototype.encode.call({}, "x")]) {
    try {
      bad();
    } catch (e) {
      shown.at(11, [(e as Error).name, (e as Error).message], ["TypeError", "Failed to execute 'encodeInto' on 'TextEncoder': Argument 2 is not an Uint8Array object"], ["TypeError", "Failed to execute 'encodeInto' on 'TextEncoder': Argument 2 is not an Uint8Array object"], ["TypeError", "Cannot convert a Symbol value to a string"], ["TypeError", "Failed to execute 'encodeInto' on 'TextEncoder': Argument 2 is not an Uint8Array object"], ["TypeError", "Illegal invocation"]);
    }
  }
  shown.done([1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 7, 8, 9, 10, 11, 11, 11, 11, 11]);
});
