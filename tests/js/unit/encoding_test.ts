import { assertEquals, assertThrows } from "./assert.ts";

Deno.test("TextEncoder and TextDecoder round-trip", () => {
  const text = "héllo, wörld — 😀";
  const bytes = new TextEncoder().encode(text);
  assertEquals(bytes.length, 23);
  assertEquals(new TextDecoder().decode(bytes), text);
});

Deno.test("encode: lone surrogates become U+FFFD; Latin-1 and long two-byte text", () => {
  const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(" ");
  const encoder = new TextEncoder();
  assertEquals(hex(encoder.encode("a\uD800b\uDC00\uD83D\uDE00\uD800")), "61 ef bf bd 62 ef bf bd f0 9f 98 80 ef bf bd");
  assertEquals(hex(encoder.encode("caf\u00e9\u00ff")), "63 61 66 c3 a9 c3 bf");
  const long = "<li>item \u2014 ".repeat(10000);
  const bytes = encoder.encode(long);
  assertEquals(bytes.length, 10000 * 13);
  assertEquals(new TextDecoder().decode(bytes), long);
});

Deno.test("encodeInto reports what fit", () => {
  const target = new Uint8Array(5);
  assertEquals(new TextEncoder().encodeInto("aé😀", target), { read: 2, written: 3 });
});

Deno.test("streaming decode keeps split sequences", () => {
  const decoder = new TextDecoder();
  const bytes = new TextEncoder().encode("😀");
  assertEquals(decoder.decode(bytes.subarray(0, 2), { stream: true }), "");
  assertEquals(decoder.decode(bytes.subarray(2)), "😀");
});

Deno.test("fatal decoding throws", () => {
  assertThrows(() => new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array([0xff])), TypeError);
});

Deno.test("utf-16 and windows-1252", () => {
  assertEquals(new TextDecoder("utf-16le").decode(new Uint8Array([0x41, 0, 0x42, 0])), "AB");
  assertEquals(new TextDecoder("latin1").decode(new Uint8Array([0x80, 0xe9])), "€é");
});

Deno.test("atob and btoa", () => {
  assertEquals(btoa("hello"), "aGVsbG8=");
  assertEquals(atob(" aGVs bG8 "), "hello");
  assertThrows(() => atob("a"), DOMException);
});
