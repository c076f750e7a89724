// crypto.getRandomValues, crypto.randomUUID and crypto.subtle.digest.
console.log(crypto, crypto.subtle);
console.log(Object.prototype.toString.call(crypto), Object.prototype.toString.call(crypto.subtle), crypto instanceof Crypto,
  crypto.subtle instanceof SubtleCrypto, Object.keys(Crypto.prototype));

for (const array of [new Uint8Array(16), new Int8Array(3), new Uint8ClampedArray(2), new Int16Array(2), new Uint16Array(2),
  new Int32Array(2), new Uint32Array(2), new BigInt64Array(1), new BigUint64Array(1), new Uint8Array(65536),
  new Uint32Array(16384)]) {
  console.log(array.constructor.name, crypto.getRandomValues(array) === array);
}
const big = crypto.getRandomValues(new Uint8Array(4096));
console.log("distinct byte values", new Set(big).size > 200);
console.log(crypto.getRandomValues(new Uint8Array(0)));

const uuids = new Set<string>();
for (let i = 0; i < 1000; i++) uuids.add(crypto.randomUUID());
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
console.log(uuids.size, [...uuids].every((u) => uuidPattern.test(u)));

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
const abc = new TextEncoder().encode("abc");
for (const algorithm of ["SHA-1", "sha-256", "Sha-384", "SHA-512"]) {
  console.log(algorithm, hex(await crypto.subtle.digest(algorithm, abc)));
}
console.log(await crypto.subtle.digest({ name: "SHA-256" }, new Uint8Array(0)));
console.log(hex(await crypto.subtle.digest("SHA-256", abc.buffer)), hex(await crypto.subtle.digest("SHA-1", new DataView(abc.buffer, 1))));
const million = new Uint8Array(1_000_000).fill(0x61);
console.log(hex(await crypto.subtle.digest("SHA-256", million)));
const pending = crypto.subtle.digest("SHA-1", abc);
console.log(pending instanceof Promise);

for (const [algorithm, data] of [["SHA-3", abc], ["HMAC", abc], [{ name: "md5" }, abc]] as const) {
  try {
    await crypto.subtle.digest(algorithm, data);
  } catch (err) {
    const e = err as DOMException;
    console.log(e.name, e.message, e.code);
  }
}
for (const call of [() => crypto.subtle.digest({} as any, abc), () => crypto.subtle.digest(5 as any, abc),
  () => crypto.subtle.digest("SHA-1", "abc" as any), () => crypto.subtle.digest("SHA-1", [1] as any)]) {
  try {
    await call();
  } catch (err) {
    console.log((err as Error).name);
  }
}
for (const array of [new Uint8Array(65537), new Uint32Array(16385), new Float32Array(2), new Float64Array(1),
  new DataView(new ArrayBuffer(1)), [1, 2]]) {
  try {
    crypto.getRandomValues(array as any);
  } catch (err) {
    const e = err as DOMException;
    console.log(e.name, e.message, e.code);
  }
}
for (const call of [() => new (Crypto as any)(), () => new (SubtleCrypto as any)(), () => (crypto as any).getRandomValues()]) {
  try {
    call();
  } catch (err) {
    console.log((err as Error).name);
  }
}
