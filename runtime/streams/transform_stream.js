// TransformStream and TransformStreamDefaultController (Streams Standard §6),
// written as the spec's abstract operations over the readable and writable
// stream operations. Internal slots are symbol-keyed properties.
const S = internals.streams;
const {
  Deferred, PromisePrototypeThen, PromiseResolve, PromiseReject, uponPromise, promiseCall0, promiseCall1, promiseCall2, ReflectApply,
  TypeError: $TypeError, RangeError: $RangeError, toQueuingStrategy, illegalInvocation,
  webidlClass, defineInspect, ExtractHighWaterMark, ExtractSizeAlgorithm,
  CreateReadableStream, CreateWritableStream, readableController, readableState, readableStoredError,
  ReadableStreamDefaultControllerError, ReadableStreamDefaultControllerClose, ReadableStreamDefaultControllerEnqueue,
  ReadableStreamDefaultControllerGetDesiredSize, ReadableStreamDefaultControllerHasBackpressure,
  ReadableStreamDefaultControllerCanCloseOrEnqueue, WritableStreamDefaultControllerErrorIfNeeded,
  writableController, writableState, writableStoredError,
} = S;

const _readable = Symbol("[[readable]]");
const _writable = Symbol("[[writable]]");
const _backpressure = Symbol("[[backpressure]]");
const _backpressureChangePromise = Symbol("[[backpressureChangePromise]]");
const _controller = Symbol("[[controller]]");
const _stream = Symbol("[[stream]]");
const _transformAlgorithm = Symbol("[[transformAlgorithm]]");
const _flushAlgorithm = Symbol("[[flushAlgorithm]]");
const _cancelAlgorithm = Symbol("[[cancelAlgorithm]]");
const _finishPromise = Symbol("[[finishPromise]]");
const _onTransformRejected = Symbol("onTransformRejected");

class TransformStream {
  constructor(transformer = undefined, writableStrategy = undefined, readableStrategy = undefined) {
    const prefix = "Failed to construct 'TransformStream'";
    if (transformer !== undefined) S.toObjectArg(transformer, prefix, "Argument 1");
    else transformer = null;
    writableStrategy = toQueuingStrategy(writableStrategy, prefix, "Argument 2");
    readableStrategy = toQueuingStrategy(readableStrategy, prefix, "Argument 3");
    const dict = toTransformer(transformer, prefix);
    if (dict.readableType !== undefined) throw new $RangeError(`${prefix}: readableType transformers not supported`);
    if (dict.writableType !== undefined) throw new $RangeError(`${prefix}: writableType transformers not supported`);
    const readableHighWaterMark = ExtractHighWaterMark(readableStrategy, 0);
    const readableSizeAlgorithm = ExtractSizeAlgorithm(readableStrategy);
    const writableHighWaterMark = ExtractHighWaterMark(writableStrategy, 1);
    const writableSizeAlgorithm = ExtractSizeAlgorithm(writableStrategy);
    // Without start, startPromise would be resolved with undefined before any
    // reaction can run: a promise fulfilled already is the same to its readers.
    const startDeferred = dict.start !== undefined ? new Deferred() : undefined;
    InitializeTransformStream(this, startDeferred !== undefined ? startDeferred.promise : S.resolvedUndefined(),
      writableHighWaterMark, writableSizeAlgorithm, readableHighWaterMark, readableSizeAlgorithm);
    SetUpTransformStreamDefaultControllerFromTransformer(this, transformer, dict);
    if (startDeferred !== undefined) {
      startDeferred.resolve(ReflectApply(dict.start, transformer, [this[_controller]]));
    }
  }

  get readable() {
    if (!IsTransformStream(this)) throw illegalInvocation();
    return this[_readable];
  }

  get writable() {
    if (!IsTransformStream(this)) throw illegalInvocation();
    return this[_writable];
  }
}

