// The global names of the stream classes, as Deno defines them (non-enumerable).
const S = internals.streams;
for (const cls of [
  S.ReadableStream, S.ReadableStreamDefaultReader, S.ReadableStreamBYOBReader, S.ReadableStreamBYOBRequest,
  S.ReadableByteStreamController, S.ReadableStreamDefaultController, S.WritableStream, S.WritableStreamDefaultWriter,
  S.WritableStreamDefaultController, S.TransformStream, S.TransformStreamDefaultController,
  S.ByteLengthQueuingStrategy, S.CountQueuingStrategy, S.CompressionStream, S.DecompressionStream,
  S.TextEncoderStream, S.TextDecoderStream,
]) {
  Object.defineProperty(globalThis, cls.name, { value: cls, writable: true, enumerable: false, configurable: true });
}
S.fastLookups(S);
