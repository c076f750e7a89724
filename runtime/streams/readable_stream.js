// ReadableStream with its readers (default and BYOB), its controllers (default
// and byte), ReadableStreamBYOBRequest, tee, pipeTo/pipeThrough, async
// iteration and ReadableStream.from (Streams Standard §4), written as the
// spec's abstract operations. Internal slots are symbol-keyed properties.
const S = internals.streams;
const {
  Promise: $Promise, Deferred, PromisePrototypeThen, PromiseResolve, PromiseReject, markHandled, uponPromise, promiseCall0, promiseCall1, promiseCall2,
  TypeError: $TypeError, RangeError: $RangeError, noop, ReflectApply, ObjectPrototypeIsPrototypeOf,
  _queue, _queueTotalSize, ResetByteQueue, Queue,
  ExtractHighWaterMark, ExtractSizeAlgorithm, toQueuingStrategy, requiredArguments,
  illegalInvocation, webidlClass, defineInspect, resolvedDeferred, rejectedDeferred,
  ArrayBuffer: $ArrayBuffer, Uint8Array: $Uint8Array, DataView: $DataView, ArrayBufferIsView,
  TypedArrayPrototypeGetSymbolToStringTag, TypedArrayPrototypeGetBuffer, TypedArrayPrototypeGetByteOffset,
  TypedArrayPrototypeGetByteLength, TypedArrayPrototypeGetLength, TypedArrayPrototypeSet, TypedArrayPrototypeSlice,
  DataViewPrototypeGetBuffer, DataViewPrototypeGetByteOffset, DataViewPrototypeGetByteLength,
  ArrayBufferPrototypeGetByteLength, ArrayBufferPrototypeTransfer, ArrayBufferPrototypeGetDetached,
  MathMin, SymbolAsyncIterator, SymbolIterator,
  IsWritableStream, IsWritableStreamLocked, AcquireWritableStreamDefaultWriter, WritableStreamAbort,
  WritableStreamCloseQueuedOrInFlight, WritableStreamDefaultWriterCloseWithErrorPropagation,
  WritableStreamDefaultWriterRelease, WritableStreamDefaultWriterWrite, writableState, writableStoredError,
  writerClosed, writerReady, writerReadyState, writerStream,
} = S;
const { returnUndefined, sizeOne, IsNonNegativeNumber } = S;
const resolvedUndefined = S.resolvedUndefined;
const noStrategy = S.noStrategy;
const FunctionPrototypeCall = S.uncurryThis(Function.prototype.call);

const _state = Symbol("[[state]]");
const _storedError = Symbol("[[storedError]]");
const _reader = Symbol("[[reader]]");
const _controller = Symbol("[[controller]]");
const _disturbed = Symbol("[[disturbed]]");
const _stream = Symbol("[[stream]]");
const _closedPromise = Symbol("[[closedPromise]]");
const _readRequests = Symbol("[[readRequests]]");
const _readIntoRequests = Symbol("[[readIntoRequests]]");
const _cancelAlgorithm = Symbol("[[cancelAlgorithm]]");
const _pullAlgorithm = Symbol("[[pullAlgorithm]]");
const _closeRequested = Symbol("[[closeRequested]]");
const _pullAgain = Symbol("[[pullAgain]]");
const _pulling = Symbol("[[pulling]]");
const _started = Symbol("[[started]]");
const _strategyHWM = Symbol("[[strategyHWM]]");
const _strategySizeAlgorithm = Symbol("[[strategySizeAlgorithm]]");
const _autoAllocateChunkSize = Symbol("[[autoAllocateChunkSize]]");
const _byobRequest = Symbol("[[byobRequest]]");
const _pendingPullIntos = Symbol("[[pendingPullIntos]]");
const _view = Symbol("[[view]]");
const _isByteController = Symbol("byte controller");
const _cancelSteps = Symbol("[[CancelSteps]]");
const _pullSteps = Symbol("[[PullSteps]]");
const _releaseSteps = Symbol("[[ReleaseSteps]]");
const _onPullFulfilled = Symbol("onPullFulfilled");
const _onPullRejected = Symbol("onPullRejected");
const _chunks = Symbol("[[queue]] chunks");
const _head = Symbol("[[queue]] head");
const _sizes = Symbol("[[queue]] sizes");

const brand = Symbol("ReadableStream");
const internalConstruct = Symbol("internal");

// ---------------------------------------------------------------------------
// ArrayBuffer and view helpers (the spec's ArrayBuffer abstract operations).

const typedArrayInfo = {
  __proto__: null,
  Int8Array: [Int8Array, 1], Uint8Array: [Uint8Array, 1], Uint8ClampedArray: [Uint8ClampedArray, 1],
  Int16Array: [Int16Array, 2], Uint16Array: [Uint16Array, 2], Int32Array: [Int32Array, 4],
  Uint32Array: [Uint32Array, 4], Float32Array: [Float32Array, 4], Float64Array: [Float64Array, 8],
  BigInt64Array: [BigInt64Array, 8], BigUint64Array: [BigUint64Array, 8],
};

function isTypedArray(v) {
  return TypedArrayPrototypeGetSymbolToStringTag(v) !== undefined;
}
function viewBuffer(v) {
  return isTypedArray(v) ? TypedArrayPrototypeGetBuffer(v) : DataViewPrototypeGetBuffer(v);
}
function viewByteOffset(v) {
  return isTypedArray(v) ? TypedArrayPrototypeGetByteOffset(v) : DataViewPrototypeGetByteOffset(v);
}
function viewByteLength(v) {
  return isTypedArray(v) ? TypedArrayPrototypeGetByteLength(v) : DataViewPrototypeGetByteLength(v);
}
function IsDetachedBuffer(buffer) {
  return ArrayBufferPrototypeGetDetached(buffer);
}
function TransferArrayBuffer(buffer) {
  return ArrayBufferPrototypeTransfer(buffer);
}
function CanTransferArrayBuffer(buffer) {
  return !IsDetachedBuffer(buffer);
}
function CopyDataBlockBytes(dest, destOffset, src, srcOffset, n) {
  TypedArrayPrototypeSet(new $Uint8Array(dest, destOffset, n), new $Uint8Array(src, srcOffset, n));
}
function CloneArrayBuffer(src, offset, length) {
  return TypedArrayPrototypeGetBuffer(TypedArrayPrototypeSlice(new $Uint8Array(src, offset, length)));
}
function CloneAsUint8Array(view) {
  return new $Uint8Array(CloneArrayBuffer(viewBuffer(view), viewByteOffset(view), viewByteLength(view)));
}

// ---------------------------------------------------------------------------
// §4.2 ReadableStream

class ReadableStream {
  constructor(underlyingSource = undefined, strategy = undefined) {
    if (underlyingSource === internalConstruct) return;
    const prefix = "Failed to construct 'ReadableStream'";
    if (underlyingSource !== undefined) S.toObjectArg(underlyingSource, prefix, "Argument 1");
    else underlyingSource = null;
    // No strategy (the common case) has nothing to convert: its conversion
    // is kept out of line, so that the rest of construction fits in what the
    // optimizing compiler inlines into one function.
    strategy = strategy === undefined ? noStrategy : toQueuingStrategy(strategy, prefix, "Argument 2");
    const source = toUnderlyingSource(underlyingSource, prefix);
    this[brand] = brand;
    InitializeReadableStream(this);
    if (source.type === "bytes") {
      if (strategy.size !== undefined) {
        throw new $RangeError(`${prefix}: When underlying source is "bytes", strategy.size must be 'undefined'`);
      }
      const highWaterMark = ExtractHighWaterMark(strategy, 0);
      SetUpReadableByteStreamControllerFromUnderlyingSource(this, underlyingSource, source, highWaterMark);
    } else if (strategy === noStrategy) {
      SetUpReadableStreamDefaultControllerFromUnderlyingSource(this, underlyingSource, source, 1, sizeOne);
    } else {
      const sizeAlgorithm = ExtractSizeAlgorithm(strategy);
      const highWaterMark = ExtractHighWaterMark(strategy, 1);
      SetUpReadableStreamDefaultControllerFromUnderlyingSource(this, underlyingSource, source, highWaterMark,
        sizeAlgorithm);
    }
  }

  static from(asyncIterable) {
    requiredArguments(arguments.length, 1, "Failed to execute 'ReadableStream.from'");
    return ReadableStreamFromIterable(asyncIterable);
  }

  get locked() {
    if (!IsReadableStream(this)) throw illegalInvocation();
    return IsReadableStreamLocked(this);
  }

  cancel(reason = undefined) {
    if (!IsReadableStream(this)) return PromiseReject(illegalInvocation());
    if (IsReadableStreamLocked(this)) {
      return PromiseReject(new $TypeError("Cannot cancel a locked ReadableStream."));
    }
    return ReadableStreamCancel(this, reason);
  }

  getReader(options = undefined) {
    if (!IsReadableStream(this)) throw illegalInvocation();
    if (options === undefined) return AcquireReadableStreamDefaultReader(this);
    const prefix = "Failed to execute 'getReader' on 'ReadableStream'";
    const dict = S.toDictionary(options, prefix, "Argument 1");
    const mode = dict === undefined ? undefined : dict.mode;
    if (mode === undefined) return AcquireReadableStreamDefaultReader(this);
    S.toEnum(mode, ["byob"], "ReadableStreamReaderMode", prefix);
    return AcquireReadableStreamBYOBReader(this);
  }

  pipeThrough(transform, options = undefined) {
    if (!IsReadableStream(this)) throw illegalInvocation();
    const prefix = "Failed to execute 'pipeThrough' on 'ReadableStream'";
    requiredArguments(arguments.length, 1, prefix);
    const pair = toReadableWritablePair(transform, prefix);
    const opts = toStreamPipeOptions(options, prefix, "Argument 2");
    if (IsReadableStreamLocked(this)) {
      throw new $TypeError("ReadableStream is already locked");
    }
    if (IsWritableStreamLocked(pair.writable)) {
      throw new $TypeError("Target WritableStream is already locked");
    }
    const promise = ReadableStreamPipeTo(this, pair.writable, opts.preventClose, opts.preventAbort,
      opts.preventCancel, opts.signal);
    markHandled(promise);
    return pair.readable;
  }

  pipeTo(destination, options = undefined) {
    if (!IsReadableStream(this)) return PromiseReject(illegalInvocation());
    const prefix = "Failed to execute 'pipeTo' on 'ReadableStream'";
    let opts;
    try {
      requiredArguments(arguments.length, 1, prefix);
      if (!IsWritableStream(destination)) {
        throw new $TypeError(`${prefix}: Argument 1 is not of type WritableStream`);
      }
      opts = toStreamPipeOptions(options, prefix, "Argument 2");
    } catch (e) {
      return PromiseReject(e);
    }
    if (IsReadableStreamLocked(this)) {
      return PromiseReject(new $TypeError("ReadableStream is already locked."));
    }
    if (IsWritableStreamLocked(destination)) {
      return PromiseReject(new $TypeError("destination WritableStream is already locked."));
    }
    return ReadableStreamPipeTo(this, destination, opts.preventClose, opts.preventAbort, opts.preventCancel,
      opts.signal);
  }

  tee() {
    if (!IsReadableStream(this)) throw illegalInvocation();
    return ReadableStreamTee(this, false);
  }

  values(options = undefined) {
    if (!IsReadableStream(this)) throw illegalInvocation();
    const prefix = "Failed to execute 'values' on 'ReadableStream'";
    const dict = S.toDictionary(options, prefix, "Argument 1");
    const preventCancel = dict === undefined ? false : !!dict.preventCancel;
    const reader = AcquireReadableStreamDefaultReader(this);
    const iterator = S.ObjectCreate(ReadableStreamAsyncIteratorPrototype);
    iterator[_reader] = reader;
    iterator[_preventCancel] = preventCancel;
    iterator[_ongoingPromise] = undefined;
    iterator[_isFinished] = false;
    return iterator;
  }
}

function toUnderlyingSource(v, prefix) {
  const out = { autoAllocateChunkSize: undefined, cancel: undefined, pull: undefined, start: undefined, type: undefined };
  if (v === null) return out;
  let m;
  if ((m = v.autoAllocateChunkSize) !== undefined) out.autoAllocateChunkSize = toChunkSize(m, prefix);
  if ((m = v.cancel) !== undefined) out.cancel = sourceCallback(m, prefix, "cancel");
  if ((m = v.pull) !== undefined) out.pull = sourceCallback(m, prefix, "pull");
  if ((m = v.start) !== undefined) out.start = sourceCallback(m, prefix, "start");
  if ((m = v.type) !== undefined) out.type = S.toEnum(m, ["bytes"], "ReadableStreamType", prefix);
  return out;
}
// The member conversions, out of line (see the constructor).
function toChunkSize(m, prefix) {
  return S.toEnforcedUnsignedLongLong(m, prefix,
    S.memberContext("autoAllocateChunkSize", "UnderlyingSource", "underlyingSource"));
}
function sourceCallback(m, prefix, key) {
  return typeof m === "function" ? m : S.toMemberCallback(m, prefix, key, "UnderlyingSource", "underlyingSource");
}