function toTransformer(v, prefix) {
  const out = { cancel: undefined, flush: undefined, readableType: undefined, start: undefined, transform: undefined,
    writableType: undefined };
  if (v === null) return out;
  let m;
  if ((m = v.cancel) !== undefined) out.cancel = S.toMemberCallback(m, prefix, "cancel", "Transformer", "transformer");
  if ((m = v.flush) !== undefined) out.flush = S.toMemberCallback(m, prefix, "flush", "Transformer", "transformer");
  out.readableType = v.readableType;
  if ((m = v.start) !== undefined) out.start = S.toMemberCallback(m, prefix, "start", "Transformer", "transformer");
  if ((m = v.transform) !== undefined) out.transform = S.toMemberCallback(m, prefix, "transform", "Transformer", "transformer");
  out.writableType = v.writableType;
  return out;
}

function IsTransformStream(x) {
  return typeof x === "object" && x !== null && _backpressureChangePromise in x;
}

// ---------------------------------------------------------------------------
// §6.4.1 Working with transform streams

function InitializeTransformStream(stream, startPromise, writableHighWaterMark, writableSizeAlgorithm,
  readableHighWaterMark, readableSizeAlgorithm) {
  const startAlgorithm = () => startPromise;
  stream[_writable] = CreateWritableStream(startAlgorithm,
    (chunk) => TransformStreamDefaultSinkWriteAlgorithm(stream, chunk),
    () => TransformStreamDefaultSinkCloseAlgorithm(stream),
    (reason) => TransformStreamDefaultSinkAbortAlgorithm(stream, reason),
    writableHighWaterMark, writableSizeAlgorithm);
  stream[_readable] = CreateReadableStream(startAlgorithm,
    () => TransformStreamDefaultSourcePullAlgorithm(stream),
    (reason) => TransformStreamDefaultSourceCancelAlgorithm(stream, reason),
    readableHighWaterMark, readableSizeAlgorithm);
  stream[_backpressure] = undefined;
  stream[_backpressureChangePromise] = undefined;
  TransformStreamSetBackpressure(stream, true);
  stream[_controller] = undefined;
}

function TransformStreamError(stream, e) {
  ReadableStreamDefaultControllerError(readableController(stream[_readable]), e);
  TransformStreamErrorWritableAndUnblockWrite(stream, e);
}

function TransformStreamErrorWritableAndUnblockWrite(stream, e) {
  TransformStreamDefaultControllerClearAlgorithms(stream[_controller]);
  WritableStreamDefaultControllerErrorIfNeeded(writableController(stream[_writable]), e);
  TransformStreamUnblockWrite(stream);
}

// [[backpressureChangePromise]] is made only when a write or pull waits on it:
// the spec replaces it at every change, resolving the old one, and resolving
// a promise nobody holds is not observable.
function TransformStreamSetBackpressure(stream, backpressure) {
  const change = stream[_backpressureChangePromise];
  if (change !== undefined) {
    stream[_backpressureChangePromise] = undefined;
    change.resolve(undefined);
  }
  stream[_backpressure] = backpressure;
}

function backpressureChangePromise(stream) {
  let change = stream[_backpressureChangePromise];
  if (change === undefined) change = stream[_backpressureChangePromise] = new Deferred();
  return change.promise;
}

function TransformStreamUnblockWrite(stream) {
  if (stream[_backpressure]) TransformStreamSetBackpressure(stream, false);
}

// ---------------------------------------------------------------------------
// §6.3 TransformStreamDefaultController

class TransformStreamDefaultController {
  constructor() {
    throw new $TypeError("Illegal constructor");
  }

  get desiredSize() {
    if (!IsTransformStreamDefaultController(this)) throw illegalInvocation();
    return ReadableStreamDefaultControllerGetDesiredSize(readableController(this[_stream][_readable]));
  }

  enqueue(chunk = undefined) {
    if (!IsTransformStreamDefaultController(this)) throw illegalInvocation();
    TransformStreamDefaultControllerEnqueue(this, chunk);
  }

  error(reason = undefined) {
    if (!IsTransformStreamDefaultController(this)) throw illegalInvocation();
    TransformStreamDefaultControllerError(this, reason);
  }

  terminate() {
    if (!IsTransformStreamDefaultController(this)) throw illegalInvocation();
    TransformStreamDefaultControllerTerminate(this);
  }
}

function IsTransformStreamDefaultController(x) {
  return typeof x === "object" && x !== null && _finishPromise in x;
}

