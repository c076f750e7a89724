// ReadableStream.from: arrays, iterables, async iterables, generators, and
// what cancel does to the iterator.
import { inspected, Shown } from "../shown.ts";

Deno.test("ReadableStream.from: arrays, iterables, async iterables, generators, and what cancel does to the iterator", async () => {
  const shown = new Shown();
  async function all(rs) {
    const out = [];
    for await (const x of rs) out.push(x);
    return out;
  }

  shown.at(1, [await all(ReadableStream.from([1, 2, 3]))], [[1, 2, 3]]);
  try { ReadableStream.from("héllo"); } catch (e) { shown.at(2, [`${e.name}: ${e.message}`], ["TypeError: Failed to execute 'ReadableStream.from': Argument 1 can not be converted to async sequence."]); }
  shown.at(3, [await all(ReadableStream.from(new String("ab")))], [["a", "b"]]);
  shown.at(4, [await all(ReadableStream.from(new Set(["a", "b"])))], [["a", "b"]]);
  shown.at(5, [await all(ReadableStream.from([Promise.resolve("p1"), "plain"]))], [["p1", "plain"]]);
  shown.at(6, [await all(ReadableStream.from((function* () { yield 1; yield 2; })()))], [[1, 2]]);
  shown.at(7, [await all(ReadableStream.from((async function* () { yield "x"; await null; yield "y"; })()))], [["x", "y"]]);
  shown.at(8, [await all(ReadableStream.from(ReadableStream.from([7, 8])))], [[7, 8]]);
  const rs = ReadableStream.from([]);
  shown.at(9, [rs, rs instanceof ReadableStream], [inspected("ReadableStream {\n  locked: false,\n  state: \"readable\",\n  supportsBYOB: false\n}"), true]);

  // Pulls are lazy (highWaterMark 0).
  {
    let produced = 0;
    const stream = ReadableStream.from((function* () {
      while (true) yield ++produced;
    })());
    await new Promise((r) => setTimeout(r, 2));
    shown.at(10, ["produced before reading", produced], ["produced before reading", 0]);
    const reader = stream.getReader();
    shown.at(11, [await reader.read(), await reader.read(), "produced", produced], [{ value: 1, done: false }, { value: 2, done: false }, "produced", 2]);
    await reader.cancel("stop");
    shown.at(12, ["produced after cancel", produced], ["produced after cancel", 2]);
  }

  // cancel calls return() with the reason.
  {
    const it = {
      [Symbol.asyncIterator]() { return this; },
      next() { return Promise.resolve({ value: "v", done: false }); },
      return(reason) { shown.at(13, ["return called with", reason], ["return called with", "because"]); return Promise.resolve({ done: true }); },
    };
    const stream = ReadableStream.from(it);
    const reader = stream.getReader();
    shown.at(14, [await reader.read()], [{ value: "v", done: false }]);
    shown.at(15, [await reader.cancel("because")], [undefined]);
  }

  // A generator's finally runs on cancel.
  {
    const stream = ReadableStream.from((function* () {
      try {
        yield 1;
        yield 2;
      } finally {
        shown.at(16, ["generator finally"], ["generator finally"]);
      }
    })());
    for await (const x of stream) {
      shown.at(17, ["got", x], ["got", 1]);
      break;
    }
  }

  // Errors from the iterator error the stream.
  {
    const bad = { [Symbol.asyncIterator]() { return { next() { return Promise.resolve(5); } }; } };
    shown.at(18, [await all(ReadableStream.from(bad)).catch((e) => `${e.name}: ${e.message}`)], ["TypeError: Argument 1 failed to iterate next value because the next() method did not return an object, but Number."]);
    const throws = { [Symbol.asyncIterator]() { return { next() { throw new Error("next threw"); } }; } };
    shown.at(19, [await all(ReadableStream.from(throws)).catch((e) => `${e.name}: ${e.message}`)], ["Error: next threw"]);
    const gen = (async function* () { yield 1; throw new Error("generator threw"); })();
    shown.at(20, [await all(ReadableStream.from(gen)).catch((e) => `${e.name}: ${e.message}`)], ["Error: generator threw"]);
    const badReturn = {
      [Symbol.asyncIterator]() { return { next() { return { value: 1, done: false }; }, return() { return 1; } }; },
    };
    shown.at(21, [await ReadableStream.from(badReturn).cancel().catch((e) => `${e.name}: ${e.message}`)], ["TypeError: Argument 1 failed to close iterator because the return() method did not return an object, but Number."]);
    const noReturn = { [Symbol.asyncIterator]() { return { next() { return { value: 1, done: false }; } }; } };
    shown.at(22, [await ReadableStream.from(noReturn).cancel("r")], [undefined]);
  }
  shown.done([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 13, 15, 17, 16, 18, 19, 20, 21, 22]);
});