function toReadableWritablePair(v, prefix) {
  const d = S.toDictionary(v, prefix, "Argument 1");
  const readable = d === undefined ? undefined : d.readable;
  if (readable === undefined) {
    throw new $TypeError(`${prefix}: Argument 1 can not be converted to 'ReadableWritablePair' because 'readable' is required in 'ReadableWritablePair'`);
  }
  if (!IsReadableStream(readable)) {
    throw new $TypeError(`${prefix}: 'readable' of 'ReadableWritablePair' (Argument 1) is not of type ReadableStream`);
  }
  const writable = d.writable;
  if (writable === undefined) {
    throw new $TypeError(`${prefix}: Argument 1 can not be converted to 'ReadableWritablePair' because 'writable' is required in 'ReadableWritablePair'`);
  }
  if (!IsWritableStream(writable)) {
    throw new $TypeError(`${prefix}: 'writable' of 'ReadableWritablePair' (Argument 1) is not of type WritableStream`);
  }
  return { readable, writable };
}

// An AbortSignal: the real class once the events family defines it, else
// anything shaped like one (aborted, reason, addEventListener).
function isAbortSignal(v) {
  return internals.isAbortSignal(v);
}

function toStreamPipeOptions(v, prefix, context) {
  const d = S.toDictionary(v, prefix, context);
  const out = { preventAbort: false, preventCancel: false, preventClose: false, signal: undefined };
  if (d === undefined) return out;
  out.preventAbort = !!d.preventAbort;
  out.preventCancel = !!d.preventCancel;
  out.preventClose = !!d.preventClose;
  const signal = d.signal;
  if (signal !== undefined) {
    if (!isAbortSignal(signal)) {
      throw new $TypeError(`${prefix}: 'signal' of 'StreamPipeOptions' (${context}) is not of type AbortSignal`);
    }
    out.signal = signal;
  }
  return out;
}

function IsReadableStream(x) {
  return typeof x === "object" && x !== null && x[brand] === brand;
}

// ---------------------------------------------------------------------------
// §4.2.5 Async iteration

const _preventCancel = Symbol("[[preventCancel]]");
const _ongoingPromise = Symbol("[[ongoingPromise]]");
const _isFinished = Symbol("[[isFinished]]");

const AsyncIteratorPrototype = S.ObjectGetPrototypeOf(S.ObjectGetPrototypeOf(async function* () {}).prototype);

// A read request that settles a next() promise with an iterator result.
class IteratorReadRequest {
  constructor(iterator) {
    this.iterator = iterator;
    this.deferred = new Deferred();
  }
  chunkSteps(chunk) {
    this.iterator[_ongoingPromise] = undefined;
    this.deferred.resolve({ value: chunk, done: false });
  }
  closeSteps() {
    const iterator = this.iterator;
    iterator[_ongoingPromise] = undefined;
    iterator[_isFinished] = true;
    ReadableStreamDefaultReaderRelease(iterator[_reader]);
    this.deferred.resolve({ value: undefined, done: true });
  }
  errorSteps(e) {
    const iterator = this.iterator;
    iterator[_ongoingPromise] = undefined;
    iterator[_isFinished] = true;
    ReadableStreamDefaultReaderRelease(iterator[_reader]);
    this.deferred.reject(e);
  }
}

let readAtOnceTaken = false;
function iteratorNextSteps(iterator) {
  if (iterator[_isFinished]) return PromiseResolve({ value: undefined, done: true });
  const reader = iterator[_reader];
  if (canReadAtOnce(reader[_stream])) {
    readAtOnceTaken = true;
    return PromiseResolve({ value: readAtOnce(reader), done: false });
  }
  const request = new IteratorReadRequest(iterator);
  ReadableStreamDefaultReaderRead(reader, request);
  // WebIDL's next() reacts to the read's promise: one more turn, as in Deno,
  // lets the source's pull that the read started run before the caller resumes.
  return PromisePrototypeThen(request.deferred.promise, iteratorResult);
}
function iteratorResult(result) {
  return result;
}

function iteratorReturnSteps(iterator, value) {
  if (iterator[_isFinished]) return PromiseResolve({ value, done: true });
  iterator[_isFinished] = true;
  const reader = iterator[_reader];
  let result;
  if (!iterator[_preventCancel]) {
    result = ReadableStreamReaderGenericCancel(reader, value);
    ReadableStreamDefaultReaderRelease(reader);
  } else {
    ReadableStreamDefaultReaderRelease(reader);
    result = PromiseResolve(undefined);
  }
  return PromisePrototypeThen(result, () => ({ value, done: true }));
}

function isStreamAsyncIterator(x) {
  return typeof x === "object" && x !== null && _isFinished in x;
}

const ReadableStreamAsyncIteratorPrototype = S.ObjectCreate(AsyncIteratorPrototype, {
  next: {
    value: function next() {
      if (!isStreamAsyncIterator(this)) {
        return PromiseReject(new $TypeError("Illegal invocation"));
      }
      const ongoing = this[_ongoingPromise];
      if (ongoing !== undefined) {
        const steps = () => iteratorNextSteps(this);
        return this[_ongoingPromise] = PromisePrototypeThen(ongoing, steps, steps);
      }
      readAtOnceTaken = false;
      const promise = iteratorNextSteps(this);
      // A read that settled at once leaves nothing for the next call to wait for.
      if (!readAtOnceTaken) this[_ongoingPromise] = promise;
      return promise;
    },
    writable: true, enumerable: true, configurable: true,
  },
  return: {
    value: ({ return(value) {
      if (!isStreamAsyncIterator(this)) {
        return PromiseReject(new $TypeError("Illegal invocation"));
      }
      const ongoing = this[_ongoingPromise];
      const steps = () => iteratorReturnSteps(this, value);
      const promise = ongoing !== undefined ? PromisePrototypeThen(ongoing, steps, steps) : steps();
      this[_ongoingPromise] = promise;
      return PromisePrototypeThen(promise, () => ({ value, done: true }));
    } }).return,  // a method, so that its name is "return"
    writable: true, enumerable: true, configurable: true,
  },
});

// ---------------------------------------------------------------------------
// §4.3 Readers

class ReadableStreamDefaultReader {
  constructor(stream) {
    if (stream === internalConstruct) return;
    const prefix = "Failed to construct 'ReadableStreamDefaultReader'";
    requiredArguments(arguments.length, 1, prefix);
    if (!IsReadableStream(stream)) {
      throw new $TypeError(`${prefix}: Argument 1 is not of type ReadableStream`);
    }
    SetUpReadableStreamDefaultReader(this, stream);
  }

  get closed() {
    if (!IsReadableStreamDefaultReader(this)) return PromiseReject(illegalInvocation());
    return closedPromiseOf(this);
  }

  cancel(reason = undefined) {
    if (!IsReadableStreamDefaultReader(this)) return PromiseReject(illegalInvocation());
    if (this[_stream] === undefined) {
      return PromiseReject(new $TypeError("Reader has no associated stream."));
    }
    return ReadableStreamReaderGenericCancel(this, reason);
  }

  read() {
    if (!IsReadableStreamDefaultReader(this)) return PromiseReject(illegalInvocation());
    // The common case, kept small so that it is inlined into the caller's
    // loop: a default stream with a chunk queued after the one taken, no
    // sizes to count and no pull to call. Taking the chunk is then all of
    // [[PullSteps]] (the queue stays non-empty, so nothing closes), and the
    // read's promise is made already fulfilled (same result, same microtask
    // timing as resolving a pending one).
    const stream = this[_stream];
    if (stream !== undefined && stream[_state] === "readable") {
      const controller = stream[_controller];
      const chunks = controller[_chunks];   // undefined for a byte controller
      if (chunks !== undefined) {
        const head = controller[_head];
        if (head + 1 < chunks.length && head < 1024 && controller[_sizes] === null &&
          controller[_pullAlgorithm] === resolvedUndefined) {
          stream[_disturbed] = true;
          const chunk = chunks[head];
          chunks[head] = undefined;
          controller[_head] = head + 1;
          return PromiseResolve({ value: chunk, done: false });
        }
      }
    }
    return defaultReaderRead(this);
  }

  releaseLock() {
    if (!IsReadableStreamDefaultReader(this)) throw illegalInvocation();
    if (this[_stream] === undefined) return;
    ReadableStreamDefaultReaderRelease(this);
  }
}

// reader.read() past its inlined case. When a chunk is queued, the pull steps
// hand it over synchronously, so the read's promise can be made already
// fulfilled instead of through a pending promise and its resolving functions
// (same result, same microtask timing).
function defaultReaderRead(reader) {
  const stream = reader[_stream];
  if (stream === undefined) {
    return PromiseReject(new $TypeError("Reader has no associated stream."));
  }
  if (canReadAtOnce(stream)) {
    return PromiseResolve({ value: readAtOnce(reader), done: false });
  }
  // A closed or errored stream settles the read at once: the promise is made settled.
  const state = stream[_state];
  if (state === "closed") {
    stream[_disturbed] = true;
    return PromiseResolve({ value: undefined, done: true });
  }
  if (state === "errored") {
    stream[_disturbed] = true;
    return PromiseReject(stream[_storedError]);
  }
  const request = new DefaultReadRequest();
  ReadableStreamDefaultReaderRead(reader, request);
  return request.deferred.promise;
}
function canReadAtOnce(stream) {
  if (stream[_state] !== "readable") return false;
  const controller = stream[_controller];
  return controller[_isByteController] ? controller[_queueTotalSize] > 0 : DefaultQueueLength(controller) > 0;
}
const syncReadRequest = {
  chunk: undefined,
  chunkSteps(chunk) { this.chunk = chunk; },
  closeSteps() {},
  errorSteps() {},
};
function readAtOnce(reader) {
  const stream = reader[_stream];
  const controller = stream[_controller];
  if (!controller[_isByteController]) {
    stream[_disturbed] = true;
    return ReadableStreamDefaultControllerTakeChunk(controller);
  }
  ReadableStreamDefaultReaderRead(reader, syncReadRequest);
  const chunk = syncReadRequest.chunk;
  syncReadRequest.chunk = undefined;
  return chunk;
}

// The read request of reader.read(): settles its promise with { value, done }.
class DefaultReadRequest {
  deferred = new Deferred();
  chunkSteps(chunk) { this.deferred.resolve({ value: chunk, done: false }); }
  closeSteps() { this.deferred.resolve({ value: undefined, done: true }); }
  errorSteps(e) { this.deferred.reject(e); }
}

// The read-into request of a BYOB reader's read(): closing hands back the
// (empty) view so the caller gets its buffer back.
class ReadIntoRequest {
  deferred = new Deferred();
  chunkSteps(chunk) { this.deferred.resolve({ value: chunk, done: false }); }
  closeSteps(chunk) { this.deferred.resolve({ value: chunk, done: true }); }
  errorSteps(e) { this.deferred.reject(e); }
}

class ReadableStreamBYOBReader {
  constructor(stream) {
    if (stream === internalConstruct) return;
    const prefix = "Failed to construct 'ReadableStreamBYOBReader'";
    requiredArguments(arguments.length, 1, prefix);
    if (!IsReadableStream(stream)) {
      throw new $TypeError(`${prefix}: Argument 1 is not of type ReadableStream`);
    }
    SetUpReadableStreamBYOBReader(this, stream);
  }

  get closed() {
    if (!IsReadableStreamBYOBReader(this)) return PromiseReject(illegalInvocation());
    return closedPromiseOf(this);
  }

  cancel(reason = undefined) {
    if (!IsReadableStreamBYOBReader(this)) return PromiseReject(illegalInvocation());
    if (this[_stream] === undefined) {
      return PromiseReject(new $TypeError("Reader has no associated stream."));
    }
    return ReadableStreamReaderGenericCancel(this, reason);
  }