function SetUpTransformStreamDefaultController(stream, controller, transformAlgorithm, flushAlgorithm,
  cancelAlgorithm) {
  controller[_stream] = stream;
  stream[_controller] = controller;
  controller[_transformAlgorithm] = transformAlgorithm;
  controller[_flushAlgorithm] = flushAlgorithm;
  controller[_cancelAlgorithm] = cancelAlgorithm;
  controller[_finishPromise] = undefined;
  // Made once: a failed transform errors the stream and fails the write.
  controller[_onTransformRejected] = (r) => {
    TransformStreamError(stream, r);
    throw r;
  };
}

function SetUpTransformStreamDefaultControllerFromTransformer(stream, transformer, dict) {
  const controller = S.ObjectCreate(TransformStreamDefaultController.prototype);
  let transformAlgorithm = (chunk) => {
    try {
      TransformStreamDefaultControllerEnqueue(controller, chunk);
    } catch (e) {
      return PromiseReject(e);
    }
    return PromiseResolve(undefined);
  };
  let flushAlgorithm = S.resolvedUndefined;
  let cancelAlgorithm = S.resolvedUndefined;
  if (dict.transform !== undefined) {
    transformAlgorithm = (chunk) => promiseCall2(dict.transform, transformer, chunk, controller);
  }
  if (dict.flush !== undefined) flushAlgorithm = () => promiseCall1(dict.flush, transformer, controller);
  if (dict.cancel !== undefined) cancelAlgorithm = (reason) => promiseCall1(dict.cancel, transformer, reason);
  SetUpTransformStreamDefaultController(stream, controller, transformAlgorithm, flushAlgorithm, cancelAlgorithm);
}

// For the stream classes built on TransformStream (compression, text
// encoding): a TransformStream whose algorithms are plain functions.
function CreateTransformStream(transformAlgorithm, flushAlgorithm, cancelAlgorithm = S.resolvedUndefined) {
  const stream = S.ObjectCreate(TransformStream.prototype);
  InitializeTransformStream(stream, S.resolvedUndefined(), 1, () => 1, 0, () => 1);
  const controller = S.ObjectCreate(TransformStreamDefaultController.prototype);
  SetUpTransformStreamDefaultController(stream, controller, (chunk) => {
    try {
      transformAlgorithm(chunk, controller);
    } catch (e) {
      return PromiseReject(e);
    }
    return PromiseResolve(undefined);
  }, () => {
    try {
      flushAlgorithm(controller);
    } catch (e) {
      return PromiseReject(e);
    }
    return PromiseResolve(undefined);
  }, cancelAlgorithm);
  return stream;
}

function TransformStreamDefaultControllerClearAlgorithms(controller) {
  controller[_transformAlgorithm] = undefined;
  controller[_flushAlgorithm] = undefined;
  controller[_cancelAlgorithm] = undefined;
}

function TransformStreamDefaultControllerEnqueue(controller, chunk) {
  const stream = controller[_stream];
  const rc = readableController(stream[_readable]);
  if (!ReadableStreamDefaultControllerCanCloseOrEnqueue(rc)) {
    throw new $TypeError("Readable stream is unavailable");
  }
  try {
    ReadableStreamDefaultControllerEnqueue(rc, chunk);
  } catch (e) {
    TransformStreamErrorWritableAndUnblockWrite(stream, e);
    throw readableStoredError(stream[_readable]);
  }
  const backpressure = ReadableStreamDefaultControllerHasBackpressure(rc);
  if (backpressure !== stream[_backpressure]) TransformStreamSetBackpressure(stream, true);
}

function TransformStreamDefaultControllerError(controller, e) {
  TransformStreamError(controller[_stream], e);
}

function TransformStreamDefaultControllerPerformTransform(controller, chunk) {
  const transformPromise = controller[_transformAlgorithm](chunk);
  return PromisePrototypeThen(transformPromise, undefined, controller[_onTransformRejected]);
}

function TransformStreamDefaultControllerTerminate(controller) {
  const stream = controller[_stream];
  ReadableStreamDefaultControllerClose(readableController(stream[_readable]));
  const error = new $TypeError("The stream has been terminated.");
  TransformStreamErrorWritableAndUnblockWrite(stream, error);
}

