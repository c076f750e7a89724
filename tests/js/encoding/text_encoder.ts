// TextEncoder: encode and encodeInto, lone surrogates, partial writes, bad input.
const encoder = new TextEncoder();
console.log(encoder);
console.log(encoder.encoding, Object.prototype.toString.call(encoder));
console.log(encoder.encode("héllo €𝄞"));
console.log(encoder.encode(), encoder.encode(undefined), encoder.encode(null), encoder.encode(12.5 as any));
console.log(encoder.encode("\ud800x\udc00"), encoder.encode("a\ud83d"));

// encodeInto writes whole code points only and reports UTF-16 units read.
for (const size of [0, 1, 2, 3, 4, 5, 6, 8]) {
  const dest = new Uint8Array(size);
  const result = encoder.encodeInto("a😀bé", dest);
  console.log(size, result, dest);
}
const big = new Uint8Array(16).fill(0xaa);
console.log(encoder.encodeInto("xyz", big.subarray(4, 8)), big);
console.log(encoder.encodeInto("\ud800", new Uint8Array(3)));
console.log(encoder.encodeInto("", new Uint8Array(2)));

// A long string round-trips.
const long = "ab€😀".repeat(10000);
const bytes = encoder.encode(long);
console.log(bytes.length, new TextDecoder().decode(bytes) === long);

for (const bad of [() => encoder.encodeInto("a", [1] as any), () => encoder.encodeInto("a", new Uint16Array(2) as any),
  () => encoder.encode(Symbol("s") as any), () => encoder.encodeInto("a", Object.create(Uint8Array.prototype)), () => TextEncoder.prototype.encode.call({}, "x")]) {
  try {
    bad();
  } catch (e) {
    console.log((e as Error).name, (e as Error).message);
  }
}
