// Async iteration of ReadableStream: for await, break cancels (unless
// preventCancel), values(), the iterator's next/return, errors.
import { inspected, Shown } from "../shown.ts";

Deno.test("Async iteration of ReadableStream: for await, break cancels (unless preventCancel), values(), the iterator's next/return, errors", async () => {
  const shown = new Shown();
  function counting(n, name) {
    let i = 0;
    return new ReadableStream({
      pull(c) {
        i++;
        c.enqueue(i);
        if (i === n) c.close();
      },
      cancel(reason) { shown.at(1, [name, "cancelled with", reason], ["b", "cancelled with", undefined], ["f", "cancelled with", "done early"]); },
    });
  }

  {
    const got = [];
    for await (const x of counting(3, "a")) got.push(x);
    shown.at(2, [got], [[1, 2, 3]]);
  }

  // break cancels the stream and releases it.
  {
    const rs = counting(10, "b");
    for await (const x of rs) {
      if (x === 2) break;
    }
    shown.at(3, ["after break", rs.locked, rs], ["after break", false, inspected("ReadableStream { locked: false, state: \"closed\", supportsBYOB: false }")]);
  }

  // preventCancel keeps the stream readable after break.
  {
    const rs = counting(4, "c");
    for await (const x of rs.values({ preventCancel: true })) {
      if (x === 2) break;
    }
    shown.at(4, ["after preventCancel break", rs.locked], ["after preventCancel break", false]);
    const rest = [];
    for await (const x of rs) rest.push(x);
    shown.at(5, [rest], [[3, 4]]);
  }

  // The iterator object.
  {
    const rs = counting(2, "d");
    const it = rs[Symbol.asyncIterator]();
    shown.at(6, [Object.prototype.toString.call(it), Object.getPrototypeOf(Object.getPrototypeOf(it)) === Object.getPrototypeOf(Object.getPrototypeOf((async function* () {})()))], ["[object Object]", false]);
    shown.at(7, [ReadableStream.prototype[Symbol.asyncIterator] === ReadableStream.prototype.values], [true]);
    shown.at(8, [rs.locked, await it.next(), await it.next(), await it.next(), await it.next(), rs.locked], [true, { value: 1, done: false }, { value: 2, done: false }, { value: undefined, done: true }, { value: undefined, done: true }, false]);
    shown.at(9, [await it.return("r")], [{ value: "r", done: true }]);
  }

  // Concurrent next() calls are served in order.
  {
    const it = counting(3, "e").values();
    const results = await Promise.all([it.next(), it.next(), it.next(), it.next()]);
    shown.at(10, [results], [[{ value: 1, done: false }, { value: 2, done: false }, { value: 3, done: false }, { value: undefined, done: true }]]);
  }

  // return() with a value cancels with that value.
  {
    const it = counting(5, "f").values();
    shown.at(11, [await it.next()], [{ value: 1, done: false }]);
    shown.at(12, [await it.return("done early")], [{ value: "done early", done: true }]);
    shown.at(13, [await it.next()], [{ value: undefined, done: true }]);
  }

  // An erroring stream rejects next(); the iterator is finished afterwards.
  {
    let ctrl;
    const rs = new ReadableStream({ start(c) { ctrl = c; } });
    const it = rs.values();
    const pending = it.next();
    ctrl.error(new Error("iteration failed"));
    shown.at(14, [await pending.catch((e) => e.message)], ["iteration failed"]);
    shown.at(15, [await it.next(), rs.locked], [{ value: undefined, done: true }, false]);
    try {
      for await (const x of new ReadableStream({ start(c) { c.error(new RangeError("at once")); } })) shown.at(16, [x]);
    } catch (e) {
      shown.at(17, [`${e.name}: ${e.message}`], ["RangeError: at once"]);
    }
  }

  // Errors.
  {
    const rs = new ReadableStream();
    rs.getReader();
    try { rs.values(); } catch (e) { shown.at(18, [`${e.name}: ${e.message}`], ["TypeError: ReadableStream is locked"]); }
    try { for await (const x of rs) shown.at(19, [x]); } catch (e) { shown.at(20, [`${e.name}: ${e.message}`], ["TypeError: ReadableStream is locked"]); }
  }
  shown.done([2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 12, 13, 14, 15, 17, 18, 20]);
});