// ---------------------------------------------------------------------------
// §6.4.3 Default sinks

function TransformStreamDefaultSinkWriteAlgorithm(stream, chunk) {
  const controller = stream[_controller];
  if (stream[_backpressure]) {
    return PromisePrototypeThen(backpressureChangePromise(stream), () => {
      const writable = stream[_writable];
      if (writableState(writable) === "erroring") throw writableStoredError(writable);
      return TransformStreamDefaultControllerPerformTransform(controller, chunk);
    });
  }
  return TransformStreamDefaultControllerPerformTransform(controller, chunk);
}

function TransformStreamDefaultSinkAbortAlgorithm(stream, reason) {
  const controller = stream[_controller];
  if (controller[_finishPromise] !== undefined) return controller[_finishPromise].promise;
  const readable = stream[_readable];
  const finish = controller[_finishPromise] = new Deferred();
  const cancelPromise = controller[_cancelAlgorithm](reason);
  TransformStreamDefaultControllerClearAlgorithms(controller);
  uponPromise(cancelPromise, () => {
    if (readableState(readable) === "errored") {
      finish.reject(readableStoredError(readable));
    } else {
      ReadableStreamDefaultControllerError(readableController(readable), reason);
      finish.resolve(undefined);
    }
  }, (r) => {
    ReadableStreamDefaultControllerError(readableController(readable), r);
    finish.reject(r);
  });
  return finish.promise;
}

function TransformStreamDefaultSinkCloseAlgorithm(stream) {
  const controller = stream[_controller];
  if (controller[_finishPromise] !== undefined) return controller[_finishPromise].promise;
  const readable = stream[_readable];
  const finish = controller[_finishPromise] = new Deferred();
  const flushPromise = controller[_flushAlgorithm]();
  TransformStreamDefaultControllerClearAlgorithms(controller);
  uponPromise(flushPromise, () => {
    if (readableState(readable) === "errored") {
      finish.reject(readableStoredError(readable));
    } else {
      ReadableStreamDefaultControllerClose(readableController(readable));
      finish.resolve(undefined);
    }
  }, (r) => {
    ReadableStreamDefaultControllerError(readableController(readable), r);
    finish.reject(r);
  });
  return finish.promise;
}

// ---------------------------------------------------------------------------
// §6.4.4 Default sources

function TransformStreamDefaultSourceCancelAlgorithm(stream, reason) {
  const controller = stream[_controller];
  if (controller[_finishPromise] !== undefined) return controller[_finishPromise].promise;
  const writable = stream[_writable];
  const finish = controller[_finishPromise] = new Deferred();
  const cancelPromise = controller[_cancelAlgorithm](reason);
  TransformStreamDefaultControllerClearAlgorithms(controller);
  uponPromise(cancelPromise, () => {
    if (writableState(writable) === "errored") {
      finish.reject(writableStoredError(writable));
    } else {
      WritableStreamDefaultControllerErrorIfNeeded(writableController(writable), reason);
      TransformStreamUnblockWrite(stream);
      finish.resolve(undefined);
    }
  }, (r) => {
    WritableStreamDefaultControllerErrorIfNeeded(writableController(writable), r);
    TransformStreamUnblockWrite(stream);
    finish.reject(r);
  });
  return finish.promise;
}

function TransformStreamDefaultSourcePullAlgorithm(stream) {
  TransformStreamSetBackpressure(stream, false);
  return backpressureChangePromise(stream);
}

// ---------------------------------------------------------------------------

webidlClass(TransformStream, "TransformStream");
webidlClass(TransformStreamDefaultController, "TransformStreamDefaultController");
defineInspect(TransformStream.prototype, ["readable", "writable"], IsTransformStream);
defineInspect(TransformStreamDefaultController.prototype, ["desiredSize"], IsTransformStreamDefaultController);

Object.assign(S, {
  TransformStream, TransformStreamDefaultController, IsTransformStream, CreateTransformStream,
  TransformStreamDefaultControllerEnqueue, TransformStreamDefaultControllerError,
  TransformStreamDefaultControllerTerminate,
  transformReadable: (stream) => stream[_readable],
  transformWritable: (stream) => stream[_writable],
});
