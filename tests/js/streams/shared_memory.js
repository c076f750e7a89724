// Views on SharedArrayBuffer and non-detachable buffers are refused where the
// streams would have to take the memory over.
const log = (label, e) => console.log(label, `${e.name}: ${e.message}`);
const shared = () => new Uint8Array(new SharedArrayBuffer(4));

const cs = new CompressionStream("gzip");
const writer = cs.writable.getWriter();
const read = cs.readable.getReader().read();
await writer.write(shared()).catch((e) => log("compression write", e));
await read.catch((e) => log("compression read", e));

let ctrl;
const rs = new ReadableStream({ type: "bytes", start(c) { ctrl = c; } });
try {
  ctrl.enqueue(shared());
} catch (e) {
  log("enqueue", e);
}
const reader = rs.getReader({ mode: "byob" });
await reader.read(shared()).catch((e) => log("byob read", e));

const wasm = new WebAssembly.Memory({ initial: 1 });
await reader.read(new Uint8Array(wasm.buffer, 0, 4)).catch((e) => log("wasm memory read", e));
try {
  ctrl.enqueue(new Uint8Array(wasm.buffer, 0, 4));
} catch (e) {
  log("wasm memory enqueue", e);
}
