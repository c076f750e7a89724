// The default controller's queue: chunks counted 1 by default, sizes kept once
// one is not 1 (with the spec's rounding), more than 1024 chunks (compaction),
// reads and enqueues interleaved, pulls, errors and cancels, and the order in
// which read and closed promises settle.
const log = (...a) => console.log(...a);

async function drain(reader) {
  const out = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return out;
    out.push(value);
  }
}

// 1. Count of 1: desiredSize as chunks are queued and read.
{
  let c;
  const rs = new ReadableStream({ start(controller) { c = controller; } }, { highWaterMark: 3 });
  const sizes = [c.desiredSize];
  for (let i = 0; i < 5; i++) { c.enqueue(i); sizes.push(c.desiredSize); }
  const reader = rs.getReader();
  const values = [];
  for (let i = 0; i < 3; i++) { values.push((await reader.read()).value); sizes.push(c.desiredSize); }
  c.enqueue(5);
  sizes.push(c.desiredSize);
  c.close();
  sizes.push(c.desiredSize);
  values.push(...await drain(reader));
  sizes.push(c.desiredSize);
  log("count", values.join(","), sizes.join(","));
}

// 2. A size that is not 1 after some that are: the total switches to sizes.
{
  let c;
  const rs = new ReadableStream({ start(controller) { c = controller; } },
    { highWaterMark: 10, size: (chunk) => chunk.size });
  const sizes = [];
  for (const size of [1, 1, 2.5, 1, 0]) { c.enqueue({ size }); sizes.push(c.desiredSize); }
  const reader = rs.getReader();
  for (let i = 0; i < 5; i++) { await reader.read(); sizes.push(c.desiredSize); }
  c.enqueue({ size: 1 });
  sizes.push(c.desiredSize);
  log("sizes", sizes.join(","));
}

// 3. Rounding: the total is what the spec's additions and subtractions give.
{
  let c;
  const rs = new ReadableStream({ start(controller) { c = controller; } },
    { highWaterMark: 1, size: (chunk) => chunk });
  const sizes = [];
  for (const size of [0.1, 0.2, 0.3]) { c.enqueue(size); sizes.push(c.desiredSize); }
  const reader = rs.getReader();
  for (let i = 0; i < 3; i++) { await reader.read(); sizes.push(c.desiredSize); }
  c.enqueue(Number.MAX_SAFE_INTEGER);
  c.enqueue(2);
  sizes.push(c.desiredSize);
  await reader.read();
  sizes.push(c.desiredSize);
  await reader.read();
  sizes.push(c.desiredSize);
  log("rounding", sizes.join(","));
}

// 4. A size function that always returns 1 is still called, once per chunk.
{
  let calls = 0;
  const rs = new ReadableStream({
    start(c) { for (let i = 0; i < 3; i++) c.enqueue(i); log("size1 desiredSize", c.desiredSize); c.close(); },
  }, { highWaterMark: 4, size() { calls++; return 1; } });
  log("size1", (await drain(rs.getReader())).join(","), "calls", calls);
}

// 5. Invalid sizes error the stream and throw.
for (const size of [-1, NaN, Infinity]) {
  let c;
  const rs = new ReadableStream({ start(controller) { c = controller; } }, { size: () => size });
  try {
    c.enqueue("x");
    log("bad size", String(size), "no error");
  } catch (e) {
    log("bad size", String(size), e.constructor.name, e.message);
  }
  await rs.getReader().read().then((r) => log("  read", r), (e) => log("  read rejected", e.constructor.name));
}

// 6. More than 1024 chunks, read in two rounds with enqueues in between.
{
  let c;
  const rs = new ReadableStream({ start(controller) { c = controller; } });
  for (let i = 0; i < 3000; i++) c.enqueue(i);
  const reader = rs.getReader();
  let sum = 0, ok = true, next = 0;
  for (let i = 0; i < 2500; i++) {
    const { value } = await reader.read();
    if (value !== next++) ok = false;
    sum += value;
  }
  for (let i = 3000; i < 5000; i++) c.enqueue(i);
  log("long desiredSize", c.desiredSize);
  c.close();
  for (const value of await drain(reader)) {
    if (value !== next++) ok = false;
    sum += value;
  }
  log("long", ok, next, sum);
}

// 7. Long queue with sizes (compaction keeps sizes with their chunks).
{
  let c;
  const rs = new ReadableStream({ start(controller) { c = controller; } },
    { highWaterMark: 0, size: (chunk) => (chunk % 3) + 0.5 });
  for (let i = 0; i < 3000; i++) c.enqueue(i);
  const reader = rs.getReader();
  const seen = [];
  for (let i = 0; i < 2999; i++) {
    await reader.read();
    if (i % 500 === 0 || i > 2995) seen.push(c.desiredSize);
  }
  log("long sizes", seen.join(","));
}

