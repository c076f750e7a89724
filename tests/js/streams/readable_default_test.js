// ReadableStream with a default controller: enqueue/read, desiredSize and
// backpressure, pull scheduling, close, error, cancel.
import { inspected, Shown } from "../shown.ts";

Deno.test("ReadableStream with a default controller: enqueue/read, desiredSize and backpressure, pull scheduling, close, error, cancel", async () => {
  const shown = new Shown();
  // start enqueues, reads drain the queue in order.
  {
    const rs = new ReadableStream({
      start(c) {
        shown.at(1, ["start desiredSize", c.desiredSize], ["start desiredSize", 1]);
        c.enqueue("a");
        c.enqueue("b");
        shown.at(2, ["after 2 enqueues", c.desiredSize], ["after 2 enqueues", -1]);
        c.close();
      },
    });
    shown.at(3, [rs], [inspected("ReadableStream {\n  locked: false,\n  state: \"readable\",\n  supportsBYOB: false\n}")]);
    const reader = rs.getReader();
    shown.at(4, [rs.locked, rs], [true, inspected("ReadableStream { locked: true, state: \"readable\", supportsBYOB: false }")]);
    shown.at(5, [await reader.read(), await reader.read(), await reader.read(), await reader.read()], [{ value: "a", done: false }, { value: "b", done: false }, { value: undefined, done: true }, { value: undefined, done: true }]);
    shown.at(6, [await reader.closed], [undefined]);
  }

  // Backpressure: pull is called while desiredSize > 0, once at a time.
  {
    let pulls = 0;
    let ctrl;
    const rs = new ReadableStream({
      start(c) { ctrl = c; },
      pull(c) {
        pulls++;
        shown.at(7, ["pull", pulls, "desiredSize", c.desiredSize], ["pull", 1, "desiredSize", 3], ["pull", 2, "desiredSize", 2], ["pull", 3, "desiredSize", 1], ["pull", 4, "desiredSize", 1]);
        c.enqueue(pulls);
      },
    }, new CountQueuingStrategy({ highWaterMark: 3 }));
    await new Promise((r) => setTimeout(r, 5));
    shown.at(8, ["pulls after start", pulls, "desiredSize", ctrl.desiredSize], ["pulls after start", 3, "desiredSize", 0]);
    const reader = rs.getReader();
    shown.at(9, [await reader.read()], [{ value: 1, done: false }]);
    await new Promise((r) => setTimeout(r, 5));
    shown.at(10, ["pulls after one read", pulls, ctrl.desiredSize], ["pulls after one read", 4, 0]);
  }

  // Size function and highWaterMark in the strategy.
  {
    let ctrl;
    new ReadableStream({ start(c) { ctrl = c; } }, { highWaterMark: 10, size: (chunk) => chunk.length });
    ctrl.enqueue("abcd");
    shown.at(11, ["sized", ctrl.desiredSize], ["sized", 6]);
    ctrl.enqueue("abcdefgh");
    shown.at(12, ["sized", ctrl.desiredSize], ["sized", -2]);
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
    shown.at(13, [a, b, order.join(",")], [{ value: 1, done: false }, { value: 3, done: false }, "pull,enqueued,pull,enqueued"]);
  }

  // error() rejects pending and future reads and the closed promise.
  {
    let ctrl;
    const rs = new ReadableStream({ start(c) { ctrl = c; } });
    const reader = rs.getReader();
    const pending = reader.read();
    ctrl.error(new Error("boom"));
    shown.at(14, [await pending.catch((e) => "pending: " + e.message)], ["pending: boom"]);
    shown.at(15, [await reader.read().catch((e) => "later: " + e.message)], ["later: boom"]);
    shown.at(16, [await reader.closed.catch((e) => "closed: " + e.message)], ["closed: boom"]);
    shown.at(17, [ctrl.desiredSize, rs], [null, inspected("ReadableStream { locked: true, state: \"errored\", supportsBYOB: false }")]);
  }

  // A start that rejects errors the stream.
  {
    const rs = new ReadableStream({ start() { return Promise.reject(new Error("no start")); } });
    shown.at(18, [await rs.getReader().read().catch((e) => e.message)], ["no start"]);
  }

  // cancel() reaches the source with its reason, resolves pending reads as done.
  {
    let reason;
    const rs = new ReadableStream({
      start(c) { c.enqueue(1); },
      cancel(r) { reason = r; return new Promise((res) => setTimeout(() => res("ignored"), 2)); },
    });
    const reader = rs.getReader();
    shown.at(19, [await reader.read()], [{ value: 1, done: false }]);
    const pending = reader.read();
    shown.at(20, [await reader.cancel("stop"), reason, await pending], [undefined, "stop", { value: undefined, done: true }]);
    shown.at(21, [await reader.closed, rs], [undefined, inspected("ReadableStream { locked: true, state: \"closed\", supportsBYOB: false }")]);
  }

  // cancel() when the source's cancel throws.
  {
    const rs = new ReadableStream({ cancel() { throw new Error("cancel failed"); } });
    shown.at(22, [await rs.cancel().catch((e) => e.message)], ["cancel failed"]);
  }

  // releaseLock with a pending read rejects it; the stream can be read again.
  {
    let ctrl;
    const rs = new ReadableStream({ start(c) { ctrl = c; } });
    const reader = rs.getReader();
    const pending = reader.read();
    reader.releaseLock();
    shown.at(23, [await pending.catch((e) => `${e.name}: ${e.message}`)], ["TypeError: The reader was released."]);
    shown.at(24, [await reader.closed.catch((e) => `${e.name}: ${e.message}`)], ["TypeError: Reader was released and can no longer be used to monitor the stream's closedness."]);
    shown.at(25, [await reader.read().catch((e) => `${e.name}: ${e.message}`)], ["TypeError: Reader has no associated stream."]);
    reader.releaseLock();
    const reader2 = rs.getReader();
    ctrl.enqueue("again");
    shown.at(26, [await reader2.read()], [{ value: "again", done: false }]);
  }

  // Reading a closed or errored stream through a new reader.
  {
    const closed = new ReadableStream({ start(c) { c.close(); } });
    shown.at(27, [await closed.getReader().read()], [{ value: undefined, done: true }]);
    const errored = new ReadableStream({ start(c) { c.error("bad"); } });
    shown.at(28, [await errored.getReader().read().catch((e) => e)], ["bad"]);
    shown.at(29, [await errored.cancel().catch((e) => "cancel: " + e)], ["cancel: TypeError: Cannot cancel a locked ReadableStream."]);
  }

  // The default reader constructor and the controller's class.
  {
    let ctrl;
    const rs = new ReadableStream({ start(c) { ctrl = c; } });
    const reader = new ReadableStreamDefaultReader(rs);
    shown.at(30, [reader instanceof ReadableStreamDefaultReader, ctrl instanceof ReadableStreamDefaultController, ctrl], [true, true, inspected("ReadableStreamDefaultController { desiredSize: 1 }")]);
    shown.at(31, [Object.prototype.toString.call(reader), Object.prototype.toString.call(ctrl)], ["[object ReadableStreamDefaultReader]", "[object ReadableStreamDefaultController]"]);
  }
  shown.done([1, 2, 3, 4, 5, 6, 7, 7, 7, 8, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]);
});
