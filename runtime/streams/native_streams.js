// ReadableStreams handed to native code and made from native resources (seed
// 003). The contract with C++ is in native_stream.h; fetch and the HTTP server
// use these two functions for request and response bodies.
const S = internals.streams;
const $Error = Error;
const {
  op_stream_source_read, op_stream_sink_write, op_stream_sink_close, op_stream_sink_abort, op_resource_close,
} = core.ops;
const {
  Promise: $Promise, PromisePrototypeThen, PromiseResolve, TypeError: $TypeError, ArrayBufferIsView,
  CreateReadableByteStream, ReadableByteStreamControllerGetBYOBRequest, ReadableByteStreamControllerRespond,
  ReadableByteStreamControllerClose, byobRequestView, AcquireReadableStreamDefaultReader,
  ReadableStreamDefaultReaderRead, ReadableStreamDefaultReaderRelease, ReadableStreamCancel, StepsReadRequest,
} = S;

// A byte stream whose pulls read the native ByteSource `rid` straight into the
// pending read's buffer (the reader's own buffer for BYOB reads).
function readableStreamForResource(rid, autoAllocateChunkSize = 65536) {
  let closed = false;
  const closeResource = () => {
    if (!closed) {
      closed = true;
      op_resource_close(rid);
    }
  };
  const pull = (controller) => {
    const view = byobRequestView(ReadableByteStreamControllerGetBYOBRequest(controller));
    return PromisePrototypeThen(op_stream_source_read(rid, view), (n) => {
      if (n === 0) {
        closeResource();
        ReadableByteStreamControllerClose(controller);
        ReadableByteStreamControllerRespond(controller, 0);
      } else {
        ReadableByteStreamControllerRespond(controller, n);
      }
    }, (e) => {
      closeResource();
      throw e;
    });
  };
  const cancel = () => {
    closeResource();
    return PromiseResolve(undefined);
  };
  return CreateReadableByteStream(() => undefined, pull, cancel, 0, autoAllocateChunkSize);
}

// Writes every chunk of `stream` to the native ByteSink `rid`, passing each
// chunk's memory by reference; settles when the sink has taken the end.
function readableStreamToResource(stream, rid) {
  const reader = AcquireReadableStreamDefaultReader(stream);
  return new $Promise((resolve, reject) => {
    const fail = (e) => {
      PromisePrototypeThen(ReadableStreamCancel(stream, e), undefined, S.noop);
      ReadableStreamDefaultReaderRelease(reader);
      reject(e);
    };
    const next = () => ReadableStreamDefaultReaderRead(reader, request);
    const request = new StepsReadRequest((chunk) => {
      if (!ArrayBufferIsView(chunk)) {
        const e = new $TypeError("expected typed ArrayBufferView");
        op_stream_sink_abort(rid, `${e}`);
        fail(e);
        return;
      }
      PromisePrototypeThen(op_stream_sink_write(rid, chunk), next, (e) => {
        op_resource_close(rid);
        fail(e);
      });
    }, () => {
      // Releasing rejects the internal reader's closed promise with a TypeError
      // nobody can see; without a stack trace it costs 10x less (per response body).
      const limit = $Error.stackTraceLimit;
      $Error.stackTraceLimit = 0;
      ReadableStreamDefaultReaderRelease(reader);
      $Error.stackTraceLimit = limit;
      PromisePrototypeThen(op_stream_sink_close(rid), resolve, reject);
    }, (e) => {
      ReadableStreamDefaultReaderRelease(reader);
      op_stream_sink_abort(rid, `${e}`);
      reject(e);
    });
    next();
  });
}

S.readableStreamForResource = readableStreamForResource;
S.readableStreamToResource = readableStreamToResource;
