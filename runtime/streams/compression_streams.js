// CompressionStream and DecompressionStream (Compression Standard): transform
// streams whose transform hands each chunk to zlib through sync ops
// (compression_ops.cc). The zlib state is a native resource, closed when the
// stream finishes, errors, or is cancelled or aborted.
const S = internals.streams;
const {
  op_compression_new, op_compression_write, op_compression_finish, op_compression_close,
} = core.ops;
const {
  TypeError: $TypeError, ArrayBufferIsView, ArrayBuffer: $ArrayBuffer, ObjectPrototypeIsPrototypeOf,
  illegalInvocation, requiredArguments, webidlClass, defineInspect, CreateTransformStream,
  TransformStreamDefaultControllerEnqueue, transformReadable, transformWritable,
} = S;

const _transform = Symbol("[[transform]]");
const formats = ["deflate", "deflate-raw", "gzip"];

function isBufferSource(v) {
  return ArrayBufferIsView(v) || ObjectPrototypeIsPrototypeOf($ArrayBuffer.prototype, v);
}

// A TransformStream over one zlib resource; `prefix` names the class in errors.
function zlibTransform(format, decompress, prefix) {
  const rid = op_compression_new(format, decompress);
  return CreateTransformStream((chunk, controller) => {
    if (!isBufferSource(chunk)) {
      op_compression_close(rid);
      throw new $TypeError(`${prefix}: chunk is not an ArrayBuffer or a view on one`);
    }
    if (S.isSharedView(chunk)) {
      op_compression_close(rid);
      throw new $TypeError(`${prefix}: chunk is a view on a SharedArrayBuffer, which is not allowed`);
    }
    const output = op_compression_write(rid, chunk);
    if (output.byteLength > 0) TransformStreamDefaultControllerEnqueue(controller, output);
  }, (controller) => {
    const output = op_compression_finish(rid);
    if (output.byteLength > 0) TransformStreamDefaultControllerEnqueue(controller, output);
  }, () => {
    op_compression_close(rid);
    return S.resolvedUndefined();
  });
}

class CompressionStream {
  constructor(format) {
    const prefix = "Failed to construct 'CompressionStream'";
    requiredArguments(arguments.length, 1, prefix);
    format = S.toEnum(format, formats, "CompressionFormat", prefix);
    this[_transform] = zlibTransform(format, false, prefix);
  }
  get readable() {
    if (!isCompression(this, CompressionStream)) throw illegalInvocation();
    return transformReadable(this[_transform]);
  }
  get writable() {
    if (!isCompression(this, CompressionStream)) throw illegalInvocation();
    return transformWritable(this[_transform]);
  }
}

class DecompressionStream {
  constructor(format) {
    const prefix = "Failed to construct 'DecompressionStream'";
    requiredArguments(arguments.length, 1, prefix);
    format = S.toEnum(format, formats, "CompressionFormat", prefix);
    this[_transform] = zlibTransform(format, true, prefix);
  }
  get readable() {
    if (!isCompression(this, DecompressionStream)) throw illegalInvocation();
    return transformReadable(this[_transform]);
  }
  get writable() {
    if (!isCompression(this, DecompressionStream)) throw illegalInvocation();
    return transformWritable(this[_transform]);
  }
}

function isCompression(x, cls) {
  return typeof x === "object" && x !== null && _transform in x && ObjectPrototypeIsPrototypeOf(cls.prototype, x);
}

webidlClass(CompressionStream, "CompressionStream");
webidlClass(DecompressionStream, "DecompressionStream");
defineInspect(CompressionStream.prototype, ["readable", "writable"], (x) => isCompression(x, CompressionStream));
defineInspect(DecompressionStream.prototype, ["readable", "writable"], (x) => isCompression(x, DecompressionStream));
S.CompressionStream = CompressionStream;
S.DecompressionStream = DecompressionStream;
