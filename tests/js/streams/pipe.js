// pipeTo and pipeThrough: data flow, close/error/cancel propagation and the
// preventClose/preventAbort/preventCancel options.
const log = (...args) => console.log(...args);
const tick = () => new Promise((r) => setTimeout(r, 2));

function source(chunks, extra = {}) {
  return new ReadableStream({
    start(c) {
      for (const x of chunks) c.enqueue(x);
      if (!extra.open) c.close();
      extra.ctrl = c;
    },
    cancel(r) { log("source cancel", r instanceof Error ? `${r.name}: ${r.message}` : r); },
  });
}
function sink(name, extra = {}) {
  const got = [];
  const ws = new WritableStream({
    write(c) {
      got.push(c);
      if (extra.failOn === c) throw new Error(`${name} failed on ${c}`);
    },
    close() { log(name, "close", got.join(",")); },
    abort(r) { log(name, "abort", r instanceof Error ? r.message : r, got.join(",")); },
  }, extra.strategy);
  return ws;
}

log(await source([1, 2, 3]).pipeTo(sink("s1")));
const rs = source([1]);
const ws = sink("s2");
const p = rs.pipeTo(ws);
log("locked while piping", rs.locked, ws.locked);
await p;
log("unlocked after", rs.locked, ws.locked);

// preventClose.
{
  const w = sink("s3");
  await source(["a"]).pipeTo(w, { preventClose: true });
  const writer = w.getWriter();
  await writer.write("b");
  await writer.close();
}

// Source errors: the destination is aborted unless preventAbort.
{
  const extra = { open: true };
  const r = source([1], extra);
  const piped = r.pipeTo(sink("s4"));
  await tick();
  extra.ctrl.error(new Error("source broke"));
  log(await piped.catch((e) => "rejected " + e.message));
  const extra2 = { open: true };
  const r2 = source([1], extra2);
  const w2 = sink("s5");
  const piped2 = r2.pipeTo(w2, { preventAbort: true });
  extra2.ctrl.error(new Error("source broke 2"));
  log(await piped2.catch((e) => "rejected " + e.message), w2.locked);
  const writer = w2.getWriter();
  await writer.write(2);
  await writer.close();
}

// Destination errors: the source is cancelled unless preventCancel.
{
  log(await source([1, 2, 3], { open: true }).pipeTo(sink("s6", { failOn: 2 })).catch((e) => "rejected " + e.message));
  const r = source([1, 2, 3], { open: true });
  log(await r.pipeTo(sink("s7", { failOn: 1 }), { preventCancel: true }).catch((e) => "rejected " + e.message), r.locked);
  const reader = r.getReader();
  log(await reader.read());
}

// Closed destination: the source is cancelled with a TypeError.
{
  const w = new WritableStream();
  await w.close();
  log(await source([1], { open: true }).pipeTo(w).catch((e) => `${e.name}: ${e.message}`));
  const w2 = new WritableStream();
  await w2.close();
  const r2 = source([1], { open: true });
  log(await r2.pipeTo(w2, { preventCancel: true }).catch((e) => `${e.name}: ${e.message}`), r2.locked);
}

// Errored destination before the pipe starts.
{
  const w = new WritableStream({ start(c) { c.error(new Error("dead sink")); } });
  await tick();
  log(await source([1], { open: true }).pipeTo(w).catch((e) => "rejected " + e.message));
}

// Backpressure: a slow sink with highWaterMark 1 never has more than one chunk queued.
{
  let pulls = 0;
  const r = new ReadableStream({
    pull(c) {
      pulls++;
      c.enqueue(pulls);
      if (pulls === 5) c.close();
    },
  }, { highWaterMark: 0 });
  const seen = [];
  const w = new WritableStream({
    async write(c, ctrl) {
      seen.push(`${c}@${pulls}`);
      await tick();
    },
  }, new CountQueuingStrategy({ highWaterMark: 1 }));
  await r.pipeTo(w);
  log(seen.join(" "));
}

// pipeThrough returns the transform's readable.
{
  const ts = new TransformStream({ transform(c, ctrl) { ctrl.enqueue(c * 10); } });
  const out = source([1, 2]).pipeThrough(ts);
  log(out === ts.readable, ts.writable.locked);
  const got = [];
  for await (const c of out) got.push(c);
  log(got);
  const chained = source(["x", "y"])
    .pipeThrough(new TransformStream({ transform(c, ctrl) { ctrl.enqueue(c.toUpperCase()); } }))
    .pipeThrough(new TransformStream({ transform(c, ctrl) { ctrl.enqueue(c + c); } }));
  const got2 = [];
  for await (const c of chained) got2.push(c);
  log(got2);
}
