// Bad input to the stream classes: the error class and message for each.
import { Shown } from "../shown.ts";

Deno.test("Bad input to the stream classes: the error class and message for each", async () => {
  const shown = new Shown();
  function attempt(label, fn) {
    try {
      const result = fn();
      if (result instanceof Promise) {
        return result.then(() => shown.at(1, [label, "resolved"]), (e) => shown.at(2, [label, "rejects", `${e.name}: ${e.message}`], ["cancel locked", "rejects", "TypeError: Cannot cancel a locked ReadableStream."], ["pipeTo locked", "rejects", "TypeError: ReadableStream is already locked."], ["pipeTo 1", "rejects", "TypeError: Failed to execute 'pipeTo' on 'ReadableStream': Argument 1 is not of type WritableStream"], ["pipeTo none", "rejects", "TypeError: Failed to execute 'pipeTo' on 'ReadableStream': 1 argument required, but only 0 present"], ["cancel this", "rejects", "TypeError: Illegal invocation"], ["read this", "rejects", "TypeError: Illegal invocation"], ["read after size throws", "rejects", "Error: size broke"], ["abort locked", "rejects", "TypeError: The writable stream is locked, therefore cannot be aborted."], ["close locked", "rejects", "TypeError: The writable stream is locked, therefore cannot be closed."], ["write released", "rejects", "TypeError: A writable stream is not associate with the writer."], ["close released", "rejects", "TypeError: A writable stream is not associated with the writer."], ["abort released", "rejects", "TypeError: A writable stream is not associated with the writer."], ["ready released", "rejects", "TypeError: The writer has already been released."], ["closed released", "rejects", "TypeError: The writer has already been released."], ["write closed", "rejects", "TypeError: The stream is closing or is closed."], ["close closed", "rejects", "TypeError: Writable stream is closed or errored."], ["ws close closed", "rejects", "TypeError: Writable stream is closed or errored."]));
      }
      shown.at(3, [label, "ok"], ["error after close", "ok"]);
    } catch (e) {
      shown.at(4, [label, "throws", `${e.name}: ${e.message}`], ["RS(null)", "throws", "TypeError: Failed to construct 'ReadableStream': Argument 1 is not an object"], ["RS(1)", "throws", "TypeError: Failed to construct 'ReadableStream': Argument 1 is not an object"], ["RS type", "throws", "TypeError: Failed to construct 'ReadableStream': The provided value 'nope' is not a valid enum value of type ReadableStreamType"], ["RS start", "throws", "TypeError: Failed to construct 'ReadableStream': 'start' of 'UnderlyingSource' (underlyingSource) is not a function"], ["RS pull", "throws", "TypeError: Failed to construct 'ReadableStream': 'pull' of 'UnderlyingSource' (underlyingSource) is not a function"], ["RS cancel", "throws", "TypeError: Failed to construct 'ReadableStream': 'cancel' of 'UnderlyingSource' (underlyingSource) is not a function"], ["RS hwm -1", "throws", "RangeError: Expected highWaterMark to be a positive number or Infinity, got \"-1\"."], ["RS hwm NaN", "throws", "RangeError: Expected highWaterMark to be a positive number or Infinity, got \"NaN\"."], ["RS size", "throws", "TypeError: Failed to construct 'ReadableStream': 'size' of 'QueuingStrategy' (Argument 2) is not a function"], ["RS strategy", "throws", "TypeError: Failed to construct 'ReadableStream': Argument 2 can not be converted to a dictionary"], ["RS bytes size", "throws", "RangeError: Failed to construct 'ReadableStream': When underlying source is \"bytes\", strategy.size must be 'undefined'"], ["RS autoAllocate 0", "throws", "TypeError: \"autoAllocateChunkSize\" must be greater than 0"], ["RS autoAllocate -1", "throws", "TypeError: Failed to construct 'ReadableStream': 'autoAllocateChunkSize' of 'UnderlyingSource' (underlyingSource) is outside the accepted range of 0 to 9007199254740991, inclusive"], ["RS start throws", "throws", "RangeError: from start"], ["RS no new", "throws", "TypeError: Class constructor ReadableStream cannot be invoked without 'new'"], ["getReader locked", "throws", "TypeError: ReadableStream is locked"], ["reader locked", "throws", "TypeError: ReadableStream is locked"], ["reader of 1", "throws", "TypeError: Failed to construct 'ReadableStreamDefaultReader': Argument 1 is not of type ReadableStream"], ["reader no arg", "throws", "TypeError: Failed to construct 'ReadableStreamDefaultReader': 1 argument required, but only 0 present"], ["byob of default", "throws", "TypeError: Cannot use a BYOB reader with a non-byte stream"], ["mode", "throws", "TypeError: Failed to execute 'getReader' on 'ReadableStream': The provided value 'other' is not a valid enum value of type ReadableStreamReaderMode"], ["getReader(1)", "throws", "TypeError: Failed to execute 'getReader' on 'ReadableStream': Argument 1 can not be converted to a dictionary"], ["tee locked", "throws", "TypeError: ReadableStream is locked"], ["values locked", "throws", "TypeError: ReadableStream is locked"], ["pipeThrough locked", "throws", "TypeError: ReadableStream is already locked"], ["pipeThrough {}", "throws", "TypeError: Failed to execute 'pipeThrough' on 'ReadableStream': Argument 1 can not be converted to 'ReadableWritablePair' because 'readable' is required in 'ReadableWritablePair'"], ["pipeThrough no writable", "throws", "TypeError: Failed to execute 'pipeThrough' on 'ReadableStream': Argument 1 can not be converted to 'ReadableWritablePair' because 'writable' is required in 'ReadableWritablePair'"], ["pipeThrough bad readable", "throws", "TypeError: Failed to execute 'pipeThrough' on 'ReadableStream': 'readable' of 'ReadableWritablePair' (Argument 1) is not of type ReadableStream"], ["pipeThrough signal", "throws", "TypeError: Failed to execute 'pipeThrough' on 'ReadableStream': 'signal' of 'StreamPipeOptions' (Argument 2) is not of type AbortSignal"], ["locked getter", "throws", "TypeError: Illegal invocation"], ["getReader this", "throws", "TypeError: Illegal invocation"], ["controller new", "throws", "TypeError: Illegal constructor"], ["byte controller new", "throws", "TypeError: Illegal constructor"], ["byobRequest new", "throws", "TypeError: Illegal constructor"], ["writer controller new", "throws", "TypeError: Illegal constructor"], ["transform controller new", "throws", "TypeError: Illegal constructor"], ["enqueue after close", "throws", "TypeError: The stream controller cannot close or enqueue"], ["close twice", "throws", "TypeError: The stream controller cannot close or enqueue"], ["enqueue errored", "throws", "TypeError: The stream controller cannot close or enqueue"], ["close errored", "throws", "TypeError: The stream controller cannot close or enqueue"], ["size throws", "throws", "Error: size broke"], ["negative size", "throws", "RangeError: Cannot enqueue value with size: chunk size must be a positive number"], ["infinite size", "throws", "RangeError: Cannot enqueue value with size: chunk size is invalid"], ["WS(1)", "throws", "TypeError: Failed to construct 'WritableStream': Argument 1 is not an object"], ["WS type", "throws", "RangeError: Failed to construct 'WritableStream': WritableStream does not support 'type' in the underlying sink"], ["WS write", "throws", "TypeError: Failed to construct 'WritableStream': 'write' of 'UnderlyingSink' (underlyingSink) is not a function"], ["WS hwm", "throws", "RangeError: Expected highWaterMark to be a positive number or Infinity, got \"-5\"."], ["getWriter locked", "throws", "TypeError: The stream is already locked"], ["writer of 1", "throws", "TypeError: Failed to construct 'WritableStreamDefaultWriter': Argument 1 is not of type WritableStream"], ["WS locked getter", "throws", "TypeError: Illegal invocation"], ["desiredSize released", "throws", "TypeError: A writable stream is not associated with the writer"], ["TS(1)", "throws", "TypeError: Failed to construct 'TransformStream': Argument 1 is not an object"], ["TS readableType", "throws", "RangeError: Failed to construct 'TransformStream': readableType transformers not supported"], ["TS writableType", "throws", "RangeError: Failed to construct 'TransformStream': writableType transformers not supported"], ["TS transform", "throws", "TypeError: Failed to construct 'TransformStream': 'transform' of 'Transformer' (transformer) is not a function"], ["TS flush", "throws", "TypeError: Failed to construct 'TransformStream': 'flush' of 'Transformer' (transformer) is not a function"], ["TS strategy", "throws", "RangeError: Expected highWaterMark to be a positive number or Infinity, got \"-1\"."], ["TS readable this", "throws", "TypeError: Illegal invocation"], ["Count()", "throws", "TypeError: Failed to construct 'CountQueuingStrategy': 1 argument required, but only 0 present"], ["Count({})", "throws", "TypeError: Failed to construct 'CountQueuingStrategy': Argument 1 can not be converted to 'QueuingStrategyInit' because 'highWaterMark' is required in 'QueuingStrategyInit'"], ["Count(1)", "throws", "TypeError: Failed to construct 'CountQueuingStrategy': Argument 1 can not be converted to a dictionary"], ["ByteLength null", "throws", "TypeError: Failed to construct 'ByteLengthQueuingStrategy': Argument 1 can not be converted to a dictionary"], ["hwm getter", "throws", "TypeError: Illegal invocation"], ["from()", "throws", "TypeError: Failed to execute 'ReadableStream.from': 1 argument required, but only 0 present"], ["from(1)", "throws", "TypeError: Failed to execute 'ReadableStream.from': Argument 1 can not be converted to async sequence."], ["from({})", "throws", "TypeError: Failed to execute 'ReadableStream.from': Argument 1 can not be converted to async sequence."], ["from(bad iterator)", "throws", "TypeError: Argument 1 could not be iterated because iterator method did not return object, but Number."]);
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
  shown.at(5, [new CountQueuingStrategy({ highWaterMark: "4" }).highWaterMark, new ByteLengthQueuingStrategy({ highWaterMark: -1 }).highWaterMark], [4, -1]);
  shown.at(6, [new ByteLengthQueuingStrategy({ highWaterMark: 1 }).size === new ByteLengthQueuingStrategy({ highWaterMark: 2 }).size], [true]);
  shown.at(7, [new ByteLengthQueuingStrategy({ highWaterMark: 1 }).size(new Uint8Array(7)), new CountQueuingStrategy({ highWaterMark: 1 }).size("x")], [7, 1]);

  // ReadableStream.from.
  attempt("from()", () => ReadableStream.from());
  attempt("from(1)", () => ReadableStream.from(1));
  attempt("from({})", () => ReadableStream.from({}));
  attempt("from(bad iterator)", () => ReadableStream.from({ [Symbol.asyncIterator]: () => 1 }));
  shown.done([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2, 4, 4, 2, 2, 2, 4, 4, 4, 4, 4, 4, 2, 4, 2, 4, 4, 4, 4, 4, 4, 4, 3, 4, 4, 4, 2, 4, 4, 4, 4, 4, 4, 4, 4, 2, 2, 4, 2, 2, 2, 4, 2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 6, 7, 4, 4, 4, 4]);
});
