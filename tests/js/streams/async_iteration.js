// Async iteration of ReadableStream: for await, break cancels (unless
// preventCancel), values(), the iterator's next/return, errors.
const log = (...args) => console.log(...args);
function counting(n, name) {
  let i = 0;
  return new ReadableStream({
    pull(c) {
      i++;
      c.enqueue(i);
      if (i === n) c.close();
    },
    cancel(reason) { log(name, "cancelled with", reason); },
  });
}

{
  const got = [];
  for await (const x of counting(3, "a")) got.push(x);
  log(got);
}

// break cancels the stream and releases it.
{
  const rs = counting(10, "b");
  for await (const x of rs) {
    if (x === 2) break;
  }
  log("after break", rs.locked, rs);
}

// preventCancel keeps the stream readable after break.
{
  const rs = counting(4, "c");
  for await (const x of rs.values({ preventCancel: true })) {
    if (x === 2) break;
  }
  log("after preventCancel break", rs.locked);
  const rest = [];
  for await (const x of rs) rest.push(x);
  log(rest);
}

// The iterator object.
{
  const rs = counting(2, "d");
  const it = rs[Symbol.asyncIterator]();
  log(Object.prototype.toString.call(it), Object.getPrototypeOf(Object.getPrototypeOf(it)) === Object.getPrototypeOf(Object.getPrototypeOf((async function* () {})())));
  log(ReadableStream.prototype[Symbol.asyncIterator] === ReadableStream.prototype.values);
  log(rs.locked, await it.next(), await it.next(), await it.next(), await it.next(), rs.locked);
  log(await it.return("r"));
}

// Concurrent next() calls are served in order.
{
  const it = counting(3, "e").values();
  const results = await Promise.all([it.next(), it.next(), it.next(), it.next()]);
  log(results);
}

// return() with a value cancels with that value.
{
  const it = counting(5, "f").values();
  log(await it.next());
  log(await it.return("done early"));
  log(await it.next());
}

// An erroring stream rejects next(); the iterator is finished afterwards.
{
  let ctrl;
  const rs = new ReadableStream({ start(c) { ctrl = c; } });
  const it = rs.values();
  const pending = it.next();
  ctrl.error(new Error("iteration failed"));
  log(await pending.catch((e) => e.message));
  log(await it.next(), rs.locked);
  try {
    for await (const x of new ReadableStream({ start(c) { c.error(new RangeError("at once")); } })) log(x);
  } catch (e) {
    log(`${e.name}: ${e.message}`);
  }
}

// Errors.
{
  const rs = new ReadableStream();
  rs.getReader();
  try { rs.values(); } catch (e) { log(`${e.name}: ${e.message}`); }
  try { for await (const x of rs) log(x); } catch (e) { log(`${e.name}: ${e.message}`); }
}
