// pipeTo and pipeThrough: data flow, close/error/cancel propagation and the
// preventClose/preventAbort/preventCancel options.
import { Shown } from "../shown.ts";

Deno.test("pipeTo and pipeThrough: data flow, close/error/cancel propagation and the preventClose/preventAbort/preventCancel options", async () => {
  const shown = new Shown();
  const tick = () => new Promise((r) => setTimeout(r, 2));

  function source(chunks, extra = {}) {
    return new ReadableStream({
      start(c) {
        for (const x of chunks) c.enqueue(x);
        if (!extra.open) c.close();
        extra.ctrl = c;
      },
      cancel(r) { shown.at(1, ["source cancel", r instanceof Error ? `${r.name}: ${r.message}` : r], ["source cancel", "Error: s6 failed on 2"], ["source cancel", "TypeError: The destination writable stream closed before all the data could be piped to it."], ["source cancel", "Error: dead sink"]); },
    });
  }
  function sink(name, extra = {}) {
    const got = [];
    const ws = new WritableStream({
      write(c) {
        got.push(c);
        if (extra.failOn === c) throw new Error(`${name} failed on ${c}`);
      },
      close() { shown.at(2, [name, "close", got.join(",")], ["s1", "close", "1,2,3"], ["s2", "close", "1"], ["s3", "close", "a,b"], ["s5", "close", "1,2"]); },
      abort(r) { shown.at(3, [name, "abort", r instanceof Error ? r.message : r, got.join(",")], ["s4", "abort", "source broke", "1"]); },
    }, extra.strategy);
    return ws;
  }

  shown.at(4, [await source([1, 2, 3]).pipeTo(sink("s1"))], [undefined]);
  const rs = source([1]);
  const ws = sink("s2");
  const p = rs.pipeTo(ws);
  shown.at(5, ["locked while piping", rs.locked, ws.locked], ["locked while piping", true, true]);
  await p;
  shown.at(6, ["unlocked after", rs.locked, ws.locked], ["unlocked after", false, false]);

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
    shown.at(7, [await piped.catch((e) => "rejected " + e.message)], ["rejected source broke"]);
    const extra2 = { open: true };
    const r2 = source([1], extra2);
    const w2 = sink("s5");
    const piped2 = r2.pipeTo(w2, { preventAbort: true });
    extra2.ctrl.error(new Error("source broke 2"));
    shown.at(8, [await piped2.catch((e) => "rejected " + e.message), w2.locked], ["rejected source broke 2", false]);
    const writer = w2.getWriter();
    await writer.write(2);
    await writer.close();
  }

  // Destination errors: the source is cancelled unless preventCancel.
  {
    shown.at(9, [await source([1, 2, 3], { open: true }).pipeTo(sink("s6", { failOn: 2 })).catch((e) => "rejected " + e.message)], ["rejected s6 failed on 2"]);
    const r = source([1, 2, 3], { open: true });
    shown.at(10, [await r.pipeTo(sink("s7", { failOn: 1 }), { preventCancel: true }).catch((e) => "rejected " + e.message), r.locked], ["rejected s7 failed on 1", false]);
    const reader = r.getReader();
    shown.at(11, [await reader.read()], [{ value: 2, done: false }]);
  }

  // Closed destination: the source is cancelled with a TypeError.
  {
    const w = new WritableStream();
    await w.close();
    shown.at(12, [await source([1], { open: true }).pipeTo(w).catch((e) => `${e.name}: ${e.message}`)], ["TypeError: The destination writable stream closed before all the data could be piped to it."]);
    const w2 = new WritableStream();
    await w2.close();
    const r2 = source([1], { open: true });
    shown.at(13, [await r2.pipeTo(w2, { preventCancel: true }).catch((e) => `${e.name}: ${e.message}`), r2.locked], ["TypeError: The destination writable stream closed before all the data could be piped to it.", false]);
  }

  // Errored destination before the pipe starts.
  {
    const w = new WritableStream({ start(c) { c.error(new Error("dead sink")); } });
    await tick();
    shown.at(14, [await source([1], { open: true }).pipeTo(w).catch((e) => "rejected " + e.message)], ["rejected dead sink"]);
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
    shown.at(15, [seen.join(" ")], ["1@1 2@2 3@3 4@4 5@5"]);
  }

  // pipeThrough returns the transform's readable.
  {
    const ts = new TransformStream({ transform(c, ctrl) { ctrl.enqueue(c * 10); } });
    const out = source([1, 2]).pipeThrough(ts);
    shown.at(16, [out === ts.readable, ts.writable.locked], [true, true]);
    const got = [];
    for await (const c of out) got.push(c);
    shown.at(17, [got], [[10, 20]]);
    const chained = source(["x", "y"])
      .pipeThrough(new TransformStream({ transform(c, ctrl) { ctrl.enqueue(c.toUpperCase()); } }))
      .pipeThrough(new TransformStream({ transform(c, ctrl) { ctrl.enqueue(c + c); } }));
    const got2 = [];
    for await (const c of chained) got2.push(c);
    shown.at(18, [got2], [["XX", "YY"]]);
  }
  shown.done([2, 4, 5, 2, 6, 2, 3, 7, 8, 2, 1, 9, 10, 11, 1, 12, 13, 1, 14, 15, 16, 17, 18]);
});
