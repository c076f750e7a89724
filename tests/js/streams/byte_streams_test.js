// Byte streams: BYOB readers, byobRequest.respond/respondWithNewView,
// autoAllocateChunkSize, the `min` option, element sizes, and their errors.
import { inspected, Shown } from "../shown.ts";

Deno.test("Byte streams: BYOB readers, byobRequest.respond/respondWithNewView, autoAllocateChunkSize, the `min` option, element sizes, and their errors", async () => {
  const shown = new Shown();
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
    shown.at(1, [rs], [inspected("ReadableStream { locked: false, state: \"readable\", supportsBYOB: true }")]);
    const reader = rs.getReader({ mode: "byob" });
    shown.at(2, [reader], [inspected("ReadableStreamBYOBReader { closed: Promise { <pending> } }")]);
    shown.at(3, [show(await reader.read(new Uint8Array(3)))], [{ done: false, value: "Uint8Array(1,2,3)" }]);
    shown.at(4, [show(await reader.read(new Uint8Array(10)))], [{ done: false, value: "Uint8Array(4,5,6,7)" }]);
    shown.at(5, [show(await reader.read(new Uint8Array(10)))], [{ done: true, value: "Uint8Array()" }]);
    shown.at(6, [show(await reader.read(new Uint8Array(2)))], [{ done: true, value: "Uint8Array()" }]);
  }

  // pull with byobRequest: respond writes into the reader's buffer.
  {
    let pulls = 0;
    const rs = new ReadableStream({
      type: "bytes",
      pull(c) {
        const req = c.byobRequest;
        pulls++;
        shown.at(7, ["pull", pulls, req.view.constructor.name, req.view.byteOffset, req.view.byteLength, c.desiredSize], ["pull", 1, "Uint8Array", 2, 4, 0], ["pull", 2, "Uint8Array", 0, 4, 0], ["pull", 3, "Uint8Array", 0, 4, 0]);
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
    shown.at(8, [show(first), buffer.byteLength, first.value.byteOffset, first.value.buffer.byteLength], [{ done: false, value: "Uint8Array(10,11)" }, 0, 2, 8]);
    shown.at(9, [show(await reader.read(new Uint8Array(4)))], [{ done: false, value: "Uint8Array(20,21)" }]);
    shown.at(10, [show(await reader.read(new Uint8Array(4)))], [{ done: true, value: "Uint8Array()" }]);
    shown.at(11, [pulls], [3]);
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
    shown.at(12, [show(await reader.read(new Uint8Array(5)))], [{ done: false, value: "Uint8Array(9,8,7)" }]);
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
    shown.at(13, [show(await reader.read(new Uint16Array(4)))], [{ done: false, value: "Uint16Array(1,2)" }]);
    const r = await reader.read(new DataView(new ArrayBuffer(4)));
    shown.at(14, [r.done, r.value.constructor.name, r.value.byteLength, r.value.getUint8(0)], [false, "DataView", 1, 3]);
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
    shown.at(15, [show(await reader.read(new Uint8Array(8), { min: 3 }))], [{ done: false, value: "Uint8Array(1,2,3)" }]);
    shown.at(16, [show(await reader.read(new Uint8Array(8), { min: 8 }))], [{ done: true, value: "Uint8Array(4,5)" }]);
  }

  // Default readers on byte streams, with and without autoAllocateChunkSize.
  {
    const rs = new ReadableStream({
      type: "bytes",
      autoAllocateChunkSize: 4,
      pull(c) {
        const req = c.byobRequest;
        shown.at(17, ["auto byobRequest", req.view.byteLength], ["auto byobRequest", 4]);
        req.view.set([5, 6]);
        req.respond(2);
        c.close();
      },
    });
    const reader = rs.getReader();
    shown.at(18, [show(await reader.read())], [{ done: false, value: "Uint8Array(5,6)" }]);
    shown.at(19, [show(await reader.read())], [{ done: true, value: undefined }]);
    const rs2 = new ReadableStream({
      type: "bytes",
      pull(c) {
        shown.at(20, ["no auto byobRequest", c.byobRequest], ["no auto byobRequest", null]);
        c.enqueue(new Uint8Array([1, 2]));
        c.close();
      },
    });
    const chunks = [];
    for await (const chunk of rs2) chunks.push(show({ value: chunk }).value);
    shown.at(21, [chunks], [["Uint8Array(1,2)"]]);
  }

  // enqueue transfers the chunk's buffer.
  {
    let ctrl;
    new ReadableStream({ type: "bytes", start(c) { ctrl = c; } });
    const chunk = new Uint8Array([1, 2, 3]);
    ctrl.enqueue(chunk);
    shown.at(22, ["after enqueue", chunk.byteLength, chunk.buffer.byteLength], ["after enqueue", 0, 0]);
    shown.at(23, [ctrl.desiredSize, ctrl], [-3, inspected("ReadableByteStreamController { desiredSize: -3 }")]);
  }

  // Errors.
  async function attempt(label, fn) {
    try {
      const r = await fn();
      shown.at(24, [label, "ok", r === undefined ? "" : show(r)]);
    } catch (e) {
      shown.at(25, [label, `${e.name}: ${e.message}`], ["read()", "TypeError: Failed to execute 'read' on 'ReadableStreamBYOBReader': Argument 1 is not a view on an ArrayBuffer or SharedArrayBuffer"], ["read(1)", "TypeError: Failed to execute 'read' on 'ReadableStreamBYOBReader': Argument 1 is not a view on an ArrayBuffer or SharedArrayBuffer"], ["read(empty)", "TypeError: view must have non-zero byteLength"], ["read(detached)", "TypeError: Cannot perform Construct on a detached ArrayBuffer"], ["min 0", "TypeError: options.min must be non-zero"], ["min too big", "RangeError: options.min must be smaller or equal to view's size"], ["min too big u16", "RangeError: options.min must be smaller or equal to view's size"], ["enqueue(1)", "TypeError: Failed to execute 'enqueue' on 'ReadableByteStreamController': Argument 1 is not a view on an ArrayBuffer or SharedArrayBuffer"], ["enqueue(empty)", "TypeError: Failed to execute 'enqueue' on 'ReadableByteStreamController': Argument 1 Length must be non-zero"], ["enqueue()", "TypeError: Failed to execute 'enqueue' on 'ReadableByteStreamController': 1 argument required, but only 0 present"], ["respond too much", "RangeError: \"bytesWritten\" out of range"], ["respond 0", "TypeError: \"bytesWritten\" must be greater than 0 when calling respond() on a readable stream"], ["respondWithNewView wrong offset", "RangeError: The buffer of view has different capacity than byobRequest"], ["respondWithNewView 1", "TypeError: Failed to execute 'respondWithNewView' on 'ReadableStreamBYOBRequest': Argument 1 is not a view on an ArrayBuffer or SharedArrayBuffer"], ["respond again", "TypeError: This BYOB request has been invalidated"], ["read after release", "TypeError: Reader has no associated stream."], ["close twice", "TypeError: ReadableByteStreamController's stream is not in a readable state"], ["enqueue after close", "TypeError: Cannot enqueue chunk when underlying stream is not readable"], ["close partial", "TypeError: Insufficient bytes to fill elements in the given buffer"], ["pending", "TypeError: Insufficient bytes to fill elements in the given buffer"], ["released pending", "TypeError: The reader was released."]);
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
    shown.at(26, [show(await pending)], [{ done: false, value: "Uint8Array(42)" }]);
    await attempt("respond again", () => req.respond(1));
    shown.at(27, ["invalidated view", req.view], ["invalidated view", null]);
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
    shown.at(28, [show(await reader2.read())], [{ done: false, value: "Uint8Array(77)" }]);
  }
  {
    // cancel resolves pending BYOB reads as done with an empty view.
    const rs = new ReadableStream({ type: "bytes" });
    const reader = rs.getReader({ mode: "byob" });
    const pending = reader.read(new Uint8Array(4));
    await reader.cancel("why");
    shown.at(29, [show(await pending)], [{ done: true, value: undefined }]);
  }
  shown.done([1, 2, 3, 4, 5, 6, 7, 8, 7, 9, 7, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 26, 25, 27, 25, 25, 25, 25, 25, 25, 28, 29]);
});
