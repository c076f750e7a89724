// Bad input to the stream classes: the error class and message for each.
function attempt(label, fn) {
  try {
    const result = fn();
    if (result instanceof Promise) {
      return result.then(() => console.log(label, "resolved"), (e) => console.log(label, "rejects", `${e.name}: ${e.message}`));
    }
    console.log(label, "ok");
  } catch (e) {
    console.log(label, "throws", `${e.name}: ${e.message}`);
  }
}

attempt("RS(null)", () => new ReadableStream(null));
attempt("RS(1)", () => new ReadableStream(1));
attempt("RS type", () => new ReadableStream({ type: "nope" }));
attempt("RS start", () => new ReadableStream({ start: 1 }));
attempt("RS pull", () => new ReadableStream({ pull: "x" }));
attempt("RS cancel", () => new ReadableStream({ cancel: {} }));
attempt("RS hwm -1", () => new ReadableStream({}, { highWaterMark: -1 }));
attempt("RS hwm NaN", () => new ReadableStream({}, { highWaterMark: NaN }));
attempt("RS size", () => new ReadableStream({}, { size: 1 }));
attempt("RS strategy", () => new ReadableStream({}, 5));
attempt("RS bytes size", () => new ReadableStream({ type: "bytes" }, { size() { return 1; } }));
attempt("RS autoAllocate 0", () => new ReadableStream({ type: "bytes", autoAllocateChunkSize: 0 }));
attempt("RS autoAllocate -1", () => new ReadableStream({ type: "bytes", autoAllocateChunkSize: -1 }));
attempt("RS start throws", () => new ReadableStream({ start() { throw new RangeError("from start"); } }));
attempt("RS no new", () => ReadableStream());

const locked = new ReadableStream();
locked.getReader();
attempt("getReader locked", () => locked.getReader());
attempt("reader locked", () => new ReadableStreamDefaultReader(locked));
attempt("reader of 1", () => new ReadableStreamDefaultReader(1));
attempt("reader no arg", () => new ReadableStreamDefaultReader());
attempt("byob of default", () => new ReadableStream().getReader({ mode: "byob" }));
attempt("mode", () => new ReadableStream().getReader({ mode: "other" }));
attempt("getReader(1)", () => new ReadableStream().getReader(1));
await attempt("cancel locked", () => locked.cancel());
attempt("tee locked", () => locked.tee());
attempt("values locked", () => locked.values());
await attempt("pipeTo locked", () => locked.pipeTo(new WritableStream()));
await attempt("pipeTo 1", () => new ReadableStream().pipeTo(1));
await attempt("pipeTo none", () => new ReadableStream().pipeTo());
attempt("pipeThrough locked", () => locked.pipeThrough(new TransformStream()));
attempt("pipeThrough {}", () => new ReadableStream().pipeThrough({}));
attempt("pipeThrough no writable", () => new ReadableStream().pipeThrough({ readable: new ReadableStream() }));
attempt("pipeThrough bad readable", () => new ReadableStream().pipeThrough({ readable: 1, writable: new WritableStream() }));
attempt("pipeThrough signal", () => new ReadableStream().pipeThrough(new TransformStream(), { signal: {} }));

attempt("locked getter", () => ReadableStream.prototype.locked);
await attempt("cancel this", () => ReadableStream.prototype.cancel.call({}));
attempt("getReader this", () => ReadableStream.prototype.getReader.call({}));
await attempt("read this", () => ReadableStreamDefaultReader.prototype.read.call({}));
attempt("controller new", () => new ReadableStreamDefaultController());
attempt("byte controller new", () => new ReadableByteStreamController());
attempt("byobRequest new", () => new ReadableStreamBYOBRequest());
attempt("writer controller new", () => new WritableStreamDefaultController());
attempt("transform controller new", () => new TransformStreamDefaultController());

