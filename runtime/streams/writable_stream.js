// WritableStream, WritableStreamDefaultWriter and
// WritableStreamDefaultController (Streams Standard §5), written as the spec's
// abstract operations. Internal slots are symbol-keyed properties.
const S = internals.streams;
const {
  Deferred, PromisePrototypeThen, PromiseResolve, PromiseReject, markHandled, uponPromise, promiseCall0, promiseCall1, promiseCall2,
  ObjectPrototypeIsPrototypeOf, TypeError: $TypeError, RangeError: $RangeError, noop,
  _queue, _queueTotalSize, DequeueValue, EnqueueValueWithSize, PeekQueueValue, ResetQueue,
  ExtractHighWaterMark, ExtractSizeAlgorithm, toQueuingStrategy, requiredArguments,
  illegalInvocation, webidlClass, defineInspect, ReflectApply,
} = S;

const _state = Symbol("[[state]]");
const _storedError = Symbol("[[storedError]]");
const _writer = Symbol("[[writer]]");
const _controller = Symbol("[[controller]]");
const _backpressure = Symbol("[[backpressure]]");
const _closeRequest = Symbol("[[closeRequest]]");
const _inFlightWriteRequest = Symbol("[[inFlightWriteRequest]]");
const _inFlightCloseRequest = Symbol("[[inFlightCloseRequest]]");
const _pendingAbortRequest = Symbol("[[pendingAbortRequest]]");
const _writeRequests = Symbol("[[writeRequests]]");
const _stream = Symbol("[[stream]]");
const _closedPromise = Symbol("[[closedPromise]]");
const _readyPromise = Symbol("[[readyPromise]]");
const _abortAlgorithm = Symbol("[[abortAlgorithm]]");
const _closeAlgorithm = Symbol("[[closeAlgorithm]]");
const _writeAlgorithm = Symbol("[[writeAlgorithm]]");
const _strategyHWM = Symbol("[[strategyHWM]]");
const _strategySizeAlgorithm = Symbol("[[strategySizeAlgorithm]]");
const _started = Symbol("[[started]]");
const _abortReason = Symbol("abort reason");   // until the AbortController is made
const _abortController = Symbol("[[abortController]]");
const _onWriteFulfilled = Symbol("onWriteFulfilled");
const _onWriteRejected = Symbol("onWriteRejected");

// The close sentinel put in the queue by WritableStreamDefaultControllerClose.
const closeSentinel = Symbol("close sentinel");

const brand = Symbol("WritableStream");

class WritableStream {
  constructor(underlyingSink = undefined, strategy = undefined) {
    const prefix = "Failed to construct 'WritableStream'";
    if (underlyingSink !== undefined) S.toObjectArg(underlyingSink, prefix, "Argument 1");
    strategy = toQueuingStrategy(strategy, prefix, "Argument 2");
    this[brand] = brand;
    const sink = toUnderlyingSink(underlyingSink, prefix);
    if (sink.type !== undefined) throw new $RangeError(`${prefix}: WritableStream does not support 'type' in the underlying sink`);
    InitializeWritableStream(this);
    const sizeAlgorithm = ExtractSizeAlgorithm(strategy);
    const highWaterMark = ExtractHighWaterMark(strategy, 1);
    SetUpWritableStreamDefaultControllerFromUnderlyingSink(this, underlyingSink, sink, highWaterMark, sizeAlgorithm);
  }

  get locked() {
    if (!IsWritableStream(this)) throw illegalInvocation();
    return IsWritableStreamLocked(this);
  }

  abort(reason = undefined) {
    if (!IsWritableStream(this)) return PromiseReject(illegalInvocation());
    if (IsWritableStreamLocked(this)) {
      return PromiseReject(new $TypeError("The writable stream is locked, therefore cannot be aborted."));
    }
    return WritableStreamAbort(this, reason);
  }

  close() {
    if (!IsWritableStream(this)) return PromiseReject(illegalInvocation());
    if (IsWritableStreamLocked(this)) {
      return PromiseReject(new $TypeError("The writable stream is locked, therefore cannot be closed."));
    }
    if (WritableStreamCloseQueuedOrInFlight(this)) {
      return PromiseReject(new $TypeError("The writable stream is already closing."));
    }
    return WritableStreamClose(this);
  }

  getWriter() {
    if (!IsWritableStream(this)) throw illegalInvocation();
    return AcquireWritableStreamDefaultWriter(this);
  }
}