  read(view, options = undefined) {
    if (!IsReadableStreamBYOBReader(this)) return PromiseReject(illegalInvocation());
    const prefix = "Failed to execute 'read' on 'ReadableStreamBYOBReader'";
    let min = 1;
    try {
      if (!ArrayBufferIsView(view)) {
        throw new $TypeError(`${prefix}: Argument 1 is not a view on an ArrayBuffer or SharedArrayBuffer`);
      }
      if (S.isSharedView(view)) {
        throw new $TypeError(`${prefix}: Argument 1 is a view on a SharedArrayBuffer, which is not allowed`);
      }
      const dict = S.toDictionary(options, prefix, "Argument 2");
      if (dict !== undefined && dict.min !== undefined) {
        min = S.toEnforcedUnsignedLongLong(dict.min, prefix, S.memberContext("min", "ReadableStreamBYOBReaderReadOptions", "Argument 2"));
      }
    } catch (e) {
      return PromiseReject(e);
    }
    const buffer = viewBuffer(view);
    if (viewByteLength(view) === 0) {
      return PromiseReject(new $TypeError("view must have non-zero byteLength"));
    }
    if (ArrayBufferPrototypeGetByteLength(buffer) === 0) {
      if (IsDetachedBuffer(buffer)) {
        return PromiseReject(new $TypeError("view's buffer has been detached"));
      }
      return PromiseReject(new $TypeError("view's buffer must have non-zero byteLength"));
    }
    if (IsDetachedBuffer(buffer)) {
      return PromiseReject(new $TypeError("view's buffer has been detached"));
    }
    if (min === 0) return PromiseReject(new $TypeError("options.min must be non-zero"));
    if (isTypedArray(view)) {
      if (min > TypedArrayPrototypeGetLength(view)) {
        return PromiseReject(new $RangeError("options.min must be smaller or equal to view's size"));
      }
    } else if (min > viewByteLength(view)) {
      return PromiseReject(new $RangeError("options.min must be smaller or equal to view's size"));
    }
    if (this[_stream] === undefined) {
      return PromiseReject(new $TypeError("Reader has no associated stream."));
    }
    const request = new ReadIntoRequest();
    ReadableStreamBYOBReaderRead(this, view, min, request);
    return request.deferred.promise;
  }

  releaseLock() {
    if (!IsReadableStreamBYOBReader(this)) throw illegalInvocation();
    if (this[_stream] === undefined) return;
    ReadableStreamBYOBReaderRelease(this);
  }
}

function IsReadableStreamDefaultReader(x) {
  return typeof x === "object" && x !== null && _readRequests in x;
}
function IsReadableStreamBYOBReader(x) {
  return typeof x === "object" && x !== null && _readIntoRequests in x;
}

// ---------------------------------------------------------------------------
// §4.6 ReadableStreamDefaultController

// Controllers are made with `new` and the internal key (programs cannot make
// one): an object from a constructor gets room for all its slots in itself,
// where one from Object.create would grow a separate property array 3 slots at a time.
class ReadableStreamDefaultController {
  constructor(key = undefined) {
    if (key !== internalConstruct) throw new $TypeError("Illegal constructor");
  }

  get desiredSize() {
    if (!IsReadableStreamDefaultController(this)) throw illegalInvocation();
    return ReadableStreamDefaultControllerGetDesiredSize(this);
  }

  close() {
    if (!IsReadableStreamDefaultController(this)) throw illegalInvocation();
    if (!ReadableStreamDefaultControllerCanCloseOrEnqueue(this)) {
      throw new $TypeError("The stream controller cannot close or enqueue");
    }
    ReadableStreamDefaultControllerClose(this);
  }

  enqueue(chunk = undefined) {
    if (!IsReadableStreamDefaultController(this)) throw illegalInvocation();
    const stream = this[_stream];
    if (this[_closeRequested] || stream[_state] !== "readable") {
      throw new $TypeError("The stream controller cannot close or enqueue");
    }
    // The common case, inlined: no read waiting (none can while chunks are
    // queued), every chunk counts 1 (no size to call, no total to keep) and
    // no pull to call. Everything else takes the spec's steps.
    const chunks = this[_chunks];
    if (this[_strategySizeAlgorithm] === sizeOne && this[_pullAlgorithm] === resolvedUndefined &&
      (stream[_reader] === undefined || this[_head] < chunks.length)) {
      chunks[chunks.length] = chunk;
      return;
    }
    ReadableStreamDefaultControllerEnqueue(this, chunk);
  }

  error(e = undefined) {
    if (!IsReadableStreamDefaultController(this)) throw illegalInvocation();
    ReadableStreamDefaultControllerError(this, e);
  }

  [_cancelSteps](reason) {
    DefaultQueueReset(this);
    const result = this[_cancelAlgorithm](reason);
    ReadableStreamDefaultControllerClearAlgorithms(this);
    return result;
  }

  [_pullSteps](readRequest) {
    const stream = this[_stream];
    if (DefaultQueueLength(this) > 0) {
      readRequest.chunkSteps(ReadableStreamDefaultControllerTakeChunk(this));
    } else {
      ReadableStreamAddReadRequest(stream, readRequest);
      ReadableStreamDefaultControllerCallPullIfNeeded(this);
    }
  }

  [_releaseSteps]() {}
}

// The first steps of [[PullSteps]] with a chunk queued: dequeue it, then close
// the stream or pull more.
function ReadableStreamDefaultControllerTakeChunk(controller) {
  const chunk = DefaultQueueDequeue(controller);
  if (controller[_closeRequested] && DefaultQueueLength(controller) === 0) {
    ReadableStreamDefaultControllerClearAlgorithms(controller);
    ReadableStreamClose(controller[_stream]);
  } else {
    ReadableStreamDefaultControllerCallPullIfNeeded(controller);
  }
  return chunk;
}

function IsReadableStreamDefaultController(x) {
  return typeof x === "object" && x !== null && x[_isByteController] === false;
}

// ---------------------------------------------------------------------------
// §4.7 ReadableByteStreamController and §4.8 ReadableStreamBYOBRequest

class ReadableByteStreamController {
  constructor(key = undefined) {
    if (key !== internalConstruct) throw new $TypeError("Illegal constructor");
  }

  get byobRequest() {
    if (!IsReadableByteStreamController(this)) throw illegalInvocation();
    return ReadableByteStreamControllerGetBYOBRequest(this);
  }

  get desiredSize() {
    if (!IsReadableByteStreamController(this)) throw illegalInvocation();
    return ReadableByteStreamControllerGetDesiredSize(this);
  }

  close() {
    if (!IsReadableByteStreamController(this)) throw illegalInvocation();
    if (this[_closeRequested]) throw new $TypeError("Closing is still requested.");
    if (this[_stream][_state] !== "readable") {
      throw new $TypeError("ReadableByteStreamController's stream is not in a readable state");
    }
    ReadableByteStreamControllerClose(this);
  }

  enqueue(chunk) {
    if (!IsReadableByteStreamController(this)) throw illegalInvocation();
    const prefix = "Failed to execute 'enqueue' on 'ReadableByteStreamController'";
    requiredArguments(arguments.length, 1, prefix);
    if (!ArrayBufferIsView(chunk)) {
      throw new $TypeError(`${prefix}: Argument 1 is not a view on an ArrayBuffer or SharedArrayBuffer`);
    }
    if (S.isSharedView(chunk)) {
      throw new $TypeError(`${prefix}: Argument 1 is a view on a SharedArrayBuffer, which is not allowed`);
    }
    if (viewByteLength(chunk) === 0) throw new $TypeError(`${prefix}: Argument 1 Length must be non-zero`);
    if (ArrayBufferPrototypeGetByteLength(viewBuffer(chunk)) === 0) {
      throw new $TypeError("chunk's buffer must have a non-zero byteLength.");
    }
    if (this[_closeRequested]) throw new $TypeError("Cannot enqueue chunk after a close has been requested.");
    if (this[_stream][_state] !== "readable") {
      throw new $TypeError("Cannot enqueue chunk when underlying stream is not readable");
    }
    ReadableByteStreamControllerEnqueue(this, chunk);
  }

  error(e = undefined) {
    if (!IsReadableByteStreamController(this)) throw illegalInvocation();
    ReadableByteStreamControllerError(this, e);
  }

  [_cancelSteps](reason) {
    ReadableByteStreamControllerClearPendingPullIntos(this);
    ResetByteQueue(this);
    const result = this[_cancelAlgorithm](reason);
    ReadableByteStreamControllerClearAlgorithms(this);
    return result;
  }

  [_pullSteps](readRequest) {
    const stream = this[_stream];
    if (this[_queueTotalSize] > 0) {
      ReadableByteStreamControllerFillReadRequestFromQueue(this, readRequest);
      return;
    }
    const autoAllocateChunkSize = this[_autoAllocateChunkSize];
    if (autoAllocateChunkSize !== undefined) {
      let buffer;
      try {
        buffer = new $ArrayBuffer(autoAllocateChunkSize);
      } catch (e) {
        readRequest.errorSteps(e);
        return;
      }
      pushPullInto(this, new PullIntoDescriptor(buffer, autoAllocateChunkSize, 0, autoAllocateChunkSize,
        0, 1, 1, $Uint8Array, "default"));
    }
    ReadableStreamAddReadRequest(stream, readRequest);
    ReadableByteStreamControllerCallPullIfNeeded(this);
  }

  [_releaseSteps]() {
    const pending = this[_pendingPullIntos];
    if (pending.length > 0) {
      const first = pending[0];
      first.readerType = "none";
      this[_pendingPullIntos] = [first];
    }
  }
}

function IsReadableByteStreamController(x) {
  return typeof x === "object" && x !== null && x[_isByteController] === true;
}

class PullIntoDescriptor {
  constructor(buffer, bufferByteLength, byteOffset, byteLength, bytesFilled, minimumFill, elementSize,
    viewConstructor, readerType) {
    this.buffer = buffer;
    this.bufferByteLength = bufferByteLength;
    this.byteOffset = byteOffset;
    this.byteLength = byteLength;
    this.bytesFilled = bytesFilled;
    this.minimumFill = minimumFill;
    this.elementSize = elementSize;
    this.viewConstructor = viewConstructor;
    this.readerType = readerType;
  }
}

class ReadableStreamBYOBRequest {
  constructor() {
    throw new $TypeError("Illegal constructor");
  }

  get view() {
    if (!IsReadableStreamBYOBRequest(this)) throw illegalInvocation();
    return this[_view];
  }

  respond(bytesWritten) {
    if (!IsReadableStreamBYOBRequest(this)) throw illegalInvocation();
    const prefix = "Failed to execute 'respond' on 'ReadableStreamBYOBRequest'";
    requiredArguments(arguments.length, 1, prefix);
    bytesWritten = S.toEnforcedUnsignedLongLong(bytesWritten, prefix, "Argument 1");
    if (this[_controller] === undefined) {
      throw new $TypeError("This BYOB request has been invalidated");
    }
    if (IsDetachedBuffer(viewBuffer(this[_view]))) {
      throw new $TypeError("The BYOB request's buffer has been detached and so cannot be used as a response");
    }
    ReadableByteStreamControllerRespond(this[_controller], bytesWritten);
  }

  respondWithNewView(view) {
    if (!IsReadableStreamBYOBRequest(this)) throw illegalInvocation();
    const prefix = "Failed to execute 'respondWithNewView' on 'ReadableStreamBYOBRequest'";
    requiredArguments(arguments.length, 1, prefix);
    if (!ArrayBufferIsView(view)) {
      throw new $TypeError(`${prefix}: Argument 1 is not a view on an ArrayBuffer or SharedArrayBuffer`);
    }
    if (S.isSharedView(view)) {
      throw new $TypeError(`${prefix}: Argument 1 is a view on a SharedArrayBuffer, which is not allowed`);
    }
    if (this[_controller] === undefined) {
      throw new $TypeError("This BYOB request has been invalidated");
    }
    if (IsDetachedBuffer(viewBuffer(view))) {
      throw new $TypeError("The given view's buffer has been detached and so cannot be used as a response");
    }
    ReadableByteStreamControllerRespondWithNewView(this[_controller], view);
  }
}

function IsReadableStreamBYOBRequest(x) {
  return typeof x === "object" && x !== null && _view in x;
}

// ---------------------------------------------------------------------------
// §4.9.1 Working with readable streams

function AcquireReadableStreamBYOBReader(stream) {
  const reader = new ReadableStreamBYOBReader(internalConstruct);
  SetUpReadableStreamBYOBReader(reader, stream);
  return reader;
}

function AcquireReadableStreamDefaultReader(stream) {
  const reader = new ReadableStreamDefaultReader(internalConstruct);
  SetUpReadableStreamDefaultReader(reader, stream);
  return reader;
}

function newReadableStream() {
  const stream = new ReadableStream(internalConstruct);
  stream[brand] = brand;
  InitializeReadableStream(stream);
  return stream;
}

function CreateReadableStream(startAlgorithm, pullAlgorithm, cancelAlgorithm, highWaterMark = 1,
  sizeAlgorithm = sizeOne) {
  const stream = newReadableStream();
  const controller = new ReadableStreamDefaultController(internalConstruct);
  SetUpReadableStreamDefaultController(stream, controller, startAlgorithm, pullAlgorithm, cancelAlgorithm,
    highWaterMark, sizeAlgorithm);
  return stream;
}

function CreateReadableByteStream(startAlgorithm, pullAlgorithm, cancelAlgorithm, highWaterMark = 0,
  autoAllocateChunkSize = undefined) {
  const stream = newReadableStream();
  const controller = new ReadableByteStreamController(internalConstruct);
  SetUpReadableByteStreamController(stream, controller, startAlgorithm, pullAlgorithm, cancelAlgorithm,
    highWaterMark, autoAllocateChunkSize);
  return stream;
}

