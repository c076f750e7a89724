// TransformStream: transform/flush, the identity transform, enqueue of many
// chunks, terminate, error, backpressure, cancel and abort reaching the transformer.
const log = (...args) => console.log(...args);
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
  log(ts, Object.prototype.toString.call(ts));
  log(await run(ts, [1, "two", { three: 3 }]));
}

{
  const ts = new TransformStream({
    start(c) { log("start", c, c.desiredSize); c.enqueue("header"); },
    transform(chunk, c) { c.enqueue(chunk.toUpperCase()); c.enqueue(chunk.length); },
    flush(c) { c.enqueue("footer"); },
  });
  log(await run(ts, ["ab", "cde"]));
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
  log(await run(ts, [1, 2]), order.join(", "));
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
  log(out, await writer.write("more").catch((e) => `${e.name}: ${e.message}`));
}

// error(): both sides error.
{
  const ts = new TransformStream({ transform(chunk, c) { c.error(new Error("transform failed")); } });
  const writer = ts.writable.getWriter();
  const read = ts.readable.getReader().read();
  log(await writer.write(1).catch((e) => "write: " + e.message));
  log(await read.catch((e) => "read: " + e.message));
}

// A throwing transform errors both sides.
{
  const ts = new TransformStream({ transform() { throw new TypeError("thrown in transform"); } }, {}, { highWaterMark: 1 });
  const writer = ts.writable.getWriter();
  log(await writer.write(1).catch((e) => "write: " + e.message), await writer.closed.catch((e) => "closed: " + e.message));
}

// A rejecting flush.
{
  const ts = new TransformStream({ flush() { return Promise.reject(new Error("flush failed")); } });
  const writer = ts.writable.getWriter();
  log(await writer.close().catch((e) => "close: " + e.message), await ts.readable.getReader().read().catch((e) => "read: " + e.message));
}

// Backpressure: with readable highWaterMark 0 the first write waits for a read.
{
  let transformed = 0;
  const ts = new TransformStream({ transform(c, ctrl) { transformed++; ctrl.enqueue(c); } }, undefined, { highWaterMark: 0 });
  const writer = ts.writable.getWriter();
  await tick();
  log("desired sizes", writer.desiredSize);
  writer.write("a");
  await tick();
  log("transformed before read", transformed, writer.desiredSize);
  const reader = ts.readable.getReader();
  log(await reader.read(), transformed);
  const ts2 = new TransformStream({}, { highWaterMark: 3 }, { highWaterMark: 2 });
  const w2 = ts2.writable.getWriter();
  await tick();
  log("custom strategies", w2.desiredSize);
  w2.write(1); w2.write(2); w2.write(3);
  await tick();
  log("after 3 writes", w2.desiredSize);
}

// Cancelling the readable errors the writable; aborting the writable errors the readable.
{
  const ts = new TransformStream();
  const writer = ts.writable.getWriter();
  await ts.readable.cancel("not interested");
  log(await writer.write(1).catch((e) => "write after cancel: " + e));
  const ts2 = new TransformStream();
  const reader = ts2.readable.getReader();
  await ts2.writable.abort("aborted");
  log(await reader.read().catch((e) => "read after abort: " + e));
}

// The controller outside the stream.
{
  let ctrl;
  const ts = new TransformStream({ start(c) { ctrl = c; } });
  log(ctrl, ctrl instanceof TransformStreamDefaultController);
  ctrl.enqueue("direct");
  log(await ts.readable.getReader().read());
  ctrl.terminate();
  try { ctrl.enqueue("late"); } catch (e) { log(`${e.name}: ${e.message}`); }
}
