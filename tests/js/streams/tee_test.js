// tee() of default and byte streams: both branches see every chunk, cancel of
// both reaches the source with both reasons, errors reach both branches.
import { inspected, Shown } from "../shown.ts";

Deno.test("tee() of default and byte streams: both branches see every chunk, cancel of both reaches the source with both reasons, errors reach both branches", async () => {
  const shown = new Shown();
  async function all(rs) {
    const out = [];
    for await (const c of rs) out.push(c instanceof Uint8Array ? `[${c}]` : c);
    return out.join(" ");
  }

  {
    const rs = new ReadableStream({ start(c) { c.enqueue("a"); c.enqueue({ n: 1 }); c.close(); } });
    const [b1, b2] = rs.tee();
    shown.at(1, [rs.locked, b1, b2.locked], [true, inspected("ReadableStream {\n  locked: false,\n  state: \"readable\",\n  supportsBYOB: false\n}"), false]);
    const o1 = [], o2 = [];
    for await (const c of b1) o1.push(c);
    for await (const c of b2) o2.push(c);
    shown.at(2, [o1, o2, o1[1] === o2[1]], [["a", { n: 1 }], ["a", { n: 1 }], true]);
  }

  // Reading one branch does not need the other to be read.
  {
    let pulls = 0;
    const rs = new ReadableStream({ pull(c) { pulls++; c.enqueue(pulls); if (pulls === 3) c.close(); } });
    const [b1, b2] = rs.tee();
    shown.at(3, [await all(b1), "pulls", pulls], ["1 2 3", "pulls", 3]);
    shown.at(4, [await all(b2)], ["1 2 3"]);
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
    shown.at(5, ["after one cancel", settled, reason], ["after one cancel", false, undefined]);
    shown.at(6, [await b2.cancel("two"), await p1, reason], [undefined, undefined, ["one", "two"]]);
  }

  // An error in the source errors both branches.
  {
    let ctrl;
    const rs = new ReadableStream({ start(c) { ctrl = c; } });
    const [b1, b2] = rs.tee();
    const r1 = b1.getReader(), r2 = b2.getReader();
    ctrl.enqueue(1);
    shown.at(7, [await r1.read(), await r2.read()], [{ value: 1, done: false }, { value: 1, done: false }]);
    ctrl.error(new Error("source failed"));
    shown.at(8, [await r1.read().catch((e) => e.message), await r2.closed.catch((e) => e.message)], ["source failed", "source failed"]);
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
    shown.at(9, [b1, b2], [inspected("ReadableStream { locked: false, state: \"readable\", supportsBYOB: true }"), inspected("ReadableStream { locked: false, state: \"readable\", supportsBYOB: true }")]);
    const reader = b1.getReader({ mode: "byob" });
    const first = await reader.read(new Uint8Array(2));
    shown.at(10, [first.value, first.done], [new Uint8Array([1, 2]), false]);
    const second = await reader.read(new Uint8Array(8));
    shown.at(11, [second.value, second.done], [new Uint8Array([3, 4, 5]), false]);
    shown.at(12, [await reader.read(new Uint8Array(8))], [{ value: new Uint8Array([]), done: true }]);
    shown.at(13, [await all(b2)], ["[1,2] [3,4,5]"]);
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
    shown.at(14, [(await r1.read(new Uint8Array(4))).value], [new Uint8Array([1])]);
    shown.at(15, [await all(b2)], ["[1] [2,2] [3,3]"]);
    const rest = [];
    for (;;) {
      const { value, done } = await r1.read(new Uint8Array(4));
      if (done) break;
      rest.push(`[${value}]`);
    }
    shown.at(16, [rest.join(" ")], ["[2,2,3,3]"]);
  }

  // Byte stream tee: cancel both; error on the source.
  {
    let reason;
    const rs = new ReadableStream({ type: "bytes", cancel(r) { reason = r; } });
    const [b1, b2] = rs.tee();
    await Promise.all([b1.cancel("x"), b2.cancel("y")]);
    shown.at(17, [reason], [["x", "y"]]);
    let ctrl;
    const rs2 = new ReadableStream({ type: "bytes", start(c) { ctrl = c; } });
    const [c1, c2] = rs2.tee();
    ctrl.error(new TypeError("bytes failed"));
    shown.at(18, [await c1.getReader().read().catch((e) => e.message), await c2.getReader({ mode: "byob" }).read(new Uint8Array(1)).catch((e) => e.message)], ["bytes failed", "bytes failed"]);
  }
  shown.done([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
});