function InitializeReadableStream(stream) {
  stream[_state] = "readable";
  stream[_reader] = undefined;
  stream[_storedError] = undefined;
  stream[_disturbed] = false;
  stream[_controller] = undefined;
}

function IsReadableStreamLocked(stream) {
  return stream[_reader] !== undefined;
}

// ReadableStreamFromIterable (§4.9.1).
function ReadableStreamFromIterable(asyncIterable) {
  const iteratorRecord = GetAsyncIterator(asyncIterable);
  let stream;
  const startAlgorithm = () => undefined;
  const pullAlgorithm = () => {
    let nextResult;
    try {
      nextResult = ReflectApply(iteratorRecord.next, iteratorRecord.iterator, []);
    } catch (e) {
      return PromiseReject(e);
    }
    return PromisePrototypeThen(PromiseResolve(nextResult), (iterResult) => {
      if (!S.isObject(iterResult)) {
        throw new $TypeError(`Argument 1 failed to iterate next value because the next() method did not return an object, but ${typeName(iterResult)}.`);
      }
      if (iterResult.done) {
        ReadableStreamDefaultControllerClose(stream[_controller]);
      } else {
        ReadableStreamDefaultControllerEnqueue(stream[_controller], iterResult.value);
      }
    });
  };
  const cancelAlgorithm = (reason) => {
    const iterator = iteratorRecord.iterator;
    let returnMethod;
    try {
      returnMethod = iterator.return;
      if (returnMethod === undefined || returnMethod === null) return PromiseResolve(undefined);
      if (typeof returnMethod !== "function") throw new $TypeError("iterator.return is not a function");
    } catch (e) {
      return PromiseReject(e);
    }
    let returnResult;
    try {
      returnResult = ReflectApply(returnMethod, iterator, [reason]);
    } catch (e) {
      return PromiseReject(e);
    }
    return PromisePrototypeThen(PromiseResolve(returnResult), (iterResult) => {
      if (!S.isObject(iterResult)) {
        throw new $TypeError(`Argument 1 failed to close iterator because the return() method did not return an object, but ${typeName(iterResult)}.`);
      }
    });
  };
  stream = CreateReadableStream(startAlgorithm, pullAlgorithm, cancelAlgorithm, 0);
  return stream;
}

// GetIterator(obj, async), with CreateAsyncFromSyncIterator for sync iterables.
function GetAsyncIterator(obj) {
  // WebIDL's async sequence: only objects (a string is not one).
  if (!S.isObject(obj)) {
    throw new $TypeError("Failed to execute 'ReadableStream.from': Argument 1 can not be converted to async sequence.");
  }
  const method = obj[SymbolAsyncIterator];
  if (method === undefined || method === null) {
    const syncMethod = obj[SymbolIterator];
    if (syncMethod === undefined || syncMethod === null) {
      throw new $TypeError("Failed to execute 'ReadableStream.from': Argument 1 can not be converted to async sequence.");
    }
    if (typeof syncMethod !== "function") throw new $TypeError("obj[Symbol.iterator] is not a function");
    const syncIterator = ReflectApply(syncMethod, obj, []);
    if (!S.isObject(syncIterator)) throw new $TypeError("Result of the Symbol.iterator method is not an object");
    const syncNext = syncIterator.next;
    return { iterator: createAsyncFromSyncIterator(syncIterator, syncNext), next: asyncFromSyncNext };
  }
  if (typeof method !== "function") throw new $TypeError("obj[Symbol.asyncIterator] is not a function");
  const iterator = ReflectApply(method, obj, []);
  if (!S.isObject(iterator)) {
    throw new $TypeError(`Argument 1 could not be iterated because iterator method did not return object, but ${typeName(iterator)}.`);
  }
  return { iterator, next: iterator.next };
}

function typeName(v) {
  if (v === null) return "Null";
  const t = typeof v;
  return t[0].toUpperCase() + t.slice(1);
}

// The parts of %AsyncFromSyncIteratorPrototype% that from() uses: next and return.
function createAsyncFromSyncIterator(syncIterator, syncNext) {
  return {
    syncIterator, syncNext,
    return(value) {
      const ret = syncIterator.return;
      if (ret === undefined || ret === null) return PromiseResolve({ value, done: true });
      let result;
      try {
        result = ReflectApply(ret, syncIterator, [value]);
      } catch (e) {
        return PromiseReject(e);
      }
      if (!S.isObject(result)) return PromiseReject(new $TypeError("iterator.return() did not return an object"));
      return asyncFromSyncContinuation(result);
    },
  };
}
function asyncFromSyncNext() {
  let result;
  try {
    result = ReflectApply(this.syncNext, this.syncIterator, []);
    if (!S.isObject(result)) throw new $TypeError(`Iterator result ${result} is not an object`);
  } catch (e) {
    return PromiseReject(e);
  }
  return asyncFromSyncContinuation(result);
}
function asyncFromSyncContinuation(result) {
  try {
    const done = !!result.done;
    const value = result.value;
    return PromisePrototypeThen(PromiseResolve(value), (v) => ({ value: v, done }));
  } catch (e) {
    return PromiseReject(e);
  }
}

// §4.9.1 ReadableStreamPipeTo.
function ReadableStreamPipeTo(source, dest, preventClose, preventAbort, preventCancel, signal) {
  const reader = AcquireReadableStreamDefaultReader(source);
  const writer = AcquireWritableStreamDefaultWriter(dest);
  source[_disturbed] = true;
  let shuttingDown = false;
  let currentWrite = PromiseResolve(undefined);
  const promise = new Deferred();
  let abortAlgorithm;

  if (signal !== undefined) {
    abortAlgorithm = () => {
      const error = signal.reason;
      // "Wait for all of the actions", without Promise.all (a program may patch it).
      shutdownWithAction(() => new $Promise((resolve, reject) => {
        let pending = 1;
        const settle = () => {
          if (--pending === 0) resolve(undefined);
        };
        if (!preventAbort) {
          pending++;
          const p = writableState(dest) === "writable" ? WritableStreamAbort(dest, error) : PromiseResolve(undefined);
          PromisePrototypeThen(p, settle, reject);
        }
        if (!preventCancel) {
          pending++;
          const p = source[_state] === "readable" ? ReadableStreamCancel(source, error) : PromiseResolve(undefined);
          PromisePrototypeThen(p, settle, reject);
        }
        settle();
      }), true, error);
    };
    if (signal.aborted) {
      abortAlgorithm();
      return promise.promise;
    }
    signal.addEventListener("abort", abortAlgorithm);
  }

  // The pipe loop: while the destination wants chunks, read and write them.
  // Chunks already queued in the source are taken in one go; a chunk that
  // arrives later is written from a microtask (never inside the source's
  // enqueue call). No promise is made per chunk.
  const pipeRequest = {
    sync: false,
    gotSync: false,
    chunk: undefined,
    chunkSteps(chunk) {
      this.chunk = chunk;
      if (this.sync) this.gotSync = true;
      else S.queueMicrotask(writeThenPump);
    },
    closeSteps() {},
    errorSteps() {},
  };
  function takeChunk() {
    const chunk = pipeRequest.chunk;
    pipeRequest.chunk = undefined;
    return chunk;
  }
  function writeChunk(chunk) {
    currentWrite = WritableStreamDefaultWriterWrite(writer, chunk);
    markHandled(currentWrite);
  }
  function writeThenPump() {
    const chunk = takeChunk();
    if (writerStream(writer) === undefined) return;  // finalized meanwhile
    writeChunk(chunk);
    pump();
  }
  function pump() {
    for (;;) {
      if (shuttingDown) return;
      if (writerReadyState(writer) !== 1) {
        PromisePrototypeThen(writerReady(writer), pump, noop);
        return;
      }
      pipeRequest.sync = true;
      pipeRequest.gotSync = false;
      ReadableStreamDefaultReaderRead(reader, pipeRequest);
      pipeRequest.sync = false;
      if (!pipeRequest.gotSync) return;
      writeChunk(takeChunk());
    }
  }

  // The promises are taken first: a propagation below may finish the pipe at
  // once and release the reader and writer.
  const sourceClosed = closedPromiseOf(reader);
  const destClosed = writerClosed(writer);
  // Errors must be propagated forward.
  isOrBecomesErrored(source, sourceClosed, (storedError) => {
    if (!preventAbort) shutdownWithAction(() => WritableStreamAbort(dest, storedError), true, storedError);
    else shutdown(true, storedError);
  });
  // Errors must be propagated backward.
  isOrBecomesErrored(dest, destClosed, (storedError) => {
    if (!preventCancel) shutdownWithAction(() => ReadableStreamCancel(source, storedError), true, storedError);
    else shutdown(true, storedError);
  });
  // Closing must be propagated forward.
  isOrBecomesClosed(source, sourceClosed, () => {
    if (!preventClose) shutdownWithAction(() => WritableStreamDefaultWriterCloseWithErrorPropagation(writer));
    else shutdown();
  });
  // Closing must be propagated backward.
  if (WritableStreamCloseQueuedOrInFlight(dest) || writableState(dest) === "closed") {
    const closedError = new $TypeError("The destination writable stream closed before all the data could be piped to it.");
    if (!preventCancel) shutdownWithAction(() => ReadableStreamCancel(source, closedError), true, closedError);
    else shutdown(true, closedError);
  }

  pump();
  return promise.promise;

  function isOrBecomesErrored(stream, streamPromise, action) {
    const state = IsReadableStream(stream) ? stream[_state] : writableState(stream);
    if (state === "errored") {
      action(IsReadableStream(stream) ? stream[_storedError] : writableStoredError(stream));
    } else {
      PromisePrototypeThen(streamPromise, undefined, action);
    }
  }
  function isOrBecomesClosed(stream, streamPromise, action) {
    if (stream[_state] === "closed") action();
    else PromisePrototypeThen(streamPromise, action, noop);
  }
  function waitForWritesToFinish() {
    const oldCurrentWrite = currentWrite;
    return PromisePrototypeThen(currentWrite,
      () => oldCurrentWrite !== currentWrite ? waitForWritesToFinish() : undefined,
      () => oldCurrentWrite !== currentWrite ? waitForWritesToFinish() : undefined);
  }
  function shutdownWithAction(action, hasOriginalError = false, originalError = undefined) {
    if (shuttingDown) return;
    shuttingDown = true;
    const doTheRest = () => {
      uponPromise(action(), () => finalize(hasOriginalError, originalError), (newError) => finalize(true, newError));
    };
    if (writableState(dest) === "writable" && !WritableStreamCloseQueuedOrInFlight(dest)) {
      uponPromise(waitForWritesToFinish(), doTheRest);
    } else {
      doTheRest();
    }
  }
  function shutdown(isError = false, error = undefined) {
    if (shuttingDown) return;
    shuttingDown = true;
    if (writableState(dest) === "writable" && !WritableStreamCloseQueuedOrInFlight(dest)) {
      uponPromise(waitForWritesToFinish(), () => finalize(isError, error));
    } else {
      finalize(isError, error);
    }
  }
  function finalize(isError, error) {
    WritableStreamDefaultWriterRelease(writer);
    ReadableStreamDefaultReaderRelease(reader);
    if (signal !== undefined) signal.removeEventListener("abort", abortAlgorithm);
    if (isError) promise.reject(error);
    else promise.resolve(undefined);
  }
}

// A read request made of three functions, for tee and the native sink.
class StepsReadRequest {
  constructor(chunkSteps, closeSteps, errorSteps) {
    this.chunkSteps = chunkSteps;
    this.closeSteps = closeSteps;
    this.errorSteps = errorSteps;
  }
}

function ReadableStreamTee(stream, cloneForBranch2) {
  if (IsReadableByteStreamController(stream[_controller])) return ReadableByteStreamTee(stream);
  return ReadableStreamDefaultTee(stream, cloneForBranch2);
}

