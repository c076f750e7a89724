// pipeTo with an AbortSignal: abort before and during the pipe, with
// preventAbort/preventCancel, and the WritableStream controller's signal.
const log = (...args) => console.log(...args);
const tick = () => new Promise((r) => setTimeout(r, 2));
function source(name) {
  let i = 0;
  return new ReadableStream({
    pull(c) { c.enqueue(++i); },
    cancel(r) { log(name, "source cancel", r instanceof Error ? r.name : r); },
  }, { highWaterMark: 0 });
}
function sink(name) {
  return new WritableStream({
    write() { return tick(); },
    abort(r) { log(name, "sink abort", r instanceof Error ? r.name : r); },
    close() { log(name, "sink close"); },
  });
}

{
  const ac = new AbortController();
  ac.abort("early");
  log(await source("1").pipeTo(sink("1"), { signal: ac.signal }).catch((e) => "rejected " + e));
}
{
  const ac = new AbortController();
  const p = source("2").pipeTo(sink("2"), { signal: ac.signal });
  await tick();
  ac.abort("midway");
  log(await p.catch((e) => "rejected " + e));
}
{
  const ac = new AbortController();
  const rs = source("3");
  const ws = sink("3");
  const p = rs.pipeTo(ws, { signal: ac.signal, preventAbort: true, preventCancel: true });
  await tick();
  ac.abort(new RangeError("custom reason"));
  log(await p.catch((e) => `rejected ${e.name}: ${e.message}`), rs.locked, ws.locked);
}
{
  const ac = new AbortController();
  const p = source("4").pipeTo(sink("4"), { signal: ac.signal });
  await tick();
  ac.abort();
  log(await p.catch((e) => `rejected ${e.name}`));
}
{
  // The signal does nothing once the pipe is over.
  const ac = new AbortController();
  await ReadableStream.from([1]).pipeTo(sink("5"), { signal: ac.signal });
  ac.abort("late");
  log("late abort ignored");
}
{
  // pipeThrough with a signal.
  const ac = new AbortController();
  const out = source("6").pipeThrough(new TransformStream(), { signal: ac.signal });
  const reader = out.getReader();
  log(await reader.read());
  ac.abort("through");
  log(await reader.read().catch((e) => "read rejected " + e));
}
{
  // WritableStreamDefaultController.signal follows abort().
  let ctrl;
  const ws = new WritableStream({ start(c) { ctrl = c; } });
  log(ctrl.signal.aborted);
  ctrl.signal.addEventListener("abort", () => log("signal abort event", ctrl.signal.reason));
  await ws.abort("stop writing");
  log(ctrl.signal.aborted, ctrl.signal.reason);
}