function toUnderlyingSink(v, prefix) {
  const out = { abort: undefined, close: undefined, start: undefined, type: undefined, write: undefined };
  if (v === undefined || v === null) return out;
  let m;
  if ((m = v.abort) !== undefined) out.abort = S.toMemberCallback(m, prefix, "abort", "UnderlyingSink", "underlyingSink");
  if ((m = v.close) !== undefined) out.close = S.toMemberCallback(m, prefix, "close", "UnderlyingSink", "underlyingSink");
  if ((m = v.start) !== undefined) out.start = S.toMemberCallback(m, prefix, "start", "UnderlyingSink", "underlyingSink");
  out.type = v.type;
  if ((m = v.write) !== undefined) out.write = S.toMemberCallback(m, prefix, "write", "UnderlyingSink", "underlyingSink");
  return out;
}

function IsWritableStream(x) {
  return typeof x === "object" && x !== null && x[brand] === brand;
}

// ---------------------------------------------------------------------------
// §5.5 Abstract operations

function AcquireWritableStreamDefaultWriter(stream) {
  const writer = new WritableStreamDefaultWriter(internalConstruct);
  SetUpWritableStreamDefaultWriter(writer, stream);
  return writer;
}

// For TransformStream and pipes: a stream whose algorithms are given directly.
function CreateWritableStream(startAlgorithm, writeAlgorithm, closeAlgorithm, abortAlgorithm,
  highWaterMark = 1, sizeAlgorithm = () => 1) {
  const stream = S.ObjectCreate(WritableStream.prototype);
  stream[brand] = brand;
  InitializeWritableStream(stream);
  const controller = S.ObjectCreate(WritableStreamDefaultController.prototype);
  SetUpWritableStreamDefaultController(stream, controller, startAlgorithm, writeAlgorithm, closeAlgorithm,
    abortAlgorithm, highWaterMark, sizeAlgorithm);
  return stream;
}

function InitializeWritableStream(stream) {
  stream[_state] = "writable";
  stream[_storedError] = undefined;
  stream[_writer] = undefined;
  stream[_controller] = undefined;
  stream[_inFlightWriteRequest] = undefined;
  stream[_closeRequest] = undefined;
  stream[_inFlightCloseRequest] = undefined;
  stream[_pendingAbortRequest] = undefined;
  stream[_writeRequests] = new S.Queue();
  stream[_backpressure] = false;
}

function IsWritableStreamLocked(stream) {
  return stream[_writer] !== undefined;
}

function SetUpWritableStreamDefaultWriter(writer, stream) {
  if (IsWritableStreamLocked(stream)) {
    throw new $TypeError("The stream is already locked");
  }
  writer[_stream] = stream;
  stream[_writer] = writer;
  const state = stream[_state];
  if (state === "writable") {
    if (!WritableStreamCloseQueuedOrInFlight(stream) && stream[_backpressure]) {
      writer[_readyPromise] = new Deferred();
    } else {
      writer[_readyPromise] = resolvedDeferred(undefined);
    }
    writer[_closedPromise] = new Deferred();
  } else if (state === "erroring") {
    writer[_readyPromise] = rejectedDeferred(stream[_storedError]);
    writer[_closedPromise] = new Deferred();
  } else if (state === "closed") {
    writer[_readyPromise] = resolvedDeferred(undefined);
    writer[_closedPromise] = resolvedDeferred(undefined);
  } else {
    const storedError = stream[_storedError];
    writer[_readyPromise] = rejectedDeferred(storedError);
    writer[_closedPromise] = rejectedDeferred(storedError);
  }
}

function resolvedDeferred(value) {
  const d = new Deferred();
  d.resolve(value);
  return d;
}
function rejectedDeferred(reason) {
  const d = new Deferred();
  d.rejectHandled(reason);
  return d;
}
S.resolvedDeferred = resolvedDeferred;
S.rejectedDeferred = rejectedDeferred;

function WritableStreamAbort(stream, reason) {
  const state = stream[_state];
  if (state === "closed" || state === "errored") return PromiseResolve(undefined);
  // Signal abort on the controller's signal (a plain object until AbortSignal exists).
  signalAbort(stream[_controller], reason);
  const state2 = stream[_state];
  if (state2 === "closed" || state2 === "errored") return PromiseResolve(undefined);
  if (stream[_pendingAbortRequest] !== undefined) return stream[_pendingAbortRequest].promise.promise;
  let wasAlreadyErroring = false;
  if (state2 === "erroring") {
    wasAlreadyErroring = true;
    reason = undefined;
  }
  const promise = new Deferred();
  stream[_pendingAbortRequest] = { promise, reason, wasAlreadyErroring };
  if (!wasAlreadyErroring) WritableStreamStartErroring(stream, reason);
  return promise.promise;
}