function ReadableStreamDefaultTee(stream, cloneForBranch2) {
  const reader = AcquireReadableStreamDefaultReader(stream);
  let reading = false;
  let readAgain = false;
  let canceled1 = false;
  let canceled2 = false;
  let reason1;
  let reason2;
  let branch1;
  let branch2;
  const cancelPromise = new Deferred();

  const readRequest = new StepsReadRequest(
    (chunk) => {
      S.queueMicrotask(() => {
        readAgain = false;
        const chunk1 = chunk;
        let chunk2 = chunk;
        if (!canceled2 && cloneForBranch2) {
          try {
            chunk2 = structuredClone(chunk2);
          } catch (cloneError) {
            ReadableStreamDefaultControllerError(branch1[_controller], cloneError);
            ReadableStreamDefaultControllerError(branch2[_controller], cloneError);
            cancelPromise.resolve(ReadableStreamCancel(stream, cloneError));
            return;
          }
        }
        if (!canceled1) ReadableStreamDefaultControllerEnqueue(branch1[_controller], chunk1);
        if (!canceled2) ReadableStreamDefaultControllerEnqueue(branch2[_controller], chunk2);
        reading = false;
        if (readAgain) pullAlgorithm();
      });
    },
    () => {
      reading = false;
      if (!canceled1) ReadableStreamDefaultControllerClose(branch1[_controller]);
      if (!canceled2) ReadableStreamDefaultControllerClose(branch2[_controller]);
      if (!canceled1 || !canceled2) cancelPromise.resolve(undefined);
    },
    () => {
      reading = false;
    },
  );
  function pullAlgorithm() {
    if (reading) {
      readAgain = true;
      return PromiseResolve(undefined);
    }
    reading = true;
    ReadableStreamDefaultReaderRead(reader, readRequest);
    return PromiseResolve(undefined);
  }
  function cancel1Algorithm(reason) {
    canceled1 = true;
    reason1 = reason;
    if (canceled2) cancelPromise.resolve(ReadableStreamCancel(stream, [reason1, reason2]));
    return cancelPromise.promise;
  }
  function cancel2Algorithm(reason) {
    canceled2 = true;
    reason2 = reason;
    if (canceled1) cancelPromise.resolve(ReadableStreamCancel(stream, [reason1, reason2]));
    return cancelPromise.promise;
  }
  const startAlgorithm = () => undefined;
  branch1 = CreateReadableStream(startAlgorithm, pullAlgorithm, cancel1Algorithm);
  branch2 = CreateReadableStream(startAlgorithm, pullAlgorithm, cancel2Algorithm);
  PromisePrototypeThen(closedPromiseOf(reader), undefined, (r) => {
    ReadableStreamDefaultControllerError(branch1[_controller], r);
    ReadableStreamDefaultControllerError(branch2[_controller], r);
    if (!canceled1 || !canceled2) cancelPromise.resolve(undefined);
  });
  return [branch1, branch2];
}

function ReadableByteStreamTee(stream) {
  let reader = AcquireReadableStreamDefaultReader(stream);
  let reading = false;
  let readAgainForBranch1 = false;
  let readAgainForBranch2 = false;
  let canceled1 = false;
  let canceled2 = false;
  let reason1;
  let reason2;
  let branch1;
  let branch2;
  const cancelPromise = new Deferred();

  function forwardReaderError(thisReader) {
    PromisePrototypeThen(closedPromiseOf(thisReader), undefined, (r) => {
      if (thisReader !== reader) return;
      ReadableByteStreamControllerError(branch1[_controller], r);
      ReadableByteStreamControllerError(branch2[_controller], r);
      if (!canceled1 || !canceled2) cancelPromise.resolve(undefined);
    });
  }

  function pullWithDefaultReader() {
    if (IsReadableStreamBYOBReader(reader)) {
      ReadableStreamBYOBReaderRelease(reader);
      reader = AcquireReadableStreamDefaultReader(stream);
      forwardReaderError(reader);
    }
    const readRequest = new StepsReadRequest(
      (chunk) => {
        S.queueMicrotask(() => {
          readAgainForBranch1 = false;
          readAgainForBranch2 = false;
          const chunk1 = chunk;
          let chunk2 = chunk;
          if (!canceled1 && !canceled2) {
            try {
              chunk2 = CloneAsUint8Array(chunk);
            } catch (e) {
              ReadableByteStreamControllerError(branch1[_controller], e);
              ReadableByteStreamControllerError(branch2[_controller], e);
              cancelPromise.resolve(ReadableStreamCancel(stream, e));
              return;
            }
          }
          if (!canceled1) ReadableByteStreamControllerEnqueue(branch1[_controller], chunk1);
          if (!canceled2) ReadableByteStreamControllerEnqueue(branch2[_controller], chunk2);
          reading = false;
          if (readAgainForBranch1) pull1Algorithm();
          else if (readAgainForBranch2) pull2Algorithm();
        });
      },
      () => {
        reading = false;
        if (!canceled1) ReadableByteStreamControllerClose(branch1[_controller]);
        if (!canceled2) ReadableByteStreamControllerClose(branch2[_controller]);
        if (branch1[_controller][_pendingPullIntos].length > 0) {
          ReadableByteStreamControllerRespond(branch1[_controller], 0);
        }
        if (branch2[_controller][_pendingPullIntos].length > 0) {
          ReadableByteStreamControllerRespond(branch2[_controller], 0);
        }
        if (!canceled1 || !canceled2) cancelPromise.resolve(undefined);
      },
      () => {
        reading = false;
      },
    );
    ReadableStreamDefaultReaderRead(reader, readRequest);
  }

  function pullWithBYOBReader(view, forBranch2) {
    if (IsReadableStreamDefaultReader(reader)) {
      ReadableStreamDefaultReaderRelease(reader);
      reader = AcquireReadableStreamBYOBReader(stream);
      forwardReaderError(reader);
    }
    const byobBranch = forBranch2 ? branch2 : branch1;
    const otherBranch = forBranch2 ? branch1 : branch2;
    const readIntoRequest = new StepsReadRequest(
      (chunk) => {
        S.queueMicrotask(() => {
          readAgainForBranch1 = false;
          readAgainForBranch2 = false;
          const byobCanceled = forBranch2 ? canceled2 : canceled1;
          const otherCanceled = forBranch2 ? canceled1 : canceled2;
          if (!otherCanceled) {
            let clonedChunk;
            try {
              clonedChunk = CloneAsUint8Array(chunk);
            } catch (e) {
              ReadableByteStreamControllerError(byobBranch[_controller], e);
              ReadableByteStreamControllerError(otherBranch[_controller], e);
              cancelPromise.resolve(ReadableStreamCancel(stream, e));
              return;
            }
            if (!byobCanceled) ReadableByteStreamControllerRespondWithNewView(byobBranch[_controller], chunk);
            ReadableByteStreamControllerEnqueue(otherBranch[_controller], clonedChunk);
          } else if (!byobCanceled) {
            ReadableByteStreamControllerRespondWithNewView(byobBranch[_controller], chunk);
          }
          reading = false;
          if (readAgainForBranch1) pull1Algorithm();
          else if (readAgainForBranch2) pull2Algorithm();
        });
      },
      (chunk) => {
        reading = false;
        const byobCanceled = forBranch2 ? canceled2 : canceled1;
        const otherCanceled = forBranch2 ? canceled1 : canceled2;
        if (!byobCanceled) ReadableByteStreamControllerClose(byobBranch[_controller]);
        if (!otherCanceled) ReadableByteStreamControllerClose(otherBranch[_controller]);
        if (chunk !== undefined) {
          if (!byobCanceled) ReadableByteStreamControllerRespondWithNewView(byobBranch[_controller], chunk);
          if (!otherCanceled && otherBranch[_controller][_pendingPullIntos].length > 0) {
            ReadableByteStreamControllerRespond(otherBranch[_controller], 0);
          }
        }
        if (!byobCanceled || !otherCanceled) cancelPromise.resolve(undefined);
      },
      () => {
        reading = false;
      },
    );
    ReadableStreamBYOBReaderRead(reader, view, 1, readIntoRequest);
  }

  function pull1Algorithm() {
    if (reading) {
      readAgainForBranch1 = true;
      return PromiseResolve(undefined);
    }
    reading = true;
    const byobRequest = ReadableByteStreamControllerGetBYOBRequest(branch1[_controller]);
    if (byobRequest === null) pullWithDefaultReader();
    else pullWithBYOBReader(byobRequest[_view], false);
    return PromiseResolve(undefined);
  }
  function pull2Algorithm() {
    if (reading) {
      readAgainForBranch2 = true;
      return PromiseResolve(undefined);
    }
    reading = true;
    const byobRequest = ReadableByteStreamControllerGetBYOBRequest(branch2[_controller]);
    if (byobRequest === null) pullWithDefaultReader();
    else pullWithBYOBReader(byobRequest[_view], true);
    return PromiseResolve(undefined);
  }
  function cancel1Algorithm(reason) {
    canceled1 = true;
    reason1 = reason;
    if (canceled2) cancelPromise.resolve(ReadableStreamCancel(stream, [reason1, reason2]));
    return cancelPromise.promise;
  }
  function cancel2Algorithm(reason) {
    canceled2 = true;
    reason2 = reason;
    if (canceled1) cancelPromise.resolve(ReadableStreamCancel(stream, [reason1, reason2]));
    return cancelPromise.promise;
  }
  const startAlgorithm = () => undefined;
  branch1 = CreateReadableByteStream(startAlgorithm, pull1Algorithm, cancel1Algorithm);
  branch2 = CreateReadableByteStream(startAlgorithm, pull2Algorithm, cancel2Algorithm);
  forwardReaderError(reader);
  return [branch1, branch2];
}

// ---------------------------------------------------------------------------
// §4.9.2 Interfacing with controllers

function ReadableStreamAddReadIntoRequest(stream, readRequest) {
  stream[_reader][_readIntoRequests].push(readRequest);
}

// A default reader with no read waiting holds the shared empty queue
// `noReadRequests` (most readers never wait: their chunks are queued first);
// the first read that waits gives the reader a queue of its own.
const noReadRequests = new Queue();
function ReadableStreamAddReadRequest(stream, readRequest) {
  const reader = stream[_reader];
  let readRequests = reader[_readRequests];
  if (readRequests === noReadRequests) reader[_readRequests] = readRequests = new Queue();
  readRequests.push(readRequest);
}

function ReadableStreamCancel(stream, reason) {
  stream[_disturbed] = true;
  const state = stream[_state];
  if (state === "closed") return PromiseResolve(undefined);
  if (state === "errored") return PromiseReject(stream[_storedError]);
  ReadableStreamClose(stream);
  const reader = stream[_reader];
  if (reader !== undefined && IsReadableStreamBYOBReader(reader)) {
    const readIntoRequests = reader[_readIntoRequests];
    reader[_readIntoRequests] = new Queue();
    while (readIntoRequests.length > 0) readIntoRequests.shift().closeSteps(undefined);
  }
  const sourceCancelPromise = stream[_controller][_cancelSteps](reason);
  return PromisePrototypeThen(sourceCancelPromise, noop);
}

function ReadableStreamClose(stream) {
  stream[_state] = "closed";
  const reader = stream[_reader];
  if (reader === undefined) return;
  const closed = reader[_closedPromise];
  if (closed !== undefined) closed.resolve(undefined);
  if (IsReadableStreamDefaultReader(reader)) {
    const readRequests = reader[_readRequests];
    if (readRequests.length === 0) return;
    reader[_readRequests] = noReadRequests;
    while (readRequests.length > 0) readRequests.shift().closeSteps();
  }
}

function ReadableStreamError(stream, e) {
  stream[_state] = "errored";
  stream[_storedError] = e;
  const reader = stream[_reader];
  if (reader === undefined) return;
  const closed = reader[_closedPromise];
  if (closed !== undefined) closed.rejectHandled(e);
  if (IsReadableStreamDefaultReader(reader)) ReadableStreamDefaultReaderErrorReadRequests(reader, e);
  else ReadableStreamBYOBReaderErrorReadIntoRequests(reader, e);
}

function ReadableStreamFulfillReadIntoRequest(stream, chunk, done) {
  const readIntoRequest = stream[_reader][_readIntoRequests].shift();
  if (done) readIntoRequest.closeSteps(chunk);
  else readIntoRequest.chunkSteps(chunk);
}

function ReadableStreamFulfillReadRequest(stream, chunk, done) {
  const readRequest = stream[_reader][_readRequests].shift();
  if (done) readRequest.closeSteps();
  else readRequest.chunkSteps(chunk);
}

function ReadableStreamGetNumReadIntoRequests(stream) {
  return stream[_reader][_readIntoRequests].length;
}

function ReadableStreamGetNumReadRequests(stream) {
  return stream[_reader][_readRequests].length;
}

function ReadableStreamHasBYOBReader(stream) {
  const reader = stream[_reader];
  return reader !== undefined && IsReadableStreamBYOBReader(reader);
}

function ReadableStreamHasDefaultReader(stream) {
  const reader = stream[_reader];
  return reader !== undefined && IsReadableStreamDefaultReader(reader);
}

// ---------------------------------------------------------------------------
// §4.9.3 Readers

function ReadableStreamReaderGenericCancel(reader, reason) {
  return ReadableStreamCancel(reader[_stream], reason);
}

// The reader's [[closedPromise]] is made when first asked for (closedPromiseOf):
// until then it is undefined and the stream's state says how it would have
// been settled. Most programs never look at it.
function ReadableStreamReaderGenericInitialize(reader, stream) {
  reader[_stream] = stream;
  stream[_reader] = reader;
  reader[_closedPromise] = undefined;
}

