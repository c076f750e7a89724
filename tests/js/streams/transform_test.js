// TransformStream: transform/flush, the identity transform, enqueue of many
// chunks, terminate, error, backpressure, cancel and abort reaching the transformer.
import { inspected, Shown } from "../shown.ts";

Deno.test("TransformStream: transform/flush, the identity transform, enqueue of many chunks, terminate, error, backpressure, cancel and abort reaching the transformer", async () => {
  const shown = new Shown();
  const tick = () => new Promise((r) => setTimeout(r, 2));
  async function run(ts, chunks) {
    const writer = ts.writable.getWriter();
    const done = (async () => {
      for (const c of chunks) await writer.write(c);
      await writer.close();
    })();
    const out = [];
    for await (const c of ts.readable) out.push(c);
    await done;
    return out;
  }

  {
    const ts = new TransformStream();
    shown.at(1, [ts, Object.prototype.toString.call(ts)], [inspected("TransformStream {\n  readable: ReadableStream {\n    locked: false,\n    state: \"readable\",\n    supportsBYOB: false\n  },\n  writable: WritableStream { locked: false }\n}"), "[object TransformStream]"]);
    shown.at(2, [await run(ts, [1, "two", { three: 3 }])], [[1, "two", { three: 3 }]]);
  }

  {
    const ts = new TransformStream({
      start(c) { shown.at(3, ["start", c, c.desiredSize], ["start", inspected("TransformStreamDefaultController { desiredSize: 0 }"), 0]); c.enqueue("header"); },
      transform(chunk, c) { c.enqueue(chunk.toUpperCase()); c.enqueue(chunk.length); },
      flush(c) { c.enqueue("footer"); },
    });
    shown.at(4, [await run(ts, ["ab", "cde"])], [["header", "AB", 2, "CDE", 3, "footer"]]);
  }

  // Async transform: writes wait for it.
  {
    const order = [];
    const ts = new TransformStream({
      async transform(chunk, c) {
        order.push("begin " + chunk);
        await tick();
        c.enqueue(chunk * 2);
        order.push("end " + chunk);
      },
    });
    shown.at(5, [await run(ts, [1, 2]), order.join(", ")], [[2, 4], "begin 1, end 1, begin 2, end 2"]);
  }

  // terminate(): the readable closes, the writable errors.
  {
    const ts = new TransformStream({
      transform(chunk, c) {
        c.enqueue(chunk);
        if (chunk === "stop") c.terminate();
      },
    });
    const writer = ts.writable.getWriter();
    writer.write("go");
    writer.write("stop");
    const out = [];
    for await (const c of ts.readable) out.push(c);
    shown.at(6, [out, await writer.write("more").catch((e) => `${e.name}: ${e.message}`)], [["go", "stop"], "TypeError: The stream has been terminated."]);
  }

  // error(): both sides error.
  {
    const ts = new TransformStream({ transform(chunk, c) { c.error(new Error("transform failed")); } });
    const writer = ts.writable.getWriter();
    const read = ts.readable.getReader().read();
    shown.at(7, [await writer.write(1).catch((e) => "write: " + e.message)], [undefined]);
    shown.at(8, [await read.catch((e) => "read: " + e.message)], ["read: transform failed"]);
  }

  // A throwing transform errors both sides.
  {
    const ts = new TransformStream({ transform() { throw new TypeError("thrown in transform"); } }, {}, { highWaterMark: 1 });
    const writer = ts.writable.getWriter();
    shown.at(9, [await writer.write(1).catch((e) => "write: " + e.message), await writer.closed.catch((e) => "closed: " + e.message)], ["write: thrown in transform", "closed: thrown in transform"]);
  }

  // A rejecting flush.
  {
    const ts = new TransformStream({ flush() { return Promise.reject(new Error("flush failed")); } });
    const writer = ts.writable.getWriter();
    shown.at(10, [await writer.close().catch((e) => "close: " + e.message), await ts.readable.getReader().read().catch((e) => "read: " + e.message)], ["close: flush failed", "read: flush failed"]);
  }

  // Backpressure: with readable highWaterMark 0 the first write waits for a read.
  {
    let transformed = 0;
    const ts = new TransformStream({ transform(c, ctrl) { transformed++; ctrl.enqueue(c); } }, undefined, { highWaterMark: 0 });
    const writer = ts.writable.getWriter();
    await tick();
    shown.at(11, ["desired sizes", writer.desiredSize], ["desired sizes", 1]);
    writer.write("a");
    await tick();
    shown.at(12, ["transformed before read", transformed, writer.desiredSize], ["transformed before read", 0, 0]);
    const reader = ts.readable.getReader();
    shown.at(13, [await reader.read(), transformed], [{ value: "a", done: false }, 1]);
    const ts2 = new TransformStream({}, { highWaterMark: 3 }, { highWaterMark: 2 });
    const w2 = ts2.writable.getWriter();
    await tick();
    shown.at(14, ["custom strategies", w2.desiredSize], ["custom strategies", 3]);
    w2.write(1); w2.write(2); w2.write(3);
    await tick();
    shown.at(15, ["after 3 writes", w2.desiredSize], ["after 3 writes", 2]);
  }

  // Cancelling the readable errors the writable; aborting the writable errors the readable.
  {
    const ts = new TransformStream();
    const writer = ts.writable.getWriter();
    await ts.readable.cancel("not interested");
    shown.at(16, [await writer.write(1).catch((e) => "write after cancel: " + e)], ["write after cancel: not interested"]);
    const ts2 = new TransformStream();
    const reader = ts2.readable.getReader();
    await ts2.writable.abort("aborted");
    shown.at(17, [await reader.read().catch((e) => "read after abort: " + e)], ["read after abort: aborted"]);
  }

  // The controller outside the stream.
  {
    let ctrl;
    const ts = new TransformStream({ start(c) { ctrl = c; } });
    shown.at(18, [ctrl, ctrl instanceof TransformStreamDefaultController], [inspected("TransformStreamDefaultController { desiredSize: 0 }"), true]);
    ctrl.enqueue("direct");
    shown.at(19, [await ts.readable.getReader().read()], [{ value: "direct", done: false }]);
    ctrl.terminate();
    try { ctrl.enqueue("late"); } catch (e) { shown.at(20, [`${e.name}: ${e.message}`], ["TypeError: Readable stream is unavailable"]); }
  }
  shown.done([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
});