function WritableStreamClose(stream) {
  const state = stream[_state];
  if (state === "closed" || state === "errored") {
    return PromiseReject(new $TypeError("Writable stream is closed or errored."));
  }
  const promise = new Deferred();
  stream[_closeRequest] = promise;
  const writer = stream[_writer];
  if (writer !== undefined && stream[_backpressure] && state === "writable") {
    writer[_readyPromise].resolve(undefined);
  }
  WritableStreamDefaultControllerClose(stream[_controller]);
  return promise.promise;
}

function WritableStreamAddWriteRequest(stream) {
  const promise = new Deferred();
  stream[_writeRequests].push(promise);
  return promise.promise;
}

function WritableStreamCloseQueuedOrInFlight(stream) {
  return stream[_closeRequest] !== undefined || stream[_inFlightCloseRequest] !== undefined;
}

function WritableStreamDealWithRejection(stream, error) {
  if (stream[_state] === "writable") {
    WritableStreamStartErroring(stream, error);
    return;
  }
  WritableStreamFinishErroring(stream);
}

function WritableStreamFinishErroring(stream) {
  stream[_state] = "errored";
  stream[_controller][_errorSteps]();
  const storedError = stream[_storedError];
  const requests = stream[_writeRequests];
  while (requests.length > 0) requests.shift().reject(storedError);
  stream[_writeRequests] = new S.Queue();
  if (stream[_pendingAbortRequest] === undefined) {
    WritableStreamRejectCloseAndClosedPromiseIfNeeded(stream);
    return;
  }
  const abortRequest = stream[_pendingAbortRequest];
  stream[_pendingAbortRequest] = undefined;
  if (abortRequest.wasAlreadyErroring) {
    abortRequest.promise.reject(storedError);
    WritableStreamRejectCloseAndClosedPromiseIfNeeded(stream);
    return;
  }
  const promise = stream[_controller][_abortSteps](abortRequest.reason);
  uponPromise(promise, () => {
    abortRequest.promise.resolve(undefined);
    WritableStreamRejectCloseAndClosedPromiseIfNeeded(stream);
  }, (reason) => {
    abortRequest.promise.reject(reason);
    WritableStreamRejectCloseAndClosedPromiseIfNeeded(stream);
  });
}

function WritableStreamFinishInFlightClose(stream) {
  stream[_inFlightCloseRequest].resolve(undefined);
  stream[_inFlightCloseRequest] = undefined;
  const state = stream[_state];
  if (state === "erroring") {
    stream[_storedError] = undefined;
    if (stream[_pendingAbortRequest] !== undefined) {
      stream[_pendingAbortRequest].promise.resolve(undefined);
      stream[_pendingAbortRequest] = undefined;
    }
  }
  stream[_state] = "closed";
  const writer = stream[_writer];
  if (writer !== undefined) writer[_closedPromise].resolve(undefined);
}

function WritableStreamFinishInFlightCloseWithError(stream, error) {
  stream[_inFlightCloseRequest].reject(error);
  stream[_inFlightCloseRequest] = undefined;
  if (stream[_pendingAbortRequest] !== undefined) {
    stream[_pendingAbortRequest].promise.reject(error);
    stream[_pendingAbortRequest] = undefined;
  }
  WritableStreamDealWithRejection(stream, error);
}

function WritableStreamFinishInFlightWrite(stream) {
  stream[_inFlightWriteRequest].resolve(undefined);
  stream[_inFlightWriteRequest] = undefined;
}

function WritableStreamFinishInFlightWriteWithError(stream, error) {
  stream[_inFlightWriteRequest].reject(error);
  stream[_inFlightWriteRequest] = undefined;
  WritableStreamDealWithRejection(stream, error);
}

function WritableStreamHasOperationMarkedInFlight(stream) {
  return stream[_inFlightWriteRequest] !== undefined || stream[_inFlightCloseRequest] !== undefined;
}

function WritableStreamMarkCloseRequestInFlight(stream) {
  stream[_inFlightCloseRequest] = stream[_closeRequest];
  stream[_closeRequest] = undefined;
}

