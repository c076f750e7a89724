// tee() of default and byte streams: both branches see every chunk, cancel of
// both reaches the source with both reasons, errors reach both branches.
const log = (...args) => console.log(...args);
async function all(rs) {
  const out = [];
  for await (const c of rs) out.push(c instanceof Uint8Array ? `[${c}]` : c);
  return out.join(" ");
}

{
  const rs = new ReadableStream({ start(c) { c.enqueue("a"); c.enqueue({ n: 1 }); c.close(); } });
  const [b1, b2] = rs.tee();
  log(rs.locked, b1, b2.locked);
  const o1 = [], o2 = [];
  for await (const c of b1) o1.push(c);
  for await (const c of b2) o2.push(c);
  log(o1, o2, o1[1] === o2[1]);
}

// Reading one branch does not need the other to be read.
{
  let pulls = 0;
  const rs = new ReadableStream({ pull(c) { pulls++; c.enqueue(pulls); if (pulls === 3) c.close(); } });
  const [b1, b2] = rs.tee();
  log(await all(b1), "pulls", pulls);
  log(await all(b2));
}

// Cancelling both branches cancels the source with [reason1, reason2].
{
  let reason;
  const rs = new ReadableStream({ cancel(r) { reason = r; return "x"; } });
  const [b1, b2] = rs.tee();
  const p1 = b1.cancel("one");
  let settled = false;
  p1.then(() => { settled = true; });
  await new Promise((r) => setTimeout(r, 2));
  log("after one cancel", settled, reason);
  log(await b2.cancel("two"), await p1, reason);
}

// An error in the source errors both branches.
{
  let ctrl;
  const rs = new ReadableStream({ start(c) { ctrl = c; } });
  const [b1, b2] = rs.tee();
  const r1 = b1.getReader(), r2 = b2.getReader();
  ctrl.enqueue(1);
  log(await r1.read(), await r2.read());
  ctrl.error(new Error("source failed"));
  log(await r1.read().catch((e) => e.message), await r2.closed.catch((e) => e.message));
}

// Byte stream tee: chunks are copied for the second branch; BYOB reads work on branches.
{
  const rs = new ReadableStream({
    type: "bytes",
    start(c) {
      c.enqueue(new Uint8Array([1, 2, 3]));
      c.enqueue(new Uint8Array([4, 5]));
      c.close();
    },
  });
  const [b1, b2] = rs.tee();
  log(b1, b2);
  const reader = b1.getReader({ mode: "byob" });
  const first = await reader.read(new Uint8Array(2));
  log(first.value, first.done);
  const second = await reader.read(new Uint8Array(8));
  log(second.value, second.done);
  log(await reader.read(new Uint8Array(8)));
  log(await all(b2));
}

// Byte stream tee with pull: BYOB reads on one branch, default reads on the other.
{
  let n = 0;
  const rs = new ReadableStream({
    type: "bytes",
    pull(c) {
      n++;
      const req = c.byobRequest;
      if (req) {
        req.view[0] = n;
        req.respond(1);
      } else {
        c.enqueue(new Uint8Array([n, n]));
      }
      if (n === 3) {
        c.close();
        c.byobRequest?.respond(0);
      }
    },
  });
  const [b1, b2] = rs.tee();
  const r1 = b1.getReader({ mode: "byob" });
  log((await r1.read(new Uint8Array(4))).value);
  log(await all(b2));
  const rest = [];
  for (;;) {
    const { value, done } = await r1.read(new Uint8Array(4));
    if (done) break;
    rest.push(`[${value}]`);
  }
  log(rest.join(" "));
}

// Byte stream tee: cancel both; error on the source.
{
  let reason;
  const rs = new ReadableStream({ type: "bytes", cancel(r) { reason = r; } });
  const [b1, b2] = rs.tee();
  await Promise.all([b1.cancel("x"), b2.cancel("y")]);
  log(reason);
  let ctrl;
  const rs2 = new ReadableStream({ type: "bytes", start(c) { ctrl = c; } });
  const [c1, c2] = rs2.tee();
  ctrl.error(new TypeError("bytes failed"));
  log(await c1.getReader().read().catch((e) => e.message), await c2.getReader({ mode: "byob" }).read(new Uint8Array(1)).catch((e) => e.message));
}
