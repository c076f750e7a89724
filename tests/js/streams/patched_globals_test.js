// Streams keep working when a program replaces built-ins they use.
import { Shown } from "../shown.ts";

Deno.test("Streams keep working when a program replaces built-ins they use", async () => {
  const shown = new Shown();
  const originals = {
    then: Promise.prototype.then, push: Array.prototype.push, shift: Array.prototype.shift,
    all: Promise.all, resolve: Promise.resolve, queueMicrotask: globalThis.queueMicrotask,
    getReader: ReadableStream.prototype.getReader, getWriter: WritableStream.prototype.getWriter,
  };
  Array.prototype.push = function () { throw new Error("push patched"); };
  Array.prototype.shift = function () { throw new Error("shift patched"); };
  Promise.all = () => { throw new Error("all patched"); };
  globalThis.queueMicrotask = () => { throw new Error("queueMicrotask patched"); };
  ReadableStream.prototype.getReader = () => { throw new Error("getReader patched"); };
  WritableStream.prototype.getWriter = () => { throw new Error("getWriter patched"); };
  Object.prototype.then = function () { throw new Error("Object.prototype.then touched"); };

  const out = [];
  const rs = new ReadableStream({ start(c) { c.enqueue(1); c.enqueue(2); c.close(); } });
  const [a, b] = rs.tee();
  const done = a.pipeTo(new WritableStream({ write(c) { out[out.length] = "a" + c; } }));
  const it = b.values();
  delete Object.prototype.then;
  await done;
  for (let r = await it.next(); !r.done; r = await it.next()) out[out.length] = "b" + r.value;
  const bytes = new ReadableStream({ type: "bytes", start(c) { c.enqueue(new Uint8Array([1, 2, 3])); c.close(); } });
  const [c1, c2] = bytes.tee();
  const r1 = originals.getReader.call(c1, { mode: "byob" });
  const v = await r1.read(new Uint8Array(2));
  out[out.length] = `byob ${v.value}`;
  Array.prototype.push = originals.push;
  Array.prototype.shift = originals.shift;
  Promise.all = originals.all;
  globalThis.queueMicrotask = originals.queueMicrotask;
  ReadableStream.prototype.getReader = originals.getReader;
  WritableStream.prototype.getWriter = originals.getWriter;
  shown.at(1, [out.join(" ")], ["a1 a2 b1 b2 byob 1,2"]);
  shown.done([1]);
});