function WritableStreamMarkFirstWriteRequestInFlight(stream) {
  stream[_inFlightWriteRequest] = stream[_writeRequests].shift();
}

function WritableStreamRejectCloseAndClosedPromiseIfNeeded(stream) {
  if (stream[_closeRequest] !== undefined) {
    stream[_closeRequest].reject(stream[_storedError]);
    stream[_closeRequest] = undefined;
  }
  const writer = stream[_writer];
  if (writer !== undefined) {
    writer[_closedPromise].rejectHandled(stream[_storedError]);
  }
}

function WritableStreamStartErroring(stream, reason) {
  const controller = stream[_controller];
  stream[_state] = "erroring";
  stream[_storedError] = reason;
  const writer = stream[_writer];
  if (writer !== undefined) WritableStreamDefaultWriterEnsureReadyPromiseRejected(writer, reason);
  if (!WritableStreamHasOperationMarkedInFlight(stream) && controller[_started]) {
    WritableStreamFinishErroring(stream);
  }
}

function WritableStreamUpdateBackpressure(stream, backpressure) {
  const writer = stream[_writer];
  if (writer !== undefined && backpressure !== stream[_backpressure]) {
    if (backpressure) {
      writer[_readyPromise] = new Deferred();
    } else {
      writer[_readyPromise].resolve(undefined);
    }
  }
  stream[_backpressure] = backpressure;
}

// ---------------------------------------------------------------------------
// §5.3 WritableStreamDefaultWriter

const internalConstruct = Symbol("internal");

class WritableStreamDefaultWriter {
  constructor(stream) {
    if (stream === internalConstruct) return;
    const prefix = "Failed to construct 'WritableStreamDefaultWriter'";
    requiredArguments(arguments.length, 1, prefix);
    if (!IsWritableStream(stream)) {
      throw new $TypeError(`${prefix}: Argument 1 is not of type WritableStream`);
    }
    SetUpWritableStreamDefaultWriter(this, stream);
  }

  get closed() {
    if (!IsWritableStreamDefaultWriter(this)) return PromiseReject(illegalInvocation());
    return this[_closedPromise].promise;
  }

  get desiredSize() {
    if (!IsWritableStreamDefaultWriter(this)) throw illegalInvocation();
    if (this[_stream] === undefined) throw new $TypeError("A writable stream is not associated with the writer");
    return WritableStreamDefaultWriterGetDesiredSize(this);
  }

  get ready() {
    if (!IsWritableStreamDefaultWriter(this)) return PromiseReject(illegalInvocation());
    return this[_readyPromise].promise;
  }

  abort(reason = undefined) {
    if (!IsWritableStreamDefaultWriter(this)) return PromiseReject(illegalInvocation());
    if (this[_stream] === undefined) {
      return PromiseReject(new $TypeError("A writable stream is not associated with the writer."));
    }
    return WritableStreamAbort(this[_stream], reason);
  }

  close() {
    if (!IsWritableStreamDefaultWriter(this)) return PromiseReject(illegalInvocation());
    const stream = this[_stream];
    if (stream === undefined) {
      return PromiseReject(new $TypeError("A writable stream is not associated with the writer."));
    }
    if (WritableStreamCloseQueuedOrInFlight(stream)) {
      return PromiseReject(new $TypeError("The associated stream is already closing."));
    }
    return WritableStreamClose(stream);
  }

  releaseLock() {
    if (!IsWritableStreamDefaultWriter(this)) throw illegalInvocation();
    if (this[_stream] === undefined) return;
    WritableStreamDefaultWriterRelease(this);
  }

  write(chunk = undefined) {
    if (!IsWritableStreamDefaultWriter(this)) return PromiseReject(illegalInvocation());
    if (this[_stream] === undefined) {
      return PromiseReject(new $TypeError("A writable stream is not associate with the writer."));
    }
    return WritableStreamDefaultWriterWrite(this, chunk);
  }
}

function IsWritableStreamDefaultWriter(x) {
  return typeof x === "object" && x !== null && _closedPromise in x;
}

function WritableStreamDefaultWriterAbort(writer, reason) {
  return WritableStreamAbort(writer[_stream], reason);
}

function WritableStreamDefaultWriterClose(writer) {
  return WritableStreamClose(writer[_stream]);
}

