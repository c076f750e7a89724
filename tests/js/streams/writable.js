// WritableStream and its writer: writes in order, desiredSize and ready under
// backpressure, close, abort reaching the sink, controller.error.
const log = (...args) => console.log(...args);
const tick = () => new Promise((r) => setTimeout(r, 2));

{
  const got = [];
  const ws = new WritableStream({
    start(c) { log("start", c instanceof WritableStreamDefaultController); },
    write(chunk, c) { got.push(chunk); },
    close() { log("close", got); },
  });
  log(ws);
  const writer = ws.getWriter();
  log(writer, ws.locked);
  log(await writer.ready, writer.desiredSize);
  await writer.write("a");
  await writer.write("b");
  await writer.close();
  log(await writer.closed, writer.desiredSize);
}

// Backpressure: desiredSize drops with queued writes, ready waits.
{
  const resolvers = [];
  const ws = new WritableStream({
    write() { return new Promise((r) => resolvers.push(r)); },
  }, new CountQueuingStrategy({ highWaterMark: 2 }));
  const writer = ws.getWriter();
  await tick();
  const writes = [writer.write(1), writer.write(2), writer.write(3)];
  log("desiredSize", writer.desiredSize);
  let ready = false;
  writer.ready.then(() => { ready = true; });
  await tick();
  log("ready while full", ready, resolvers.length);
  resolvers.shift()();
  await tick();
  log("after one write", writer.desiredSize, ready);
  resolvers.shift()();
  await tick();
  log("after two writes", writer.desiredSize, ready);
  resolvers.shift()();
  await Promise.all(writes);
  log("all written", writer.desiredSize);
}

// Sized chunks.
{
  const ws = new WritableStream({ write() { return new Promise(() => {}); } }, new ByteLengthQueuingStrategy({ highWaterMark: 10 }));
  const writer = ws.getWriter();
  await tick();
  writer.write(new Uint8Array(4));
  writer.write(new Uint8Array(8));
  log("byte length desiredSize", writer.desiredSize);
}

// abort(): queued writes reject, the sink's abort gets the reason.
{
  const ws = new WritableStream({
    write() { return tick(); },
    abort(reason) { log("sink abort", reason); },
  });
  const writer = ws.getWriter();
  const w1 = writer.write(1);
  const w2 = writer.write(2);
  const aborted = writer.abort("enough");
  log(await w1, await w2.catch((e) => "w2 rejected: " + e), await aborted);
  log(await writer.closed.catch((e) => "closed rejected: " + e), writer.desiredSize);
  log(await writer.write(3).catch((e) => "write after abort: " + e));
  log(await ws.abort("again"));
}

// A failing write errors the stream.
{
  const ws = new WritableStream({ write(c) { if (c === 2) throw new Error("bad chunk"); } });
  const writer = ws.getWriter();
  await writer.write(1);
  log(await writer.write(2).catch((e) => e.message));
  log(await writer.write(3).catch((e) => "then: " + e.message));
  log(await writer.closed.catch((e) => "closed: " + e.message), ws);
}

// A failing close rejects close() and closed.
{
  const ws = new WritableStream({ close() { throw new Error("close failed"); } });
  const writer = ws.getWriter();
  log(await writer.close().catch((e) => e.message), await writer.closed.catch((e) => e.message));
}

// controller.error() from start.
{
  const ws = new WritableStream({ start(c) { c.error(new Error("broken from start")); } });
  const writer = ws.getWriter();
  log(await writer.write(1).catch((e) => e.message), writer.desiredSize);
}

// close() waits for queued writes; close on the stream itself.
{
  const order = [];
  const ws = new WritableStream({
    async write(c) { await tick(); order.push("write " + c); },
    close() { order.push("close"); },
  });
  const writer = ws.getWriter();
  writer.write("x");
  writer.write("y");
  await writer.close();
  log(order.join(", "));
  const ws2 = new WritableStream({ close() { log("closed directly"); } });
  await ws2.close();
  log(await ws2.getWriter().closed);
}

// releaseLock while writes are pending: the writes still complete.
{
  const ws = new WritableStream({ write() { return tick(); } });
  const writer = ws.getWriter();
  const pending = writer.write(1);
  writer.releaseLock();
  log(await pending, ws.locked);
  log(await writer.closed.catch((e) => `${e.name}: ${e.message}`));
  const writer2 = new WritableStreamDefaultWriter(ws);
  await writer2.write(2);
  log(writer2 instanceof WritableStreamDefaultWriter, Object.prototype.toString.call(writer2));
}
