// A byte stream read with a BYOB reader: 100,000 reads of 4 KiB, one buffer
// passed back and forth; the source fills byobRequest views.
const N = 100_000;
const SIZE = 4096;
let pulls = 0;
const stream = new ReadableStream({
  type: "bytes",
  pull(c) {
    const req = c.byobRequest;
    if (pulls++ === N) {
      c.close();
      req.respond(0);
      return;
    }
    req.view[0] = pulls & 0xff;
    req.respond(req.view.byteLength);
  },
});
const reader = stream.getReader({ mode: "byob" });
let buffer = new ArrayBuffer(SIZE);
let total = 0;
let check = 0;
for (;;) {
  const { value, done } = await reader.read(new Uint8Array(buffer));
  if (done) break;
  total += value.byteLength;
  check += value[0];
  buffer = value.buffer;
}
console.log("byob", total, check);
