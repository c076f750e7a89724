// TextEncoderStream and TextDecoderStream (Encoding Standard §7): transform
// streams over the TextEncoder and TextDecoder of the encoding family, looked
// up on the global object when a stream is made (they are defined elsewhere).
const S = internals.streams;
const {
  TypeError: $TypeError, ArrayBufferIsView, ArrayBuffer: $ArrayBuffer, ObjectPrototypeIsPrototypeOf,
  illegalInvocation, webidlClass, defineInspect, CreateTransformStream,
  TransformStreamDefaultControllerEnqueue, transformReadable, transformWritable,
} = S;

const _transform = Symbol("[[transform]]");
const _decoder = Symbol("[[decoder]]");

function globalClass(name) {
  const cls = globalThis[name];
  if (typeof cls !== "function") throw new $TypeError(`${name} is not available in this runtime`);
  return cls;
}

class TextEncoderStream {
  constructor() {
    const encoder = new (globalClass("TextEncoder"))();
    // A high surrogate that ended the last chunk waits for the next one.
    let pendingHighSurrogate = null;
    this[_transform] = CreateTransformStream((chunk, controller) => {
      let text = S.toDOMString(chunk, "Failed to execute 'write' on 'TextEncoderStream'", "chunk");
      if (pendingHighSurrogate !== null) {
        text = pendingHighSurrogate + text;
        pendingHighSurrogate = null;
      }
      const last = text.charCodeAt(text.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        pendingHighSurrogate = text[text.length - 1];
        text = text.slice(0, -1);
      }
      if (text.length > 0) TransformStreamDefaultControllerEnqueue(controller, encoder.encode(text));
    }, (controller) => {
      if (pendingHighSurrogate !== null) {
        TransformStreamDefaultControllerEnqueue(controller, new S.Uint8Array([0xef, 0xbf, 0xbd]));
      }
    });
  }
  get encoding() {
    if (!isTextStream(this, TextEncoderStream)) throw illegalInvocation();
    return "utf-8";
  }
  get readable() {
    if (!isTextStream(this, TextEncoderStream)) throw illegalInvocation();
    return transformReadable(this[_transform]);
  }
  get writable() {
    if (!isTextStream(this, TextEncoderStream)) throw illegalInvocation();
    return transformWritable(this[_transform]);
  }
}

class TextDecoderStream {
  constructor(label = "utf-8", options = undefined) {
    const prefix = "Failed to construct 'TextDecoderStream'";
    if (options !== undefined && options !== null && typeof options !== "object" && typeof options !== "function") {
      throw new $TypeError(`${prefix}: Argument 2 can not be converted to a dictionary`);
    }
    const decoder = new (globalClass("TextDecoder"))(label, options);
    this[_decoder] = decoder;
    this[_transform] = CreateTransformStream((chunk, controller) => {
      if (!ArrayBufferIsView(chunk) && !ObjectPrototypeIsPrototypeOf($ArrayBuffer.prototype, chunk) &&
        !(typeof SharedArrayBuffer === "function" && ObjectPrototypeIsPrototypeOf(SharedArrayBuffer.prototype, chunk))) {
        throw new $TypeError(`${prefix}: chunk is not an ArrayBuffer, SharedArrayBuffer, or a view on one`);
      }
      const text = decoder.decode(chunk, { stream: true });
      if (text.length > 0) TransformStreamDefaultControllerEnqueue(controller, text);
    }, (controller) => {
      const text = decoder.decode();
      if (text.length > 0) TransformStreamDefaultControllerEnqueue(controller, text);
    });
  }
  get encoding() {
    if (!isTextStream(this, TextDecoderStream)) throw illegalInvocation();
    return this[_decoder].encoding;
  }
  get fatal() {
    if (!isTextStream(this, TextDecoderStream)) throw illegalInvocation();
    return this[_decoder].fatal;
  }
  get ignoreBOM() {
    if (!isTextStream(this, TextDecoderStream)) throw illegalInvocation();
    return this[_decoder].ignoreBOM;
  }
  get readable() {
    if (!isTextStream(this, TextDecoderStream)) throw illegalInvocation();
    return transformReadable(this[_transform]);
  }
  get writable() {
    if (!isTextStream(this, TextDecoderStream)) throw illegalInvocation();
    return transformWritable(this[_transform]);
  }
}

function isTextStream(x, cls) {
  return typeof x === "object" && x !== null && _transform in x && ObjectPrototypeIsPrototypeOf(cls.prototype, x);
}

webidlClass(TextEncoderStream, "TextEncoderStream");
webidlClass(TextDecoderStream, "TextDecoderStream");
defineInspect(TextEncoderStream.prototype, ["encoding", "readable", "writable"], (x) => isTextStream(x, TextEncoderStream));
defineInspect(TextDecoderStream.prototype, ["encoding", "fatal", "ignoreBOM", "readable", "writable"],
  (x) => isTextStream(x, TextDecoderStream));
S.TextEncoderStream = TextEncoderStream;
S.TextDecoderStream = TextDecoderStream;