// Controller misuse.
{
  let c;
  new ReadableStream({ start(ctrl) { c = ctrl; } });
  c.close();
  attempt("enqueue after close", () => c.enqueue(1));
  attempt("close twice", () => c.close());
  attempt("error after close", () => c.error(new Error("x")));
  let e;
  new ReadableStream({ start(ctrl) { e = ctrl; } });
  e.error(new Error("x"));
  attempt("enqueue errored", () => e.enqueue(1));
  attempt("close errored", () => e.close());
}
{
  let c;
  const rs = new ReadableStream({ start(ctrl) { c = ctrl; } }, { size() { throw new Error("size broke"); } });
  attempt("size throws", () => c.enqueue(1));
  await attempt("read after size throws", () => rs.getReader().read());
  let d;
  new ReadableStream({ start(ctrl) { d = ctrl; } }, { size() { return -1; } });
  attempt("negative size", () => d.enqueue(1));
  let f;
  new ReadableStream({ start(ctrl) { f = ctrl; } }, { size() { return Infinity; } });
  attempt("infinite size", () => f.enqueue(1));
}

// Writable.
attempt("WS(1)", () => new WritableStream(1));
attempt("WS type", () => new WritableStream({ type: "bytes" }));
attempt("WS write", () => new WritableStream({ write: 1 }));
attempt("WS hwm", () => new WritableStream({}, { highWaterMark: -5 }));
const wlocked = new WritableStream();
wlocked.getWriter();
attempt("getWriter locked", () => wlocked.getWriter());
attempt("writer of 1", () => new WritableStreamDefaultWriter(1));
await attempt("abort locked", () => wlocked.abort());
await attempt("close locked", () => wlocked.close());
attempt("WS locked getter", () => WritableStream.prototype.locked);
{
  const ws = new WritableStream();
  const w = ws.getWriter();
  w.releaseLock();
  await attempt("write released", () => w.write(1));
  await attempt("close released", () => w.close());
  await attempt("abort released", () => w.abort());
  attempt("desiredSize released", () => w.desiredSize);
  await attempt("ready released", () => w.ready);
  await attempt("closed released", () => w.closed);
  const w2 = ws.getWriter();
  await w2.close();
  await attempt("write closed", () => w2.write(1));
  await attempt("close closed", () => w2.close());
  await attempt("ws close closed", () => { w2.releaseLock(); return ws.close(); });
}

// Transform.
attempt("TS(1)", () => new TransformStream(1));
attempt("TS readableType", () => new TransformStream({ readableType: "bytes" }));
attempt("TS writableType", () => new TransformStream({ writableType: "bytes" }));
attempt("TS transform", () => new TransformStream({ transform: 5 }));
attempt("TS flush", () => new TransformStream({ flush: 5 }));
attempt("TS strategy", () => new TransformStream({}, { highWaterMark: -1 }));
attempt("TS readable this", () => TransformStream.prototype.readable);

// Strategies.
attempt("Count()", () => new CountQueuingStrategy());
attempt("Count({})", () => new CountQueuingStrategy({}));
attempt("Count(1)", () => new CountQueuingStrategy(1));
attempt("ByteLength null", () => new ByteLengthQueuingStrategy(null));
attempt("hwm getter", () => CountQueuingStrategy.prototype.highWaterMark);
console.log(new CountQueuingStrategy({ highWaterMark: "4" }).highWaterMark, new ByteLengthQueuingStrategy({ highWaterMark: -1 }).highWaterMark);
console.log(new ByteLengthQueuingStrategy({ highWaterMark: 1 }).size === new ByteLengthQueuingStrategy({ highWaterMark: 2 }).size);
console.log(new ByteLengthQueuingStrategy({ highWaterMark: 1 }).size(new Uint8Array(7)), new CountQueuingStrategy({ highWaterMark: 1 }).size("x"));

// ReadableStream.from.
attempt("from()", () => ReadableStream.from());
attempt("from(1)", () => ReadableStream.from(1));
attempt("from({})", () => ReadableStream.from({}));
attempt("from(bad iterator)", () => ReadableStream.from({ [Symbol.asyncIterator]: () => 1 }));