function releasedError() {
  return new $TypeError("Reader was released and can no longer be used to monitor the stream's closedness.");
}

// A reader's closed promise, made on first use as the stream's state (or the
// reader's release) has settled it by then.
function closedPromiseOf(reader) {
  let closed = reader[_closedPromise];
  if (closed === undefined) {
    const stream = reader[_stream];
    const state = stream === undefined ? "released" : stream[_state];
    if (state === "readable") closed = new Deferred();
    else if (state === "closed") closed = resolvedDeferred(undefined);
    else if (state === "errored") closed = rejectedDeferred(stream[_storedError]);
    else closed = rejectedDeferred(releasedError());
    reader[_closedPromise] = closed;
  }
  return closed.promise;
}

function ReadableStreamReaderGenericRelease(reader) {
  const stream = reader[_stream];
  const closed = reader[_closedPromise];
  if (stream[_state] === "readable" && closed !== undefined) {
    closed.rejectHandled(releasedError());
  } else {
    // Nobody can hold a new promise yet: make it (and its error) when asked for.
    reader[_closedPromise] = undefined;
  }
  stream[_controller][_releaseSteps]();
  stream[_reader] = undefined;
  reader[_stream] = undefined;
}

function ReadableStreamBYOBReaderErrorReadIntoRequests(reader, e) {
  const readIntoRequests = reader[_readIntoRequests];
  reader[_readIntoRequests] = new Queue();
  while (readIntoRequests.length > 0) readIntoRequests.shift().errorSteps(e);
}

function ReadableStreamBYOBReaderRead(reader, view, min, readIntoRequest) {
  const stream = reader[_stream];
  stream[_disturbed] = true;
  if (stream[_state] === "errored") readIntoRequest.errorSteps(stream[_storedError]);
  else ReadableByteStreamControllerPullInto(stream[_controller], view, min, readIntoRequest);
}

function ReadableStreamBYOBReaderRelease(reader) {
  ReadableStreamReaderGenericRelease(reader);
  // The error is made only when a request is there to get it.
  if (reader[_readIntoRequests].length > 0) {
    ReadableStreamBYOBReaderErrorReadIntoRequests(reader, new $TypeError("The reader was released."));
  }
}

function ReadableStreamDefaultReaderErrorReadRequests(reader, e) {
  const readRequests = reader[_readRequests];
  if (readRequests.length === 0) return;
  reader[_readRequests] = noReadRequests;
  while (readRequests.length > 0) readRequests.shift().errorSteps(e);
}

function ReadableStreamDefaultReaderRead(reader, readRequest) {
  const stream = reader[_stream];
  stream[_disturbed] = true;
  const state = stream[_state];
  if (state === "closed") readRequest.closeSteps();
  else if (state === "errored") readRequest.errorSteps(stream[_storedError]);
  else stream[_controller][_pullSteps](readRequest);
}

function ReadableStreamDefaultReaderRelease(reader) {
  ReadableStreamReaderGenericRelease(reader);
  // The error is made only when a request is there to get it.
  if (reader[_readRequests].length > 0) {
    ReadableStreamDefaultReaderErrorReadRequests(reader, new $TypeError("The reader was released."));
  }
}

function SetUpReadableStreamBYOBReader(reader, stream) {
  if (IsReadableStreamLocked(stream)) throw new $TypeError("ReadableStream is locked");
  if (!IsReadableByteStreamController(stream[_controller])) {
    throw new $TypeError("Cannot use a BYOB reader with a non-byte stream");
  }
  ReadableStreamReaderGenericInitialize(reader, stream);
  reader[_readIntoRequests] = new Queue();
}

function SetUpReadableStreamDefaultReader(reader, stream) {
  if (IsReadableStreamLocked(stream)) throw new $TypeError("ReadableStream is locked");
  ReadableStreamReaderGenericInitialize(reader, stream);
  reader[_readRequests] = noReadRequests;
}

// ---------------------------------------------------------------------------
// §4.9.4 Default controllers

// The default controller's queue-with-sizes (§8.1), kept in the controller's
// own slots: the chunks from [[head]] on, and their sizes only once one is
// not 1 (null before: the total is then the count, and nothing is stored per
// chunk). Once sizes are kept, the total is kept as the spec computes it
// (rounding included). Dequeuing is O(1); the array is compacted once more
// than 1024 chunks and half of it are consumed.
function DefaultQueueReset(controller) {
  controller[_chunks] = [];
  controller[_head] = 0;
  controller[_sizes] = null;
  controller[_queueTotalSize] = 0;
}
function DefaultQueueLength(controller) {
  return controller[_chunks].length - controller[_head];
}
function DefaultQueueTotalSize(controller) {
  return controller[_sizes] === null ? DefaultQueueLength(controller) : controller[_queueTotalSize];
}
// The size is valid (the caller checked it).
function DefaultQueueEnqueue(controller, chunk, size) {
  const chunks = controller[_chunks];
  const at = chunks.length;
  let sizes = controller[_sizes];
  if (sizes === null) {
    if (size === 1) {
      chunks[at] = chunk;
      return;
    }
    sizes = [];
    for (let i = 0; i < at; i++) sizes[i] = 1;   // parallel to chunks (those before [[head]] are taken)
    controller[_sizes] = sizes;
    controller[_queueTotalSize] = at - controller[_head];
  }
  chunks[at] = chunk;
  sizes[at] = size;
  controller[_queueTotalSize] += size;
}
function DefaultQueueDequeue(controller) {
  const chunks = controller[_chunks];
  const head = controller[_head];
  const chunk = chunks[head];
  chunks[head] = undefined;
  const sizes = controller[_sizes];
  if (sizes !== null) {
    const total = controller[_queueTotalSize] - sizes[head];
    controller[_queueTotalSize] = total < 0 ? 0 : total;
  }
  const next = head + 1;
  if (next > 1024 && next * 2 > chunks.length) {
    controller[_chunks] = queueTail(chunks, next);
    if (sizes !== null) controller[_sizes] = queueTail(sizes, next);
    controller[_head] = 0;
  } else {
    controller[_head] = next;
  }
  return chunk;
}
function queueTail(array, from) {
  const out = [];
  for (let i = from; i < array.length; i++) out[i - from] = array[i];
  return out;
}

// A source without pull gets S.resolvedUndefined as its pull algorithm:
// calling it has no effect a program can see, so it is not called at all
// (this saves a promise reaction per pull and the checks before it, on every
// enqueue and read).
function ReadableStreamDefaultControllerCallPullIfNeeded(controller) {
  if (controller[_pullAlgorithm] === S.resolvedUndefined) return;
  if (!ReadableStreamDefaultControllerShouldCallPull(controller)) return;
  if (controller[_pulling]) {
    controller[_pullAgain] = true;
    return;
  }
  controller[_pulling] = true;
  const pullPromise = controller[_pullAlgorithm](controller);
  uponPromise(pullPromise, controller[_onPullFulfilled], controller[_onPullRejected]);
}

// The reactions to a source's pull, made once per controller (one pull is in
// flight at a time).
// A function that makes closures allocates their context on every call, even
// when it returns before making them: so the closures of stream set-up are
// made in functions of their own, called only when they are needed.
function pullReactions(controller, callPullIfNeeded, error) {
  if (controller[_pullAlgorithm] === resolvedUndefined) {   // never pulled (see CallPullIfNeeded)
    controller[_onPullFulfilled] = undefined;
    controller[_onPullRejected] = undefined;
    return;
  }
  makePullReactions(controller, callPullIfNeeded, error);
}
function makePullReactions(controller, callPullIfNeeded, error) {
  controller[_onPullFulfilled] = () => {
    controller[_pulling] = false;
    if (controller[_pullAgain]) {
      controller[_pullAgain] = false;
      callPullIfNeeded(controller);
    }
  };
  controller[_onPullRejected] = (e) => {
    error(controller, e);
  };
}

function ReadableStreamDefaultControllerShouldCallPull(controller) {
  const stream = controller[_stream];
  if (!ReadableStreamDefaultControllerCanCloseOrEnqueue(controller)) return false;
  if (!controller[_started]) return false;
  if (IsReadableStreamLocked(stream) && ReadableStreamGetNumReadRequests(stream) > 0) return true;
  return ReadableStreamDefaultControllerGetDesiredSize(controller) > 0;
}

function ReadableStreamDefaultControllerClearAlgorithms(controller) {
  controller[_pullAlgorithm] = undefined;
  controller[_cancelAlgorithm] = undefined;
  controller[_strategySizeAlgorithm] = undefined;
}

function ReadableStreamDefaultControllerClose(controller) {
  if (!ReadableStreamDefaultControllerCanCloseOrEnqueue(controller)) return;
  const stream = controller[_stream];
  controller[_closeRequested] = true;
  if (DefaultQueueLength(controller) === 0) {
    ReadableStreamDefaultControllerClearAlgorithms(controller);
    ReadableStreamClose(stream);
  }
}

function ReadableStreamDefaultControllerEnqueue(controller, chunk) {
  if (!ReadableStreamDefaultControllerCanCloseOrEnqueue(controller)) return;
  const stream = controller[_stream];
  if (IsReadableStreamLocked(stream) && ReadableStreamGetNumReadRequests(stream) > 0) {
    ReadableStreamFulfillReadRequest(stream, chunk, false);
  } else if (controller[_strategySizeAlgorithm] === sizeOne) {
    // No size in the strategy: every chunk counts 1, nothing to call or check.
    DefaultQueueEnqueue(controller, chunk, 1);
  } else {
    let chunkSize;
    try {
      chunkSize = controller[_strategySizeAlgorithm](chunk);
    } catch (e) {
      ReadableStreamDefaultControllerError(controller, e);
      throw e;
    }
    try {
      if (!IsNonNegativeNumber(chunkSize)) {
        throw new $RangeError("Cannot enqueue value with size: chunk size must be a positive number");
      }
      if (chunkSize === Infinity) throw new $RangeError("Cannot enqueue value with size: chunk size is invalid");
      DefaultQueueEnqueue(controller, chunk, chunkSize);
    } catch (e) {
      ReadableStreamDefaultControllerError(controller, e);
      throw e;
    }
  }
  ReadableStreamDefaultControllerCallPullIfNeeded(controller);
}

function ReadableStreamDefaultControllerError(controller, e) {
  const stream = controller[_stream];
  if (stream[_state] !== "readable") return;
  DefaultQueueReset(controller);
  ReadableStreamDefaultControllerClearAlgorithms(controller);
  ReadableStreamError(stream, e);
}

function ReadableStreamDefaultControllerGetDesiredSize(controller) {
  const state = controller[_stream][_state];
  if (state === "errored") return null;
  if (state === "closed") return 0;
  return controller[_strategyHWM] - DefaultQueueTotalSize(controller);
}

function ReadableStreamDefaultControllerHasBackpressure(controller) {
  return !ReadableStreamDefaultControllerShouldCallPull(controller);
}

function ReadableStreamDefaultControllerCanCloseOrEnqueue(controller) {
  return !controller[_closeRequested] && controller[_stream][_state] === "readable";
}

// `startThis`, when given, makes startAlgorithm the source's own start method,
// called with it as `this` (no closure is made for it).
function SetUpReadableStreamDefaultController(stream, controller, startAlgorithm, pullAlgorithm, cancelAlgorithm,
  highWaterMark, sizeAlgorithm, startThis = undefined) {
  controller[_isByteController] = false;
  controller[_stream] = stream;
  DefaultQueueReset(controller);
  controller[_started] = false;
  controller[_closeRequested] = false;
  controller[_pullAgain] = false;
  controller[_pulling] = false;
  controller[_strategySizeAlgorithm] = sizeAlgorithm;
  controller[_strategyHWM] = highWaterMark;
  controller[_pullAlgorithm] = pullAlgorithm;
  controller[_cancelAlgorithm] = cancelAlgorithm;
  pullReactions(controller, ReadableStreamDefaultControllerCallPullIfNeeded, ReadableStreamDefaultControllerError);
  stream[_controller] = controller;
  const startResult = startThis === undefined ? startAlgorithm(controller) : FunctionPrototypeCall(startAlgorithm, startThis, controller);
  if (startResult === undefined && pullAlgorithm === resolvedUndefined) {
    // The start promise would be fulfilled, and its reaction would only set
    // [[started]], which only the pull checks read (never run without pull):
    // no reaction is queued, and [[started]] is set now.
    controller[_started] = true;
    return;
  }
  reactToStart(controller, startResult, ReadableStreamDefaultControllerCallPullIfNeeded,
    ReadableStreamDefaultControllerError);
}

// Upon the start promise: [[started]], then a pull if needed; or an error.
function reactToStart(controller, startResult, callPullIfNeeded, error) {
  uponPromise(S.startPromiseOf(startResult), () => {
    controller[_started] = true;
    callPullIfNeeded(controller);
  }, (r) => {
    error(controller, r);
  });
}

