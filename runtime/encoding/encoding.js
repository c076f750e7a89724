// TextEncoder, TextDecoder (utf-8, utf-16le, utf-16be, windows-1252), atob, btoa.
// The bytes are handled by C++ ops (encoding_ops.cc) that read and write the
// caller's buffers in place; JavaScript keeps only the streaming state: the
// incomplete last sequence of a chunk, held until the next one arrives.
const {
  op_encoding_encode, op_encoding_encode_into, op_encoding_decode, op_base64_encode, op_base64_decode,
} = core.ops;
const {
  inspectAttributes, toStringTag, toDOMString, toDictionary, defineGlobal, isArrayBuffer, isSharedArrayBuffer, typedArrayKind,
  requiredArguments,
} = internals.webidl;

const UTF8 = 0, UTF16LE = 1, UTF16BE = 2, WINDOWS1252 = 3;
const encodingNames = ["utf-8", "utf-16le", "utf-16be", "windows-1252"];

// The Encoding Standard's labels for the encodings we decode.
const labels = new Map();
for (const [id, names] of [
  [UTF8, ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"]],
  [UTF16BE, ["unicodefffe", "utf-16be"]],
  [UTF16LE, ["csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le"]],
  [WINDOWS1252, ["ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1",
    "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii",
    "windows-1252", "x-cp1252"]],
]) {
  for (const name of names) labels.set(name, id);
}

function encodingOf(label) {
  const id = labels.get(label.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, "").toLowerCase());
  if (id === undefined) throw new RangeError(`The encoding label provided ('${label}') is invalid.`);
  return id;
}

const encodeIntoResult = new Uint32Array(2);
const emptyBytes = new Uint8Array(0);

class TextEncoder {
  get encoding() {
    if (!(this instanceof TextEncoder)) throw new TypeError("Illegal invocation");
    return "utf-8";
  }
  encode(input = "") {
    if (!(this instanceof TextEncoder)) throw new TypeError("Illegal invocation");
    return op_encoding_encode(typeof input === "string" ? input : toDOMString(input));
  }
  encodeInto(source, destination) {
    if (!(this instanceof TextEncoder)) throw new TypeError("Illegal invocation");
    const prefix = "Failed to execute 'encodeInto' on 'TextEncoder'";
    source = typeof source === "string" ? source : toDOMString(source);
    if (typedArrayKind(destination) !== "Uint8Array") throw new TypeError(`${prefix}: Argument 2 is not an Uint8Array object`);
    op_encoding_encode_into(source, destination, encodeIntoResult);
    return { read: encodeIntoResult[0], written: encodeIntoResult[1] };
  }
}

// How many bytes at the end of `bytes` begin a sequence the next chunk may finish.
function incompleteTail(bytes, encoding) {
  const length = bytes.length;
  if (encoding === UTF8) {
    for (let back = 1; back <= 3 && back <= length; back++) {
      const lead = bytes[length - back];
      if ((lead & 0xc0) === 0x80) continue;
      const size = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 1;
      if (size <= back) return 0;
      if (back >= 2) {
        const second = bytes[length - back + 1];
        if ((lead === 0xe0 && second < 0xa0) || (lead === 0xed && second > 0x9f) ||
            (lead === 0xf0 && second < 0x90) || (lead === 0xf4 && second > 0x8f)) return 0;
      }
      return back;
    }
    return 0;
  }
  if (encoding === UTF16LE || encoding === UTF16BE) {
    let tail = length & 1;
    const end = length - tail;
    if (end >= 2) {
      const unit = encoding === UTF16LE ? bytes[end - 2] | (bytes[end - 1] << 8) : (bytes[end - 2] << 8) | bytes[end - 1];
      if (unit >= 0xd800 && unit <= 0xdbff) tail += 2;
    }
    return tail;
  }
  return 0;
}

function asBytes(view) {
  return typedArrayKind(view) === "Uint8Array" ? view
    : ArrayBuffer.isView(view) ? new Uint8Array(view.buffer, view.byteOffset, view.byteLength)
    : new Uint8Array(view);
}

class TextDecoder {
  #encoding;
  #fatal;
  #ignoreBOM;
  #pending = null;   // bytes of an unfinished sequence (streaming)
  #bomSeen = false;  // output has begun, so a U+FEFF is content

  constructor(label = "utf-8", options = undefined) {
    const prefix = "Failed to construct 'TextDecoder'";
    label = toDOMString(label);
    options = toDictionary(options, prefix, 2);
    this.#encoding = encodingOf(label);
    this.#fatal = Boolean(options.fatal);
    this.#ignoreBOM = Boolean(options.ignoreBOM);
  }
  // WebIDL's brand check: a foreign `this` is an "Illegal invocation".
  static #check(self) {
    if (self === null || typeof self !== "object" || !(#encoding in self)) throw new TypeError("Illegal invocation");
    return self;
  }
  get encoding() { return encodingNames[TextDecoder.#check(this).#encoding]; }
  get fatal() { return TextDecoder.#check(this).#fatal; }
  get ignoreBOM() { return TextDecoder.#check(this).#ignoreBOM; }

  decode(input = undefined, options = undefined) {
    TextDecoder.#check(this);
    const prefix = "Failed to execute 'decode' on 'TextDecoder'";
    let bytes = emptyBytes;
    if (input !== undefined) {
      if (ArrayBuffer.isView(input) || isArrayBuffer(input)) bytes = input;
      else if (isSharedArrayBuffer(input)) bytes = new Uint8Array(input);
      else throw new TypeError(`${prefix}: Argument 1 is not an ArrayBuffer, SharedArrayBuffer, or a view on one`);
    }
    const stream = Boolean(toDictionary(options, prefix, 2).stream);
    if (this.#pending !== null) {
      const rest = asBytes(bytes);
      const joined = new Uint8Array(this.#pending.length + rest.length);
      joined.set(this.#pending);
      joined.set(rest, this.#pending.length);
      bytes = joined;
      this.#pending = null;
    }
    if (stream && this.#encoding !== WINDOWS1252) {
      bytes = asBytes(bytes);
      const tail = incompleteTail(bytes, this.#encoding);
      if (tail > 0) {
        this.#pending = bytes.slice(bytes.length - tail);
        bytes = bytes.subarray(0, bytes.length - tail);
      }
    }
    let text;
    try {
      text = op_encoding_decode(bytes, this.#encoding, this.#fatal);
    } catch (error) {
      this.#pending = null;
      this.#bomSeen = false;
      throw error;
    }
    if (!this.#ignoreBOM && !this.#bomSeen && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.#bomSeen = true;
    }
    if (!stream) this.#bomSeen = false;
    return text;
  }
}

for (const cls of [TextEncoder, TextDecoder]) {
  for (const name of Object.getOwnPropertyNames(cls.prototype)) {
    if (name !== "constructor") Object.defineProperty(cls.prototype, name, { enumerable: true });
  }
  toStringTag(cls);
}
inspectAttributes(TextEncoder, ["encoding"]);
inspectAttributes(TextDecoder, ["encoding", "fatal", "ignoreBOM"]);

function btoa(data) {
  requiredArguments(arguments.length, 1, "Failed to execute 'btoa'");
  return op_base64_encode(toDOMString(data));
}

function atob(data) {
  requiredArguments(arguments.length, 1, "Failed to execute 'atob'");
  return op_base64_decode(toDOMString(data));
}

internals.encoding = { TextEncoder, TextDecoder, incompleteTail };
defineGlobal("TextEncoder", TextEncoder);
defineGlobal("TextDecoder", TextDecoder);
defineGlobal("atob", atob, true);
defineGlobal("btoa", btoa, true);
