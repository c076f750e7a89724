// ReadableStream with a default controller: enqueue/read, desiredSize and
// backpressure, pull scheduling, close, error, cancel.
const log = (...args) => console.log(...args);

// start enqueues, reads drain the queue in order.
{
  const rs = new ReadableStream({
    start(c) {
      log("start desiredSize", c.desiredSize);
      c.enqueue("a");
      c.enqueue("b");
      log("after 2 enqueues", c.desiredSize);
      c.close();
    },
  });
  log(rs);
  const reader = rs.getReader();
  log(rs.locked, rs);
  log(await reader.read(), await reader.read(), await reader.read(), await reader.read());
  log(await reader.closed);
}

// Backpressure: pull is called while desiredSize > 0, once at a time.
{
  let pulls = 0;
  let ctrl;
  const rs = new ReadableStream({
    start(c) { ctrl = c; },
    pull(c) {
      pulls++;
      log("pull", pulls, "desiredSize", c.desiredSize);
      c.enqueue(pulls);
    },
  }, new CountQueuingStrategy({ highWaterMark: 3 }));
  await new Promise((r) => setTimeout(r, 5));
  log("pulls after start", pulls, "desiredSize", ctrl.desiredSize);
  const reader = rs.getReader();
  log(await reader.read());
  await new Promise((r) => setTimeout(r, 5));
  log("pulls after one read", pulls, ctrl.desiredSize);
}

// Size function and highWaterMark in the strategy.
{
  let ctrl;
  new ReadableStream({ start(c) { ctrl = c; } }, { highWaterMark: 10, size: (chunk) => chunk.length });
  ctrl.enqueue("abcd");
  log("sized", ctrl.desiredSize);
  ctrl.enqueue("abcdefgh");
  log("sized", ctrl.desiredSize);
}

// A promise from pull delays the next pull.
{
  const order = [];
  const rs = new ReadableStream({
    async pull(c) {
      order.push("pull");
      await new Promise((r) => setTimeout(r, 2));
      c.enqueue(order.length);
      order.push("enqueued");
    },
  }, { highWaterMark: 0 });
  const reader = rs.getReader();
  const [a, b] = await Promise.all([reader.read(), reader.read()]);
  log(a, b, order.join(","));
}

// error() rejects pending and future reads and the closed promise.
{
  let ctrl;
  const rs = new ReadableStream({ start(c) { ctrl = c; } });
  const reader = rs.getReader();
  const pending = reader.read();
  ctrl.error(new Error("boom"));
  log(await pending.catch((e) => "pending: " + e.message));
  log(await reader.read().catch((e) => "later: " + e.message));
  log(await reader.closed.catch((e) => "closed: " + e.message));
  log(ctrl.desiredSize, rs);
}

// A start that rejects errors the stream.
{
  const rs = new ReadableStream({ start() { return Promise.reject(new Error("no start")); } });
  log(await rs.getReader().read().catch((e) => e.message));
}

// cancel() reaches the source with its reason, resolves pending reads as done.
{
  let reason;
  const rs = new ReadableStream({
    start(c) { c.enqueue(1); },
    cancel(r) { reason = r; return new Promise((res) => setTimeout(() => res("ignored"), 2)); },
  });
  const reader = rs.getReader();
  log(await reader.read());
  const pending = reader.read();
  log(await reader.cancel("stop"), reason, await pending);
  log(await reader.closed, rs);
}

// cancel() when the source's cancel throws.
{
  const rs = new ReadableStream({ cancel() { throw new Error("cancel failed"); } });
  log(await rs.cancel().catch((e) => e.message));
}

// releaseLock with a pending read rejects it; the stream can be read again.
{
  let ctrl;
  const rs = new ReadableStream({ start(c) { ctrl = c; } });
  const reader = rs.getReader();
  const pending = reader.read();
  reader.releaseLock();
  log(await pending.catch((e) => `${e.name}: ${e.message}`));
  log(await reader.closed.catch((e) => `${e.name}: ${e.message}`));
  log(await reader.read().catch((e) => `${e.name}: ${e.message}`));
  reader.releaseLock();
  const reader2 = rs.getReader();
  ctrl.enqueue("again");
  log(await reader2.read());
}

// Reading a closed or errored stream through a new reader.
{
  const closed = new ReadableStream({ start(c) { c.close(); } });
  log(await closed.getReader().read());
  const errored = new ReadableStream({ start(c) { c.error("bad"); } });
  log(await errored.getReader().read().catch((e) => e));
  log(await errored.cancel().catch((e) => "cancel: " + e));
}

// The default reader constructor and the controller's class.
{
  let ctrl;
  const rs = new ReadableStream({ start(c) { ctrl = c; } });
  const reader = new ReadableStreamDefaultReader(rs);
  log(reader instanceof ReadableStreamDefaultReader, ctrl instanceof ReadableStreamDefaultController, ctrl);
  log(Object.prototype.toString.call(reader), Object.prototype.toString.call(ctrl));
}
