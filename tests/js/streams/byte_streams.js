// Byte streams: BYOB readers, byobRequest.respond/respondWithNewView,
// autoAllocateChunkSize, the `min` option, element sizes, and their errors.
const log = (...args) => console.log(...args);
const show = (r) => ({ done: r.done, value: r.value && `${r.value.constructor.name}(${Array.from(r.value).join(",")})` });

// Enqueued chunks fill BYOB reads, split across views.
{
  const rs = new ReadableStream({
    type: "bytes",
    start(c) {
      c.enqueue(new Uint8Array([1, 2, 3, 4, 5]));
      c.enqueue(new Uint8Array([6, 7]));
      c.close();
    },
  });
  log(rs);
  const reader = rs.getReader({ mode: "byob" });
  log(reader);
  log(show(await reader.read(new Uint8Array(3))));
  log(show(await reader.read(new Uint8Array(10))));
  log(show(await reader.read(new Uint8Array(10))));
  log(show(await reader.read(new Uint8Array(2))));
}

// pull with byobRequest: respond writes into the reader's buffer.
{
  let pulls = 0;
  const rs = new ReadableStream({
    type: "bytes",
    pull(c) {
      const req = c.byobRequest;
      pulls++;
      log("pull", pulls, req.view.constructor.name, req.view.byteOffset, req.view.byteLength, c.desiredSize);
      if (pulls === 3) {
        c.close();
        req.respond(0);
        return;
      }
      req.view[0] = pulls * 10;
      req.view[1] = pulls * 10 + 1;
      req.respond(2);
    },
  });
  const reader = rs.getReader({ mode: "byob" });
  const buffer = new ArrayBuffer(8);
  const first = await reader.read(new Uint8Array(buffer, 2, 4));
  log(show(first), buffer.byteLength, first.value.byteOffset, first.value.buffer.byteLength);
  log(show(await reader.read(new Uint8Array(4))));
  log(show(await reader.read(new Uint8Array(4))));
  log(pulls);
}

// respondWithNewView.
{
  const rs = new ReadableStream({
    type: "bytes",
    pull(c) {
      const v = c.byobRequest.view;
      const view = new Uint8Array(v.buffer, v.byteOffset, 3);
      view.set([9, 8, 7]);
      c.byobRequest.respondWithNewView(view);
    },
  });
  const reader = rs.getReader({ mode: "byob" });
  log(show(await reader.read(new Uint8Array(5))));
  await reader.cancel();
}

// Element sizes: Uint16Array reads need whole elements; DataView reads.
{
  const rs = new ReadableStream({
    type: "bytes",
    start(c) {
      c.enqueue(new Uint8Array([1, 0, 2, 0, 3]));
    },
    pull(c) {
      c.enqueue(new Uint8Array([0]));
      c.close();
    },
  });
  const reader = rs.getReader({ mode: "byob" });
  log(show(await reader.read(new Uint16Array(4))));
  const r = await reader.read(new DataView(new ArrayBuffer(4)));
  log(r.done, r.value.constructor.name, r.value.byteLength, r.value.getUint8(0));
}

// min: wait until at least `min` elements are there.
{
  let n = 0;
  const rs = new ReadableStream({
    type: "bytes",
    pull(c) {
      n++;
      c.enqueue(new Uint8Array([n]));
      if (n === 5) {
        c.close();
        c.byobRequest.respond(0);
      }
    },
  });
  const reader = rs.getReader({ mode: "byob" });
  log(show(await reader.read(new Uint8Array(8), { min: 3 })));
  log(show(await reader.read(new Uint8Array(8), { min: 8 })));
}

// Default readers on byte streams, with and without autoAllocateChunkSize.
{
  const rs = new ReadableStream({
    type: "bytes",
    autoAllocateChunkSize: 4,
    pull(c) {
      const req = c.byobRequest;
      log("auto byobRequest", req.view.byteLength);
      req.view.set([5, 6]);
      req.respond(2);
      c.close();
    },
  });
  const reader = rs.getReader();
  log(show(await reader.read()));
  log(show(await reader.read()));
  const rs2 = new ReadableStream({
    type: "bytes",
    pull(c) {
      log("no auto byobRequest", c.byobRequest);
      c.enqueue(new Uint8Array([1, 2]));
      c.close();
    },
  });
  const chunks = [];
  for await (const chunk of rs2) chunks.push(show({ value: chunk }).value);
  log(chunks);
}

