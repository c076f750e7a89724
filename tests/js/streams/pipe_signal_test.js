// pipeTo with an AbortSignal: abort before and during the pipe, with
// preventAbort/preventCancel, and the WritableStream controller's signal.
import { Shown } from "../shown.ts";

Deno.test("pipeTo with an AbortSignal: abort before and during the pipe, with preventAbort/preventCancel, and the WritableStream controller's signal", async () => {
  const shown = new Shown();
  const tick = () => new Promise((r) => setTimeout(r, 2));
  function source(name) {
    let i = 0;
    return new ReadableStream({
      pull(c) { c.enqueue(++i); },
      cancel(r) { shown.at(1, [name, "source cancel", r instanceof Error ? r.name : r], ["1", "source cancel", "early"], ["2", "source cancel", "midway"], ["4", "source cancel", "AbortError"], ["6", "source cancel", "through"]); },
    }, { highWaterMark: 0 });
  }
  function sink(name) {
    return new WritableStream({
      write() { return tick(); },
      abort(r) { shown.at(2, [name, "sink abort", r instanceof Error ? r.name : r], ["1", "sink abort", "early"], ["2", "sink abort", "midway"], ["4", "sink abort", "AbortError"]); },
      close() { shown.at(3, [name, "sink close"], ["5", "sink close"]); },
    });
  }

  {
    const ac = new AbortController();
    ac.abort("early");
    shown.at(4, [await source("1").pipeTo(sink("1"), { signal: ac.signal }).catch((e) => "rejected " + e)], ["rejected early"]);
  }
  {
    const ac = new AbortController();
    const p = source("2").pipeTo(sink("2"), { signal: ac.signal });
    await tick();
    ac.abort("midway");
    shown.at(5, [await p.catch((e) => "rejected " + e)], ["rejected midway"]);
  }
  {
    const ac = new AbortController();
    const rs = source("3");
    const ws = sink("3");
    const p = rs.pipeTo(ws, { signal: ac.signal, preventAbort: true, preventCancel: true });
    await tick();
    ac.abort(new RangeError("custom reason"));
    shown.at(6, [await p.catch((e) => `rejected ${e.name}: ${e.message}`), rs.locked, ws.locked], ["rejected RangeError: custom reason", false, false]);
  }
  {
    const ac = new AbortController();
    const p = source("4").pipeTo(sink("4"), { signal: ac.signal });
    await tick();
    ac.abort();
    shown.at(7, [await p.catch((e) => `rejected ${e.name}`)], ["rejected AbortError"]);
  }
  {
    // The signal does nothing once the pipe is over.
    const ac = new AbortController();
    await ReadableStream.from([1]).pipeTo(sink("5"), { signal: ac.signal });
    ac.abort("late");
    shown.at(8, ["late abort ignored"], ["late abort ignored"]);
  }
  {
    // pipeThrough with a signal.
    const ac = new AbortController();
    const out = source("6").pipeThrough(new TransformStream(), { signal: ac.signal });
    const reader = out.getReader();
    shown.at(9, [await reader.read()], [{ value: 1, done: false }]);
    ac.abort("through");
    shown.at(10, [await reader.read().catch((e) => "read rejected " + e)], ["read rejected through"]);
  }
  {
    // WritableStreamDefaultController.signal follows abort().
    let ctrl;
    const ws = new WritableStream({ start(c) { ctrl = c; } });
    shown.at(11, [ctrl.signal.aborted], [false]);
    ctrl.signal.addEventListener("abort", () => shown.at(12, ["signal abort event", ctrl.signal.reason], ["signal abort event", "stop writing"]));
    await ws.abort("stop writing");
    shown.at(13, [ctrl.signal.aborted, ctrl.signal.reason], [true, "stop writing"]);
  }
  shown.done([2, 1, 4, 2, 1, 5, 6, 2, 1, 7, 3, 8, 9, 1, 10, 11, 12, 13]);
});
