// ReadableStream.from: arrays, iterables, async iterables, generators, and
// what cancel does to the iterator.
const log = (...args) => console.log(...args);
async function all(rs) {
  const out = [];
  for await (const x of rs) out.push(x);
  return out;
}

log(await all(ReadableStream.from([1, 2, 3])));
try { ReadableStream.from("héllo"); } catch (e) { log(`${e.name}: ${e.message}`); }
log(await all(ReadableStream.from(new String("ab"))));
log(await all(ReadableStream.from(new Set(["a", "b"]))));
log(await all(ReadableStream.from([Promise.resolve("p1"), "plain"])));
log(await all(ReadableStream.from((function* () { yield 1; yield 2; })())));
log(await all(ReadableStream.from((async function* () { yield "x"; await null; yield "y"; })())));
log(await all(ReadableStream.from(ReadableStream.from([7, 8]))));
const rs = ReadableStream.from([]);
log(rs, rs instanceof ReadableStream);

// Pulls are lazy (highWaterMark 0).
{
  let produced = 0;
  const stream = ReadableStream.from((function* () {
    while (true) yield ++produced;
  })());
  await new Promise((r) => setTimeout(r, 2));
  log("produced before reading", produced);
  const reader = stream.getReader();
  log(await reader.read(), await reader.read(), "produced", produced);
  await reader.cancel("stop");
  log("produced after cancel", produced);
}

// cancel calls return() with the reason.
{
  const it = {
    [Symbol.asyncIterator]() { return this; },
    next() { return Promise.resolve({ value: "v", done: false }); },
    return(reason) { log("return called with", reason); return Promise.resolve({ done: true }); },
  };
  const stream = ReadableStream.from(it);
  const reader = stream.getReader();
  log(await reader.read());
  log(await reader.cancel("because"));
}

// A generator's finally runs on cancel.
{
  const stream = ReadableStream.from((function* () {
    try {
      yield 1;
      yield 2;
    } finally {
      log("generator finally");
    }
  })());
  for await (const x of stream) {
    log("got", x);
    break;
  }
}

// Errors from the iterator error the stream.
{
  const bad = { [Symbol.asyncIterator]() { return { next() { return Promise.resolve(5); } }; } };
  log(await all(ReadableStream.from(bad)).catch((e) => `${e.name}: ${e.message}`));
  const throws = { [Symbol.asyncIterator]() { return { next() { throw new Error("next threw"); } }; } };
  log(await all(ReadableStream.from(throws)).catch((e) => `${e.name}: ${e.message}`));
  const gen = (async function* () { yield 1; throw new Error("generator threw"); })();
  log(await all(ReadableStream.from(gen)).catch((e) => `${e.name}: ${e.message}`));
  const badReturn = {
    [Symbol.asyncIterator]() { return { next() { return { value: 1, done: false }; }, return() { return 1; } }; },
  };
  log(await ReadableStream.from(badReturn).cancel().catch((e) => `${e.name}: ${e.message}`));
  const noReturn = { [Symbol.asyncIterator]() { return { next() { return { value: 1, done: false }; } }; } };
  log(await ReadableStream.from(noReturn).cancel("r"));
}