// 8. A read waiting when a chunk comes: the chunk goes to it, not the queue.
{
  let c;
  const rs = new ReadableStream({ start(controller) { c = controller; } });
  const reader = rs.getReader();
  const pending = reader.read();
  c.enqueue("a");
  log("waiting desiredSize", c.desiredSize);
  c.enqueue("b");
  log("waiting", JSON.stringify(await pending), c.desiredSize, JSON.stringify(await reader.read()));
}

// 9. Pulls: when each is called as chunks are read.
{
  let pulls = 0, n = 0;
  const rs = new ReadableStream({
    start(c) { c.enqueue(n++); c.enqueue(n++); },
    pull(c) {
      pulls++;
      log("  pull", pulls, "desiredSize", c.desiredSize);
      if (n < 6) c.enqueue(n++);
      else c.close();
    },
  }, { highWaterMark: 2 });
  log("pull values", (await drain(rs.getReader())).join(","), "pulls", pulls);
}

// 10. Order of settlement: reads, the reader's closed promise, other reactions.
{
  const order = [];
  const rs = new ReadableStream({ start(c) { c.enqueue(1); c.enqueue(2); c.close(); } });
  const reader = rs.getReader();
  reader.closed.then(() => order.push("closed"));
  Promise.resolve().then(() => order.push("tick 1"));
  reader.read().then((r) => order.push(`read ${r.value}`));
  reader.read().then((r) => order.push(`read ${r.value}`));
  reader.read().then((r) => order.push(`read done ${r.done}`));
  Promise.resolve().then(() => order.push("tick 2"));
  await new Promise((resolve) => setTimeout(resolve, 0));
  log("order", order.join(", "));
}

// 11. Error and cancel with chunks queued.
{
  let c;
  const rs = new ReadableStream({ start(controller) { c = controller; } });
  c.enqueue(1);
  c.enqueue(2);
  const reader = rs.getReader();
  log("before error", JSON.stringify(await reader.read()));
  c.error(new RangeError("boom"));
  log("after error desiredSize", c.desiredSize);
  await reader.read().then(() => log("read after error resolved"), (e) => log("read after error", e.message));
  try { c.enqueue(3); } catch (e) { log("enqueue after error", e.constructor.name, e.message); }
}
{
  let c, reason;
  const rs = new ReadableStream({ start(controller) { c = controller; }, cancel(r) { reason = r; } });
  c.enqueue(1);
  c.enqueue(2);
  const reader = rs.getReader();
  await reader.cancel("enough");
  log("cancel", reason, c.desiredSize, JSON.stringify(await reader.read()));
  try { c.enqueue(3); } catch (e) { log("enqueue after cancel", e.constructor.name, e.message); }
}

// 12. Enqueue after close, close twice, and desiredSize of a closed stream.
{
  let c;
  const rs = new ReadableStream({ start(controller) { c = controller; } });
  c.enqueue("x");
  c.close();
  try { c.enqueue("y"); } catch (e) { log("enqueue after close", e.constructor.name, e.message); }
  try { c.close(); } catch (e) { log("close twice", e.constructor.name, e.message); }
  log("closing desiredSize", c.desiredSize);
  const reader = rs.getReader();
  log("closing", JSON.stringify(await reader.read()), c.desiredSize, JSON.stringify(await reader.read()));
}

// 13. Tee and async iteration of a stream with chunks queued.
{
  const rs = new ReadableStream({ start(c) { for (let i = 0; i < 5; i++) c.enqueue(i); c.close(); } });
  const [a, b] = rs.tee();
  log("tee", (await drain(a.getReader())).join(","), (await drain(b.getReader())).join(","));
  const it = [];
  for await (const v of new ReadableStream({ start(c) { for (let i = 0; i < 4; i++) c.enqueue(i * i); c.close(); } })) it.push(v);
  log("iterate", it.join(","));
}

// 14. A reader released between reads, and a new one taking the rest.
{
  const rs = new ReadableStream({ start(c) { for (let i = 0; i < 4; i++) c.enqueue(i); c.close(); } });
  const first = rs.getReader();
  const one = await first.read();
  first.releaseLock();
  await first.read().then(() => log("released read resolved"), (e) => log("released read", e.constructor.name, e.message));
  log("second reader", one.value, (await drain(rs.getReader())).join(","));
}

// 15. Chunks of every kind come back as they went in.
{
  const chunks = [undefined, null, 0, -0, "s", 1.5, { a: 1 }, [1], 10n, Symbol.for("k")];
  const rs = new ReadableStream({ start(c) { for (const x of chunks) c.enqueue(x); c.close(); } });
  const back = await drain(rs.getReader());
  log("kinds", back.length, back.every((x, i) => Object.is(x, chunks[i])));
}