function SetUpReadableStreamDefaultControllerFromUnderlyingSource(stream, underlyingSource, source, highWaterMark,
  sizeAlgorithm) {
  const controller = new ReadableStreamDefaultController(internalConstruct);
  const pullAlgorithm = source.pull === undefined ? resolvedUndefined : pullAlgorithmOf(source, underlyingSource, controller);
  const cancelAlgorithm = source.cancel === undefined ? resolvedUndefined : cancelAlgorithmOf(source, underlyingSource);
  if (source.start === undefined) {
    SetUpReadableStreamDefaultController(stream, controller, returnUndefined, pullAlgorithm, cancelAlgorithm,
      highWaterMark, sizeAlgorithm);
  } else {
    SetUpReadableStreamDefaultController(stream, controller, source.start, pullAlgorithm, cancelAlgorithm,
      highWaterMark, sizeAlgorithm, underlyingSource);
  }
}

// The source's pull and cancel as algorithms (closures: see pullReactions).
function pullAlgorithmOf(source, underlyingSource, controller) {
  return () => promiseCall1(source.pull, underlyingSource, controller);
}
function cancelAlgorithmOf(source, underlyingSource) {
  return (reason) => promiseCall1(source.cancel, underlyingSource, reason);
}

// ---------------------------------------------------------------------------
// §4.9.5 Byte stream controllers

function ReadableByteStreamControllerCallPullIfNeeded(controller) {
  if (controller[_pullAlgorithm] === S.resolvedUndefined) return;   // no pull: see the default controller's
  if (!ReadableByteStreamControllerShouldCallPull(controller)) return;
  if (controller[_pulling]) {
    controller[_pullAgain] = true;
    return;
  }
  controller[_pulling] = true;
  const pullPromise = controller[_pullAlgorithm](controller);
  uponPromise(pullPromise, controller[_onPullFulfilled], controller[_onPullRejected]);
}

function ReadableByteStreamControllerClearAlgorithms(controller) {
  controller[_pullAlgorithm] = undefined;
  controller[_cancelAlgorithm] = undefined;
}

function ReadableByteStreamControllerClearPendingPullIntos(controller) {
  ReadableByteStreamControllerInvalidateBYOBRequest(controller);
  controller[_pendingPullIntos] = [];
}

function ReadableByteStreamControllerClose(controller) {
  const stream = controller[_stream];
  if (controller[_closeRequested] || stream[_state] !== "readable") return;
  if (controller[_queueTotalSize] > 0) {
    controller[_closeRequested] = true;
    return;
  }
  const pending = controller[_pendingPullIntos];
  if (pending.length > 0) {
    const first = pending[0];
    if (first.bytesFilled % first.elementSize !== 0) {
      const e = new $TypeError("Insufficient bytes to fill elements in the given buffer");
      ReadableByteStreamControllerError(controller, e);
      throw e;
    }
  }
  ReadableByteStreamControllerClearAlgorithms(controller);
  ReadableStreamClose(stream);
}

function ReadableByteStreamControllerCommitPullIntoDescriptor(stream, pullIntoDescriptor) {
  let done = false;
  if (stream[_state] === "closed") done = true;
  const filledView = ReadableByteStreamControllerConvertPullIntoDescriptor(pullIntoDescriptor);
  if (pullIntoDescriptor.readerType === "default") ReadableStreamFulfillReadRequest(stream, filledView, done);
  else ReadableStreamFulfillReadIntoRequest(stream, filledView, done);
}

function ReadableByteStreamControllerConvertPullIntoDescriptor(d) {
  const buffer = TransferArrayBuffer(d.buffer);
  return new d.viewConstructor(buffer, d.byteOffset, d.bytesFilled / d.elementSize);
}

function ReadableByteStreamControllerEnqueue(controller, chunk) {
  const stream = controller[_stream];
  if (controller[_closeRequested] || stream[_state] !== "readable") return;
  const buffer = viewBuffer(chunk);
  const byteOffset = viewByteOffset(chunk);
  const byteLength = viewByteLength(chunk);
  if (IsDetachedBuffer(buffer)) throw new $TypeError("chunk's buffer is detached and so cannot be enqueued");
  const transferredBuffer = TransferArrayBuffer(buffer);
  const pending = controller[_pendingPullIntos];
  if (pending.length > 0) {
    const first = pending[0];
    if (IsDetachedBuffer(first.buffer)) {
      throw new $TypeError("The BYOB request's buffer has been detached and so cannot be filled with an enqueued chunk");
    }
    ReadableByteStreamControllerInvalidateBYOBRequest(controller);
    first.buffer = TransferArrayBuffer(first.buffer);
    if (first.readerType === "none") ReadableByteStreamControllerEnqueueDetachedPullIntoToQueue(controller, first);
  }
  if (ReadableStreamHasDefaultReader(stream)) {
    ReadableByteStreamControllerProcessReadRequestsUsingQueue(controller);
    if (ReadableStreamGetNumReadRequests(stream) === 0) {
      ReadableByteStreamControllerEnqueueChunkToQueue(controller, transferredBuffer, byteOffset, byteLength);
    } else {
      if (controller[_pendingPullIntos].length > 0) ReadableByteStreamControllerShiftPendingPullInto(controller);
      const transferredView = new $Uint8Array(transferredBuffer, byteOffset, byteLength);
      ReadableStreamFulfillReadRequest(stream, transferredView, false);
    }
  } else if (ReadableStreamHasBYOBReader(stream)) {
    ReadableByteStreamControllerEnqueueChunkToQueue(controller, transferredBuffer, byteOffset, byteLength);
    const filledPullIntos = ReadableByteStreamControllerProcessPullIntoDescriptorsUsingQueue(controller);
    for (let i = 0; i < filledPullIntos.length; i++) {
      ReadableByteStreamControllerCommitPullIntoDescriptor(stream, filledPullIntos[i]);
    }
  } else {
    ReadableByteStreamControllerEnqueueChunkToQueue(controller, transferredBuffer, byteOffset, byteLength);
  }
  ReadableByteStreamControllerCallPullIfNeeded(controller);
}

function ReadableByteStreamControllerEnqueueChunkToQueue(controller, buffer, byteOffset, byteLength) {
  controller[_queue].push({ buffer, byteOffset, byteLength });
  controller[_queueTotalSize] += byteLength;
}

function ReadableByteStreamControllerEnqueueClonedChunkToQueue(controller, buffer, byteOffset, byteLength) {
  let cloneResult;
  try {
    cloneResult = CloneArrayBuffer(buffer, byteOffset, byteLength);
  } catch (e) {
    ReadableByteStreamControllerError(controller, e);
    throw e;
  }
  ReadableByteStreamControllerEnqueueChunkToQueue(controller, cloneResult, 0, byteLength);
}

function ReadableByteStreamControllerEnqueueDetachedPullIntoToQueue(controller, d) {
  if (d.bytesFilled > 0) {
    ReadableByteStreamControllerEnqueueClonedChunkToQueue(controller, d.buffer, d.byteOffset, d.bytesFilled);
  }
  ReadableByteStreamControllerShiftPendingPullInto(controller);
}

function ReadableByteStreamControllerError(controller, e) {
  const stream = controller[_stream];
  if (stream[_state] !== "readable") return;
  ReadableByteStreamControllerClearPendingPullIntos(controller);
  ResetByteQueue(controller);
  ReadableByteStreamControllerClearAlgorithms(controller);
  ReadableStreamError(stream, e);
}

function ReadableByteStreamControllerFillHeadPullIntoDescriptor(controller, size, d) {
  d.bytesFilled += size;
}

function ReadableByteStreamControllerFillPullIntoDescriptorFromQueue(controller, d) {
  const maxBytesToCopy = MathMin(controller[_queueTotalSize], d.byteLength - d.bytesFilled);
  const maxBytesFilled = d.bytesFilled + maxBytesToCopy;
  let totalBytesToCopyRemaining = maxBytesToCopy;
  let ready = false;
  const remainderBytes = maxBytesFilled % d.elementSize;
  const maxAlignedBytes = maxBytesFilled - remainderBytes;
  if (maxAlignedBytes >= d.minimumFill) {
    totalBytesToCopyRemaining = maxAlignedBytes - d.bytesFilled;
    ready = true;
  }
  const queue = controller[_queue];
  while (totalBytesToCopyRemaining > 0) {
    const head = queue.peek();
    const bytesToCopy = MathMin(totalBytesToCopyRemaining, head.byteLength);
    const destStart = d.byteOffset + d.bytesFilled;
    CopyDataBlockBytes(d.buffer, destStart, head.buffer, head.byteOffset, bytesToCopy);
    if (head.byteLength === bytesToCopy) {
      queue.shift();
    } else {
      head.byteOffset += bytesToCopy;
      head.byteLength -= bytesToCopy;
    }
    controller[_queueTotalSize] -= bytesToCopy;
    ReadableByteStreamControllerFillHeadPullIntoDescriptor(controller, bytesToCopy, d);
    totalBytesToCopyRemaining -= bytesToCopy;
  }
  return ready;
}

function ReadableByteStreamControllerFillReadRequestFromQueue(controller, readRequest) {
  const entry = controller[_queue].shift();
  controller[_queueTotalSize] -= entry.byteLength;
  ReadableByteStreamControllerHandleQueueDrain(controller);
  const view = new $Uint8Array(entry.buffer, entry.byteOffset, entry.byteLength);
  readRequest.chunkSteps(view);
}

function ReadableByteStreamControllerGetBYOBRequest(controller) {
  if (controller[_byobRequest] === null && controller[_pendingPullIntos].length > 0) {
    const first = controller[_pendingPullIntos][0];
    const view = new $Uint8Array(first.buffer, first.byteOffset + first.bytesFilled,
      first.byteLength - first.bytesFilled);
    const byobRequest = S.ObjectCreate(ReadableStreamBYOBRequest.prototype);
    byobRequest[_controller] = controller;
    byobRequest[_view] = view;
    controller[_byobRequest] = byobRequest;
  }
  return controller[_byobRequest];
}

function ReadableByteStreamControllerGetDesiredSize(controller) {
  const state = controller[_stream][_state];
  if (state === "errored") return null;
  if (state === "closed") return 0;
  return controller[_strategyHWM] - controller[_queueTotalSize];
}

function ReadableByteStreamControllerHandleQueueDrain(controller) {
  if (controller[_queueTotalSize] === 0 && controller[_closeRequested]) {
    ReadableByteStreamControllerClearAlgorithms(controller);
    ReadableStreamClose(controller[_stream]);
  } else {
    ReadableByteStreamControllerCallPullIfNeeded(controller);
  }
}

function ReadableByteStreamControllerInvalidateBYOBRequest(controller) {
  const byobRequest = controller[_byobRequest];
  if (byobRequest === null) return;
  byobRequest[_controller] = undefined;
  byobRequest[_view] = null;
  controller[_byobRequest] = null;
}

function ReadableByteStreamControllerProcessPullIntoDescriptorsUsingQueue(controller) {
  const filledPullIntos = [];
  const pending = controller[_pendingPullIntos];
  while (pending.length > 0) {
    if (controller[_queueTotalSize] === 0) break;
    const d = pending[0];
    if (ReadableByteStreamControllerFillPullIntoDescriptorFromQueue(controller, d)) {
      ReadableByteStreamControllerShiftPendingPullInto(controller);
      filledPullIntos[filledPullIntos.length] = d;
    }
  }
  return filledPullIntos;
}

function ReadableByteStreamControllerProcessReadRequestsUsingQueue(controller) {
  const reader = controller[_stream][_reader];
  while (reader[_readRequests].length > 0) {
    if (controller[_queueTotalSize] === 0) return;
    const readRequest = reader[_readRequests].shift();
    ReadableByteStreamControllerFillReadRequestFromQueue(controller, readRequest);
  }
}

function ReadableByteStreamControllerPullInto(controller, view, min, readIntoRequest) {
  const stream = controller[_stream];
  let elementSize = 1;
  let ctor = $DataView;
  const tag = TypedArrayPrototypeGetSymbolToStringTag(view);
  if (tag !== undefined) {
    const info = typedArrayInfo[tag];
    ctor = info[0];
    elementSize = info[1];
  }
  const minimumFill = min * elementSize;
  const byteOffset = viewByteOffset(view);
  const byteLength = viewByteLength(view);
  let buffer;
  try {
    buffer = TransferArrayBuffer(viewBuffer(view));
  } catch (e) {
    readIntoRequest.errorSteps(e);
    return;
  }
  const d = new PullIntoDescriptor(buffer, ArrayBufferPrototypeGetByteLength(buffer), byteOffset, byteLength, 0,
    minimumFill, elementSize, ctor, "byob");
  if (controller[_pendingPullIntos].length > 0) {
    pushPullInto(controller, d);
    ReadableStreamAddReadIntoRequest(stream, readIntoRequest);
    return;
  }
  if (stream[_state] === "closed") {
    const emptyView = new ctor(d.buffer, d.byteOffset, 0);
    readIntoRequest.closeSteps(emptyView);
    return;
  }
  if (controller[_queueTotalSize] > 0) {
    if (ReadableByteStreamControllerFillPullIntoDescriptorFromQueue(controller, d)) {
      const filledView = ReadableByteStreamControllerConvertPullIntoDescriptor(d);
      ReadableByteStreamControllerHandleQueueDrain(controller);
      readIntoRequest.chunkSteps(filledView);
      return;
    }
    if (controller[_closeRequested]) {
      const e = new $TypeError("Insufficient bytes to fill elements in the given buffer");
      ReadableByteStreamControllerError(controller, e);
      readIntoRequest.errorSteps(e);
      return;
    }
  }
  pushPullInto(controller, d);
  ReadableStreamAddReadIntoRequest(stream, readIntoRequest);
  ReadableByteStreamControllerCallPullIfNeeded(controller);
}

