import { assertEquals, assertThrows } from "./assert.ts";

Deno.test("TextEncoder and TextDecoder round-trip", () => {
  const text = "héllo, wörld — 😀";
  const bytes = new TextEncoder().encode(text);
  assertEquals(bytes.length, 23);
  assertEquals(new TextDecoder().decode(bytes), text);
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