// enqueue transfers the chunk's buffer.
{
  let ctrl;
  new ReadableStream({ type: "bytes", start(c) { ctrl = c; } });
  const chunk = new Uint8Array([1, 2, 3]);
  ctrl.enqueue(chunk);
  log("after enqueue", chunk.byteLength, chunk.buffer.byteLength);
  log(ctrl.desiredSize, ctrl);
}

// Errors.
async function attempt(label, fn) {
  try {
    const r = await fn();
    log(label, "ok", r === undefined ? "" : show(r));
  } catch (e) {
    log(label, `${e.name}: ${e.message}`);
  }
}
{
  let ctrl;
  const rs = new ReadableStream({ type: "bytes", start(c) { ctrl = c; } });
  const reader = rs.getReader({ mode: "byob" });
  await attempt("read()", () => reader.read());
  await attempt("read(1)", () => reader.read(1));
  await attempt("read(empty)", () => reader.read(new Uint8Array(0)));
  const detached = new ArrayBuffer(4);
  detached.transfer();
  await attempt("read(detached)", () => reader.read(new Uint8Array(detached)));
  await attempt("min 0", () => reader.read(new Uint8Array(2), { min: 0 }));
  await attempt("min too big", () => reader.read(new Uint8Array(2), { min: 3 }));
  await attempt("min too big u16", () => reader.read(new Uint16Array(2), { min: 3 }));
  await attempt("enqueue(1)", () => ctrl.enqueue(1));
  await attempt("enqueue(empty)", () => ctrl.enqueue(new Uint8Array(0)));
  await attempt("enqueue()", () => ctrl.enqueue());
  const pending = reader.read(new Uint8Array(4));
  const req = ctrl.byobRequest;
  await attempt("respond too much", () => req.respond(5));
  await attempt("respond 0", () => req.respond(0));
  await attempt("respondWithNewView wrong offset", () => req.respondWithNewView(new Uint8Array(2)));
  await attempt("respondWithNewView 1", () => req.respondWithNewView(1));
  req.view[0] = 42;
  req.respond(1);
  log(show(await pending));
  await attempt("respond again", () => req.respond(1));
  log("invalidated view", req.view);
  reader.releaseLock();
  await attempt("read after release", () => reader.read(new Uint8Array(1)));
  ctrl.close();
  await attempt("close twice", () => ctrl.close());
  await attempt("enqueue after close", () => ctrl.enqueue(new Uint8Array(1)));
}
{
  // close with a partial element pending.
  let ctrl;
  const rs = new ReadableStream({ type: "bytes", start(c) { ctrl = c; } });
  const reader = rs.getReader({ mode: "byob" });
  const pending = reader.read(new Uint16Array(2));
  ctrl.byobRequest.view[0] = 1;
  ctrl.byobRequest.respond(1);
  await attempt("close partial", () => ctrl.close());
  await attempt("pending", () => pending);
}
{
  // Releasing a BYOB reader with a pending read: the next reader gets the bytes.
  let ctrl;
  const rs = new ReadableStream({ type: "bytes", start(c) { ctrl = c; } });
  const reader = rs.getReader({ mode: "byob" });
  const pending = reader.read(new Uint8Array(4));
  reader.releaseLock();
  await attempt("released pending", () => pending);
  ctrl.byobRequest.view[0] = 77;
  ctrl.byobRequest.respond(1);
  const reader2 = rs.getReader();
  log(show(await reader2.read()));
}
{
  // cancel resolves pending BYOB reads as done with an empty view.
  const rs = new ReadableStream({ type: "bytes" });
  const reader = rs.getReader({ mode: "byob" });
  const pending = reader.read(new Uint8Array(4));
  await reader.cancel("why");
  log(show(await pending));
}
