// Views on SharedArrayBuffer and non-detachable buffers are refused where the
// streams would have to take the memory over.
import { Shown } from "../shown.ts";

Deno.test("Views on SharedArrayBuffer and non-detachable buffers are refused where the streams would have to take the memory over", async () => {
  const shown = new Shown();
  const log = (label, e) => shown.at(1, [label, `${e.name}: ${e.message}`], ["compression write", "TypeError: Failed to construct 'CompressionStream': chunk is a view on a SharedArrayBuffer, which is not allowed"], ["compression read", "TypeError: Failed to construct 'CompressionStream': chunk is a view on a SharedArrayBuffer, which is not allowed"], ["enqueue", "TypeError: Failed to execute 'enqueue' on 'ReadableByteStreamController': Argument 1 is a view on a SharedArrayBuffer, which is not allowed"], ["byob read", "TypeError: Failed to execute 'read' on 'ReadableStreamBYOBReader': Argument 1 is a view on a SharedArrayBuffer, which is not allowed"], ["wasm memory read", "TypeError: ArrayBuffer is not detachable and could not be cloned."], ["wasm memory enqueue", "TypeError: ArrayBuffer is not detachable and could not be cloned."]);
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
  shown.done([1, 1, 1, 1, 1, 1]);
});