function ReadableByteStreamControllerRespond(controller, bytesWritten) {
  const first = controller[_pendingPullIntos][0];
  const state = controller[_stream][_state];
  if (state === "closed") {
    if (bytesWritten !== 0) {
      throw new $TypeError('"bytesWritten" must be 0 when calling respond() on a closed stream');
    }
  } else {
    if (bytesWritten === 0) {
      throw new $TypeError('"bytesWritten" must be greater than 0 when calling respond() on a readable stream');
    }
    if (first.bytesFilled + bytesWritten > first.byteLength) throw new $RangeError('"bytesWritten" out of range');
  }
  first.buffer = TransferArrayBuffer(first.buffer);
  ReadableByteStreamControllerRespondInternal(controller, bytesWritten);
}

function ReadableByteStreamControllerRespondInClosedState(controller, first) {
  if (first.readerType === "none") ReadableByteStreamControllerShiftPendingPullInto(controller);
  const stream = controller[_stream];
  if (ReadableStreamHasBYOBReader(stream)) {
    const filledPullIntos = [];
    while (filledPullIntos.length < ReadableStreamGetNumReadIntoRequests(stream)) {
      filledPullIntos[filledPullIntos.length] = ReadableByteStreamControllerShiftPendingPullInto(controller);
    }
    for (let i = 0; i < filledPullIntos.length; i++) {
      ReadableByteStreamControllerCommitPullIntoDescriptor(stream, filledPullIntos[i]);
    }
  }
}

function ReadableByteStreamControllerRespondInReadableState(controller, bytesWritten, d) {
  ReadableByteStreamControllerFillHeadPullIntoDescriptor(controller, bytesWritten, d);
  if (d.readerType === "none") {
    ReadableByteStreamControllerEnqueueDetachedPullIntoToQueue(controller, d);
    const filledPullIntos = ReadableByteStreamControllerProcessPullIntoDescriptorsUsingQueue(controller);
    for (let i = 0; i < filledPullIntos.length; i++) {
      ReadableByteStreamControllerCommitPullIntoDescriptor(controller[_stream], filledPullIntos[i]);
    }
    return;
  }
  if (d.bytesFilled < d.minimumFill) return;
  ReadableByteStreamControllerShiftPendingPullInto(controller);
  const remainderSize = d.bytesFilled % d.elementSize;
  if (remainderSize > 0) {
    const end = d.byteOffset + d.bytesFilled;
    ReadableByteStreamControllerEnqueueClonedChunkToQueue(controller, d.buffer, end - remainderSize, remainderSize);
  }
  d.bytesFilled -= remainderSize;
  const filledPullIntos = ReadableByteStreamControllerProcessPullIntoDescriptorsUsingQueue(controller);
  ReadableByteStreamControllerCommitPullIntoDescriptor(controller[_stream], d);
  for (let i = 0; i < filledPullIntos.length; i++) {
    ReadableByteStreamControllerCommitPullIntoDescriptor(controller[_stream], filledPullIntos[i]);
  }
}

function ReadableByteStreamControllerRespondInternal(controller, bytesWritten) {
  const first = controller[_pendingPullIntos][0];
  ReadableByteStreamControllerInvalidateBYOBRequest(controller);
  const state = controller[_stream][_state];
  if (state === "closed") ReadableByteStreamControllerRespondInClosedState(controller, first);
  else ReadableByteStreamControllerRespondInReadableState(controller, bytesWritten, first);
  ReadableByteStreamControllerCallPullIfNeeded(controller);
}

function ReadableByteStreamControllerRespondWithNewView(controller, view) {
  const first = controller[_pendingPullIntos][0];
  const state = controller[_stream][_state];
  const byteLength = viewByteLength(view);
  if (state === "closed") {
    if (byteLength !== 0) {
      throw new $TypeError("The view's length must be 0 when calling respondWithNewView() on a closed stream");
    }
  } else if (byteLength === 0) {
    throw new $TypeError("The view's length must be greater than 0 when calling respondWithNewView() on a readable stream");
  }
  if (first.byteOffset + first.bytesFilled !== viewByteOffset(view)) {
    throw new $RangeError("The region specified by view does not match byobRequest");
  }
  const buffer = viewBuffer(view);
  if (first.bufferByteLength !== ArrayBufferPrototypeGetByteLength(buffer)) {
    throw new $RangeError("The buffer of view has different capacity than byobRequest");
  }
  if (first.bytesFilled + byteLength > first.byteLength) {
    throw new $RangeError("The region specified by view is larger than byobRequest");
  }
  first.buffer = TransferArrayBuffer(buffer);
  ReadableByteStreamControllerRespondInternal(controller, byteLength);
}

function ReadableByteStreamControllerShiftPendingPullInto(controller) {
  const pending = controller[_pendingPullIntos];
  const first = pending[0];
  for (let i = 1; i < pending.length; i++) pending[i - 1] = pending[i];
  pending.length--;
  return first;
}

function pushPullInto(controller, d) {
  const pending = controller[_pendingPullIntos];
  pending[pending.length] = d;
}

function ReadableByteStreamControllerShouldCallPull(controller) {
  const stream = controller[_stream];
  if (stream[_state] !== "readable") return false;
  if (controller[_closeRequested]) return false;
  if (!controller[_started]) return false;
  if (ReadableStreamHasDefaultReader(stream) && ReadableStreamGetNumReadRequests(stream) > 0) return true;
  if (ReadableStreamHasBYOBReader(stream) && ReadableStreamGetNumReadIntoRequests(stream) > 0) return true;
  return ReadableByteStreamControllerGetDesiredSize(controller) > 0;
}

function SetUpReadableByteStreamController(stream, controller, startAlgorithm, pullAlgorithm, cancelAlgorithm,
  highWaterMark, autoAllocateChunkSize) {
  controller[_isByteController] = true;
  controller[_stream] = stream;
  controller[_pullAgain] = false;
  controller[_pulling] = false;
  controller[_byobRequest] = null;
  ResetByteQueue(controller);
  controller[_closeRequested] = false;
  controller[_started] = false;
  controller[_strategyHWM] = highWaterMark;
  controller[_pullAlgorithm] = pullAlgorithm;
  controller[_cancelAlgorithm] = cancelAlgorithm;
  controller[_autoAllocateChunkSize] = autoAllocateChunkSize;
  controller[_pendingPullIntos] = [];
  pullReactions(controller, ReadableByteStreamControllerCallPullIfNeeded, ReadableByteStreamControllerError);
  stream[_controller] = controller;
  const startResult = startAlgorithm(controller);
  if (startResult === undefined && pullAlgorithm === S.resolvedUndefined) {
    // The start promise would be fulfilled, and its reaction would only set
    // [[started]], which only the pull checks read (never run without pull):
    // no reaction is queued, and [[started]] is set now.
    controller[_started] = true;
    return;
  }
  uponPromise(S.startPromiseOf(startResult), () => {
    controller[_started] = true;
    ReadableByteStreamControllerCallPullIfNeeded(controller);
  }, (r) => {
    ReadableByteStreamControllerError(controller, r);
  });
}

function SetUpReadableByteStreamControllerFromUnderlyingSource(stream, underlyingSource, source, highWaterMark) {
  const controller = new ReadableByteStreamController(internalConstruct);
  let startAlgorithm = returnUndefined;
  let pullAlgorithm = S.resolvedUndefined;
  let cancelAlgorithm = S.resolvedUndefined;
  if (source.start !== undefined) startAlgorithm = () => ReflectApply(source.start, underlyingSource, [controller]);
  if (source.pull !== undefined) pullAlgorithm = () => promiseCall1(source.pull, underlyingSource, controller);
  if (source.cancel !== undefined) cancelAlgorithm = (reason) => promiseCall1(source.cancel, underlyingSource, reason);
  const autoAllocateChunkSize = source.autoAllocateChunkSize;
  if (autoAllocateChunkSize === 0) throw new $TypeError('"autoAllocateChunkSize" must be greater than 0');
  SetUpReadableByteStreamController(stream, controller, startAlgorithm, pullAlgorithm, cancelAlgorithm,
    highWaterMark, autoAllocateChunkSize);
}

// ---------------------------------------------------------------------------

webidlClass(ReadableStream, "ReadableStream");
S.ObjectDefineProperty(ReadableStream.prototype, SymbolAsyncIterator, {
  __proto__: null, value: ReadableStream.prototype.values, writable: true, enumerable: false, configurable: true,
});
webidlClass(ReadableStreamDefaultReader, "ReadableStreamDefaultReader");
webidlClass(ReadableStreamBYOBReader, "ReadableStreamBYOBReader");
webidlClass(ReadableStreamDefaultController, "ReadableStreamDefaultController");
webidlClass(ReadableByteStreamController, "ReadableByteStreamController");
webidlClass(ReadableStreamBYOBRequest, "ReadableStreamBYOBRequest");
// Deno shows a stream's state and whether it supports BYOB readers.
S.ObjectDefineProperty(ReadableStream.prototype, S.customInspect, {
  __proto__: null,
  value(inspect, options) {
    if (!IsReadableStream(this)) return inspect(internals.createFilteredInspectProxy({ object: this, evaluate: false, keys: ["locked"] }), options);
    const view = {
      constructor: ReadableStream,
      locked: IsReadableStreamLocked(this),
      state: this[_state],
      supportsBYOB: IsReadableByteStreamController(this[_controller]),
    };
    return inspect(internals.createFilteredInspectProxy({
      object: view, evaluate: true, keys: ["locked", "state", "supportsBYOB"],
    }), options);
  },
  writable: true,
  configurable: true,
});
defineInspect(ReadableStreamDefaultReader.prototype, ["closed"], IsReadableStreamDefaultReader);
defineInspect(ReadableStreamBYOBReader.prototype, ["closed"], IsReadableStreamBYOBReader);
defineInspect(ReadableStreamDefaultController.prototype, ["desiredSize"], IsReadableStreamDefaultController);
defineInspect(ReadableByteStreamController.prototype, ["desiredSize"], IsReadableByteStreamController);
defineInspect(ReadableStreamBYOBRequest.prototype, ["view"], IsReadableStreamBYOBRequest);

internals.ReadableStream = ReadableStream;

Object.assign(S, {
  ReadableStream, ReadableStreamDefaultReader, ReadableStreamBYOBReader, ReadableStreamDefaultController,
  ReadableByteStreamController, ReadableStreamBYOBRequest,
  IsReadableStream, IsReadableStreamLocked, CreateReadableStream, CreateReadableByteStream,
  AcquireReadableStreamDefaultReader, AcquireReadableStreamBYOBReader, ReadableStreamCancel, ReadableStreamClose,
  ReadableStreamDefaultReaderRead, ReadableStreamDefaultReaderRelease, ReadableStreamBYOBReaderRead,
  ReadableStreamBYOBReaderRelease, ReadableStreamTee, ReadableStreamPipeTo, StepsReadRequest,
  ReadableStreamDefaultControllerEnqueue, ReadableStreamDefaultControllerClose,
  ReadableStreamDefaultControllerError, ReadableStreamDefaultControllerGetDesiredSize,
  ReadableStreamDefaultControllerHasBackpressure, ReadableStreamDefaultControllerCanCloseOrEnqueue,
  ReadableByteStreamControllerEnqueue, ReadableByteStreamControllerClose, ReadableByteStreamControllerError,
  ReadableByteStreamControllerGetBYOBRequest, ReadableByteStreamControllerRespond,
  ReadableByteStreamControllerRespondWithNewView,
  IsDetachedBuffer, TransferArrayBuffer, viewBuffer, viewByteOffset, viewByteLength,
  readableState: (stream) => stream[_state],
  readableStoredError: (stream) => stream[_storedError],
  readableController: (stream) => stream[_controller],
  readableDisturbed: (stream) => stream[_disturbed],
  readerClosed: closedPromiseOf,
  byobRequestView: (request) => request[_view],
});
