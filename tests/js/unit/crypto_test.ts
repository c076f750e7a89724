import { assert, assertEquals, assertRejects, assertThrows } from "./assert.ts";

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
const abc = new TextEncoder().encode("abc");

Deno.test("crypto and crypto.subtle are the web's objects", () => {
  assertEquals(Object.prototype.toString.call(crypto), "[object Crypto]");
  assertEquals(Object.prototype.toString.call(crypto.subtle), "[object SubtleCrypto]");
  assert(crypto instanceof Crypto);
  assert(crypto.subtle instanceof SubtleCrypto);
  assertEquals(Object.keys(Crypto.prototype), ["subtle", "getRandomValues", "randomUUID"]);
  assertThrows(() => new (Crypto as any)(), TypeError);
  assertThrows(() => new (SubtleCrypto as any)(), TypeError);
});

Deno.test("getRandomValues fills integer arrays in place", () => {
  for (const array of [new Uint8Array(16), new Int8Array(3), new Uint8ClampedArray(2), new Int16Array(2),
    new Uint16Array(2), new Int32Array(2), new Uint32Array(2), new BigInt64Array(1), new BigUint64Array(1),
    new Uint8Array(65536), new Uint32Array(16384)]) {
    assert(crypto.getRandomValues(array) === array, array.constructor.name);
  }
  assert(new Set(crypto.getRandomValues(new Uint8Array(4096))).size > 200, "random bytes take many values");
  assertEquals(crypto.getRandomValues(new Uint8Array(0)), new Uint8Array(0));
});

Deno.test("getRandomValues refuses too much and non-integer arrays", () => {
  const quota = (array: ArrayBufferView, length: number) => {
    const e = assertThrows(() => crypto.getRandomValues(array as Uint8Array), DOMException) as DOMException;
    assertEquals([e.name, e.code], ["QuotaExceededError", 22]);
    assertEquals(e.message, `The ArrayBufferView's byte length (${length}) exceeds the number of bytes of entropy available via this API (65536)`);
  };
  quota(new Uint8Array(65537), 65537);
  quota(new Uint32Array(16385), 65540);
  for (const array of [new Float32Array(2), new Float64Array(1), new DataView(new ArrayBuffer(1)), [1, 2]]) {
    const e = assertThrows(() => crypto.getRandomValues(array as any), DOMException) as DOMException;
    assertEquals([e.name, e.message, e.code], ["TypeMismatchError", "The provided value is not an integer-type TypedArray", 17]);
  }
  assertThrows(() => (crypto as any).getRandomValues(), TypeError);
});

Deno.test("randomUUID gives distinct version 4 UUIDs", () => {
  const uuids = new Set<string>();
  for (let i = 0; i < 1000; i++) uuids.add(crypto.randomUUID());
  assertEquals(uuids.size, 1000);
  const pattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  for (const uuid of uuids) assert(pattern.test(uuid), uuid);
});

Deno.test("subtle.digest: SHA-1 and SHA-2, names in any case", async () => {
  assertEquals(hex(await crypto.subtle.digest("SHA-1", abc)), "a9993e364706816aba3e25717850c26c9cd0d89d");
  assertEquals(hex(await crypto.subtle.digest("sha-256", abc)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assertEquals(hex(await crypto.subtle.digest("Sha-384", abc)),
    "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7");
  assertEquals(hex(await crypto.subtle.digest("SHA-512", abc)),
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
  const empty = await crypto.subtle.digest({ name: "SHA-256" }, new Uint8Array(0));
  assert(empty instanceof ArrayBuffer);
  assertEquals(hex(empty), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
});

Deno.test("subtle.digest takes ArrayBuffers and any view", async () => {
  assertEquals(hex(await crypto.subtle.digest("SHA-256", abc.buffer)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assertEquals(hex(await crypto.subtle.digest("SHA-1", new DataView(abc.buffer, 1))), "5b2505039ac5af9e197f5dad04113906a9cf9a2a");
  const million = new Uint8Array(1_000_000).fill(0x61);
  assertEquals(hex(await crypto.subtle.digest("SHA-256", million)), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  assert(crypto.subtle.digest("SHA-1", abc) instanceof Promise);
});

Deno.test("subtle.digest rejects unknown algorithms and bad data", async () => {
  for (const [algorithm, name] of [["SHA-3", "SHA-3"], ["HMAC", "HMAC"], [{ name: "md5" }, "md5"]] as const) {
    const e = await assertRejects(() => crypto.subtle.digest(algorithm, abc), DOMException) as DOMException;
    assertEquals([e.name, e.message, e.code], ["NotSupportedError", `Algorithm '${name}' is not supported`, 9]);
  }
  await assertRejects(() => crypto.subtle.digest({} as any, abc), TypeError);
  await assertRejects(() => crypto.subtle.digest(5 as any, abc), TypeError);
  await assertRejects(() => crypto.subtle.digest("SHA-1", "abc" as any), TypeError);
  await assertRejects(() => crypto.subtle.digest("SHA-1", [1] as any), TypeError);
});