function WritableStreamDefaultWriterCloseWithErrorPropagation(writer) {
  const stream = writer[_stream];
  const state = stream[_state];
  if (WritableStreamCloseQueuedOrInFlight(stream) || state === "closed") return PromiseResolve(undefined);
  if (state === "errored") return PromiseReject(stream[_storedError]);
  return WritableStreamDefaultWriterClose(writer);
}

function WritableStreamDefaultWriterEnsureClosedPromiseRejected(writer, error) {
  if (writer[_closedPromise].state === 0) {
    writer[_closedPromise].rejectHandled(error);
  } else {
    writer[_closedPromise] = rejectedDeferred(error);
  }
}

function WritableStreamDefaultWriterEnsureReadyPromiseRejected(writer, error) {
  if (writer[_readyPromise].state === 0) {
    writer[_readyPromise].rejectHandled(error);
  } else {
    writer[_readyPromise] = rejectedDeferred(error);
  }
}

function WritableStreamDefaultWriterGetDesiredSize(writer) {
  const stream = writer[_stream];
  const state = stream[_state];
  if (state === "errored" || state === "erroring") return null;
  if (state === "closed") return 0;
  return WritableStreamDefaultControllerGetDesiredSize(stream[_controller]);
}

function WritableStreamDefaultWriterRelease(writer) {
  const stream = writer[_stream];
  const releasedError = new $TypeError("The writer has already been released.");
  WritableStreamDefaultWriterEnsureReadyPromiseRejected(writer, releasedError);
  WritableStreamDefaultWriterEnsureClosedPromiseRejected(writer, releasedError);
  stream[_writer] = undefined;
  writer[_stream] = undefined;
}

function WritableStreamDefaultWriterWrite(writer, chunk) {
  const stream = writer[_stream];
  const controller = stream[_controller];
  const chunkSize = WritableStreamDefaultControllerGetChunkSize(controller, chunk);
  if (stream !== writer[_stream]) {
    return PromiseReject(new $TypeError("The writer has already been released."));
  }
  const state = stream[_state];
  if (state === "errored") return PromiseReject(stream[_storedError]);
  if (WritableStreamCloseQueuedOrInFlight(stream) || state === "closed") {
    return PromiseReject(new $TypeError("The stream is closing or is closed."));
  }
  if (state === "erroring") return PromiseReject(stream[_storedError]);
  const promise = WritableStreamAddWriteRequest(stream);
  WritableStreamDefaultControllerWrite(controller, chunk, chunkSize);
  return promise;
}

// ---------------------------------------------------------------------------
// §5.4 WritableStreamDefaultController

const _abortSteps = Symbol("[[AbortSteps]]");
const _errorSteps = Symbol("[[ErrorSteps]]");

class WritableStreamDefaultController {
  constructor() {
    throw new $TypeError("Illegal constructor");
  }

  get signal() {
    if (!IsWritableStreamDefaultController(this)) throw illegalInvocation();
    return signalOf(this);
  }

  error(e = undefined) {
    if (!IsWritableStreamDefaultController(this)) throw illegalInvocation();
    const state = this[_stream][_state];
    if (state !== "writable") return;
    WritableStreamDefaultControllerError(this, e);
  }

  [_abortSteps](reason) {
    const result = this[_abortAlgorithm](reason);
    WritableStreamDefaultControllerClearAlgorithms(this);
    return result;
  }

  [_errorSteps]() {
    ResetQueue(this);
  }
}

function IsWritableStreamDefaultController(x) {
  return typeof x === "object" && x !== null && _writeAlgorithm in x;
}

// The controller's AbortController is made when its signal is first asked
// for (few sinks look at it, and an AbortSignal is an EventTarget: making one
// per stream tripled the cost of the constructor). Until then an abort is
// remembered, and the signal is born aborted with its reason: nobody could
// have listened to it before.
const AbortControllerCtor = globalThis.AbortController;   // events/ loads first
const notAborted = Symbol("not aborted");
function signalOf(controller) {
  let ac = controller[_abortController];
  if (ac === undefined) {
    ac = controller[_abortController] = new AbortControllerCtor();
    const reason = controller[_abortReason];
    if (reason !== notAborted) ac.abort(reason);
  }
  return ac.signal;
}
function signalAbort(controller, reason) {
  const ac = controller[_abortController];
  if (ac !== undefined) ac.abort(reason);
  else if (controller[_abortReason] === notAborted) controller[_abortReason] = reason;
}

function SetUpWritableStreamDefaultController(stream, controller, startAlgorithm, writeAlgorithm,
  closeAlgorithm, abortAlgorithm, highWaterMark, sizeAlgorithm) {
  controller[_stream] = stream;
  stream[_controller] = controller;
  ResetQueue(controller);
  controller[_abortController] = undefined;
  controller[_abortReason] = notAborted;
  controller[_started] = false;
  controller[_strategySizeAlgorithm] = sizeAlgorithm;
  controller[_strategyHWM] = highWaterMark;
  controller[_writeAlgorithm] = writeAlgorithm;
  controller[_closeAlgorithm] = closeAlgorithm;
  controller[_abortAlgorithm] = abortAlgorithm;
  writeReactions(controller);
  const backpressure = WritableStreamDefaultControllerGetBackpressure(controller);
  WritableStreamUpdateBackpressure(stream, backpressure);
  const startResult = startAlgorithm();
  uponPromise(S.startPromiseOf(startResult), () => {
    controller[_started] = true;
    WritableStreamDefaultControllerAdvanceQueueIfNeeded(controller);
  }, (r) => {
    controller[_started] = true;
    WritableStreamDealWithRejection(stream, r);
  });
}

function SetUpWritableStreamDefaultControllerFromUnderlyingSink(stream, underlyingSink, sink, highWaterMark,
  sizeAlgorithm) {
  const controller = S.ObjectCreate(WritableStreamDefaultController.prototype);
  let startAlgorithm = S.returnUndefined;
  let writeAlgorithm = S.resolvedUndefined;
  let closeAlgorithm = S.resolvedUndefined;
  let abortAlgorithm = S.resolvedUndefined;
  if (sink.start !== undefined) startAlgorithm = () => ReflectApply(sink.start, underlyingSink, [controller]);
  if (sink.write !== undefined) writeAlgorithm = (chunk) => promiseCall2(sink.write, underlyingSink, chunk, controller);
  if (sink.close !== undefined) closeAlgorithm = () => promiseCall0(sink.close, underlyingSink);
  if (sink.abort !== undefined) abortAlgorithm = (reason) => promiseCall1(sink.abort, underlyingSink, reason);
  SetUpWritableStreamDefaultController(stream, controller, startAlgorithm, writeAlgorithm, closeAlgorithm,
    abortAlgorithm, highWaterMark, sizeAlgorithm);
}

function WritableStreamDefaultControllerAdvanceQueueIfNeeded(controller) {
  const stream = controller[_stream];
  if (!controller[_started]) return;
  if (stream[_inFlightWriteRequest] !== undefined) return;
  const state = stream[_state];
  if (state === "erroring") {
    WritableStreamFinishErroring(stream);
    return;
  }
  if (controller[_queue].length === 0) return;
  const value = PeekQueueValue(controller);
  if (value === closeSentinel) {
    WritableStreamDefaultControllerProcessClose(controller);
  } else {
    WritableStreamDefaultControllerProcessWrite(controller, value);
  }
}

function WritableStreamDefaultControllerClearAlgorithms(controller) {
  controller[_writeAlgorithm] = undefined;
  controller[_closeAlgorithm] = undefined;
  controller[_abortAlgorithm] = undefined;
  controller[_strategySizeAlgorithm] = undefined;
}

function WritableStreamDefaultControllerClose(controller) {
  EnqueueValueWithSize(controller, closeSentinel, 0);
  WritableStreamDefaultControllerAdvanceQueueIfNeeded(controller);
}

function WritableStreamDefaultControllerError(controller, error) {
  const stream = controller[_stream];
  WritableStreamDefaultControllerClearAlgorithms(controller);
  WritableStreamStartErroring(stream, error);
}

function WritableStreamDefaultControllerErrorIfNeeded(controller, error) {
  if (controller[_stream][_state] === "writable") WritableStreamDefaultControllerError(controller, error);
}

function WritableStreamDefaultControllerGetBackpressure(controller) {
  return WritableStreamDefaultControllerGetDesiredSize(controller) <= 0;
}

function WritableStreamDefaultControllerGetChunkSize(controller, chunk) {
  const sizeAlgorithm = controller[_strategySizeAlgorithm];
  if (sizeAlgorithm === undefined) return 1;
  try {
    return sizeAlgorithm(chunk);
  } catch (e) {
    WritableStreamDefaultControllerErrorIfNeeded(controller, e);
    return 1;
  }
}

function WritableStreamDefaultControllerGetDesiredSize(controller) {
  return controller[_strategyHWM] - controller[_queueTotalSize];
}

function WritableStreamDefaultControllerProcessClose(controller) {
  const stream = controller[_stream];
  WritableStreamMarkCloseRequestInFlight(stream);
  DequeueValue(controller);
  const sinkClosePromise = controller[_closeAlgorithm]();
  WritableStreamDefaultControllerClearAlgorithms(controller);
  uponPromise(sinkClosePromise, () => {
    WritableStreamFinishInFlightClose(stream);
  }, (reason) => {
    WritableStreamFinishInFlightCloseWithError(stream, reason);
  });
}

function WritableStreamDefaultControllerProcessWrite(controller, chunk) {
  const stream = controller[_stream];
  WritableStreamMarkFirstWriteRequestInFlight(stream);
  const sinkWritePromise = controller[_writeAlgorithm](chunk);
  uponPromise(sinkWritePromise, controller[_onWriteFulfilled], controller[_onWriteRejected]);
}

// The reactions to a sink's write, made once per controller (one write is in
// flight at a time).
function writeReactions(controller) {
  controller[_onWriteFulfilled] = () => {
    const stream = controller[_stream];
    WritableStreamFinishInFlightWrite(stream);
    const state = stream[_state];
    DequeueValue(controller);
    if (!WritableStreamCloseQueuedOrInFlight(stream) && state === "writable") {
      const backpressure = WritableStreamDefaultControllerGetBackpressure(controller);
      WritableStreamUpdateBackpressure(stream, backpressure);
    }
    WritableStreamDefaultControllerAdvanceQueueIfNeeded(controller);
  };
  controller[_onWriteRejected] = (reason) => {
    const stream = controller[_stream];
    if (stream[_state] === "writable") WritableStreamDefaultControllerClearAlgorithms(controller);
    WritableStreamFinishInFlightWriteWithError(stream, reason);
  };
}

function WritableStreamDefaultControllerWrite(controller, chunk, chunkSize) {
  try {
    EnqueueValueWithSize(controller, chunk, chunkSize);
  } catch (enqueueE) {
    WritableStreamDefaultControllerErrorIfNeeded(controller, enqueueE);
    return;
  }
  const stream = controller[_stream];
  if (!WritableStreamCloseQueuedOrInFlight(stream) && stream[_state] === "writable") {
    const backpressure = WritableStreamDefaultControllerGetBackpressure(controller);
    WritableStreamUpdateBackpressure(stream, backpressure);
  }
  WritableStreamDefaultControllerAdvanceQueueIfNeeded(controller);
}

// ---------------------------------------------------------------------------

webidlClass(WritableStream, "WritableStream");
webidlClass(WritableStreamDefaultWriter, "WritableStreamDefaultWriter");
webidlClass(WritableStreamDefaultController, "WritableStreamDefaultController");
defineInspect(WritableStream.prototype, ["locked"], IsWritableStream);
defineInspect(WritableStreamDefaultWriter.prototype, ["closed", "desiredSize", "ready"], IsWritableStreamDefaultWriter);
defineInspect(WritableStreamDefaultController.prototype, [], IsWritableStreamDefaultController);

Object.assign(S, {
  WritableStream, WritableStreamDefaultWriter, WritableStreamDefaultController,
  IsWritableStream, IsWritableStreamLocked, AcquireWritableStreamDefaultWriter, CreateWritableStream,
  WritableStreamAbort, WritableStreamClose, WritableStreamCloseQueuedOrInFlight,
  WritableStreamDefaultWriterCloseWithErrorPropagation, WritableStreamDefaultWriterRelease,
  WritableStreamDefaultWriterWrite, WritableStreamDefaultWriterGetDesiredSize,
  WritableStreamDefaultControllerErrorIfNeeded, WritableStreamStartErroring, WritableStreamDealWithRejection,
  WritableStreamUpdateBackpressure, WritableStreamFinishErroring,
  writableState: (stream) => stream[_state],
  writableStoredError: (stream) => stream[_storedError],
  writableController: (stream) => stream[_controller],
  writableBackpressure: (stream) => stream[_backpressure],
  writerStream: (writer) => writer[_stream],
  writerClosed: (writer) => writer[_closedPromise].promise,
  writerReady: (writer) => writer[_readyPromise].promise,
  writerReadyState: (writer) => writer[_readyPromise].state,
});
