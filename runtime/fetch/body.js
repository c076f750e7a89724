// The Body mixin shared by Request and Response (Fetch §5.3): a body is a
// ReadableStream (a byte stream), or, until someone asks for `.body`, the
// bytes it was made from ("static"), which are read without a stream at all.
const S = internals.streams;
const {
  CreateReadableByteStream, ReadableByteStreamControllerEnqueue, ReadableByteStreamControllerClose,
  ReadableByteStreamControllerGetBYOBRequest, ReadableByteStreamControllerRespond, IsReadableStream,
  IsReadableStreamLocked, AcquireReadableStreamDefaultReader, ReadableStreamDefaultReaderRead,
  ReadableStreamDefaultReaderRelease, ReadableStreamTee, StepsReadRequest, readableDisturbed,
} = S;
const { isBlob, blobBytes, blobFromBytes, toUSVString } = internals.file;
const { isFormData, serializeMultipart, parseMultipart, parseUrlencoded } = internals.formData;
const { isArrayBuffer, isSharedArrayBuffer, isSharedView } = internals.webidl;
const { op_encoding_encode } = core.ops;
const { getFromList } = internals.fetch;
const mime = internals.mime;
const TypeErrorCtor = TypeError;
const RegExpPrototypeTest = Function.prototype.call.bind(RegExp.prototype.test);
const { decodeBodyText } = internals.encoding;
const isURLSearchParams = (value) => value instanceof internals.URLSearchParams;

function concat(chunks, total) {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

// A closed byte stream holding `bytes`, copied as it is read (the static bytes stay).
function streamOfBytes(bytes) {
  let sent = false;
  const pull = (controller) => {
    if (!sent && bytes.byteLength > 0) {
      sent = true;
      ReadableByteStreamControllerEnqueue(controller, bytes.slice());
    } else {
      ReadableByteStreamControllerClose(controller);
      if (ReadableByteStreamControllerGetBYOBRequest(controller) !== null) ReadableByteStreamControllerRespond(controller, 0);
    }
    return S.resolvedUndefined();
  };
  return CreateReadableByteStream(() => undefined, pull, () => S.resolvedUndefined(), 0);
}

// A body made from a string keeps the string as given, not yet converted to
// a USVString: its UTF-8 bytes are the same either way (every encoder here
// writes a lone surrogate as U+FFFD), so only text() and json(), which hand
// the string back, convert it. A server's responses are never read that way,
// and scanning a long string in JavaScript costs ~3.5 ns a code unit; a regexp
// tells natively whether it holds any surrogate at all (a one-byte string
// cannot: at once).
const surrogateRe = /[\ud800-\udfff]/;
function bodyTextAsUSVString(text) {
  if (text.length > 64 && !RegExpPrototypeTest(surrogateRe, text)) return text;
  return toUSVString(text);
}

// Fetch's "body": { stream, source, length }.
class InnerBody {
  #stream = null;
  #bytes = null;          // static bytes while no stream was asked for
  #text = null;           // or static text, UTF-8 encoded only when bytes are needed (the HTTP server writes it as it is)
  #consumed = false;      // static bytes were read
  #shared = false;        // the static bytes are someone else's memory (a Blob's part)
  source;

  // `streamOrBytes`: a ReadableStream, a Uint8Array, or a string (its UTF-8 bytes;
  // lone surrogates count as U+FFFD).
  constructor(streamOrBytes, source = null, shared = false) {
    this.#shared = shared;
    if (typeof streamOrBytes === "string") this.#text = streamOrBytes;
    else if (IsReadableStream(streamOrBytes)) this.#stream = streamOrBytes;
    else this.#bytes = streamOrBytes;
    this.source = source;
  }

  // The static bytes, made from the static text the first time they are needed.
  #staticBytes() {
    if (this.#text !== null) {
      this.#bytes = op_encoding_encode(this.#text);
      this.#text = null;
    }
    return this.#bytes;
  }

  // Fetch's body length: the byte count of static bytes, null for a stream.
  get length() {
    if (this.#stream !== null || this.#consumed) return null;
    const bytes = this.#staticBytes();
    return bytes === null ? 0 : bytes.byteLength;
  }

  // The string a text body was made from, while nothing has read it (for the
  // HTTP server, which writes lone surrogates as U+FFFD).
  get staticText() {
    return this.#stream === null && !this.#consumed ? this.#text : null;
  }

  get stream() {
    if (this.#stream === null) {
      if (this.#consumed) {
        // Read already: a closed stream that is locked and disturbed, as a drained one is.
        const stream = streamOfBytes(new Uint8Array(0));
        const reader = AcquireReadableStreamDefaultReader(stream);
        ReadableStreamDefaultReaderRead(reader, new StepsReadRequest(S.noop, S.noop, S.noop));
        this.#stream = stream;
      } else {
        this.#stream = streamOfBytes(this.#staticBytes());
      }
      this.#bytes = null;
    }
    return this.#stream;
  }

  // The static bytes if no stream exists yet (for native code: fetch sends them as they are).
  get staticBytes() {
    return this.#stream === null && !this.#consumed ? this.#staticBytes() : null;
  }

  // Fetch "fully read" then UTF-8 decode, for a body made from a string and
  // still unread: the string as a USVString (the body is consumed), else null.
  takeStaticText() {
    const text = this.#stream === null && !this.#consumed ? this.#text : null;
    if (text === null) return null;
    this.#consumed = true;
    this.#text = null;
    return bodyTextAsUSVString(text);
  }

  get used() {
    return this.#stream === null ? this.#consumed : readableDisturbed(this.#stream);
  }

  unusable() {
    return this.#stream === null ? this.#consumed : IsReadableStreamLocked(this.#stream) || readableDisturbed(this.#stream);
  }

  // Fetch "fully read": all bytes in one Uint8Array. The caller has checked unusable().
  // `fresh`: the caller hands the memory to the program, so it must not be shared.
  consume(fresh = false) {
    if (this.#stream === null) {
      const staticBytes = this.#staticBytes();
      this.#consumed = true;
      const bytes = fresh && this.#shared ? staticBytes.slice() : staticBytes;
      this.#bytes = null;
      return Promise.resolve(bytes);
    }
    const reader = AcquireReadableStreamDefaultReader(this.#stream);
    return new Promise((resolve, reject) => {
      const chunks = [];
      let total = 0;
      // Chunks already queued arrive synchronously: loop rather than recurse.
      let reading = false, again = false;
      const next = () => {
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        do {
          again = false;
          ReadableStreamDefaultReaderRead(reader, request);
        } while (again);
        reading = false;
      };
      const request = new StepsReadRequest((chunk) => {
        if (!(chunk instanceof Uint8Array)) {
          ReadableStreamDefaultReaderRelease(reader);
          reject(new TypeErrorCtor("Cannot convert value to Uint8Array while consuming the stream"));
          return;
        }
        chunks.push(chunk);
        total += chunk.byteLength;
        next();
      }, () => {
        ReadableStreamDefaultReaderRelease(reader);
        resolve(concat(chunks, total));
      }, (e) => {
        ReadableStreamDefaultReaderRelease(reader);
        reject(e);
      });
      next();
    });
  }

  // Fetch "clone a body": tee the stream; static bytes are immutable and simply shared.
  clone() {
    if (this.#stream === null) {
      return new InnerBody(this.#text !== null ? this.#text : this.#bytes, this.source, this.#shared);
    }
    const [out1, out2] = ReadableStreamTee(this.#stream, true);
    this.#stream = out1;
    return new InnerBody(out2, this.source);
  }
}

// Fetch "extract a body" → { body: InnerBody, contentType: string | null }.
// `context` names the argument in errors ("Failed to construct 'Response': Argument 1").
function extractBody(object, keepalive = false, context = "The body") {
  if (typeof object === "string") {  // the common case first (kept as given: see bodyTextAsUSVString)
    return { body: new InnerBody(object, object), contentType: "text/plain;charset=UTF-8" };
  }
  if (IsReadableStream(object)) {
    if (keepalive) throw new TypeErrorCtor("keepalive can not be used with a ReadableStream body");
    if (IsReadableStreamLocked(object) || readableDisturbed(object)) {
      throw new TypeErrorCtor("ReadableStream is locked or disturbed");
    }
    return { body: new InnerBody(object, null), contentType: null };
  }
  if (isBlob(object)) {
    return { body: new InnerBody(blobBytes(object), object, true), contentType: object.type === "" ? null : object.type };
  }
  // BufferSource: no SharedArrayBuffer, nor a view on one.
  if (isSharedArrayBuffer(object)) throw new TypeErrorCtor(`${context} is not an ArrayBuffer`);
  if (isArrayBuffer(object)) {
    return { body: new InnerBody(new Uint8Array(object).slice(), object), contentType: null };
  }
  if (ArrayBuffer.isView(object)) {
    if (isSharedView(object)) throw new TypeErrorCtor(`${context} is a view on a SharedArrayBuffer, which is not allowed`);
    const bytes = new Uint8Array(object.buffer, object.byteOffset, object.byteLength).slice();
    return { body: new InnerBody(bytes, object), contentType: null };
  }
  if (isFormData(object)) {
    const { parts, boundary } = serializeMultipart(object);
    let total = 0;
    for (const part of parts) total += part.byteLength;
    return { body: new InnerBody(concat(parts, total), object), contentType: `multipart/form-data; boundary=${boundary}` };
  }
  if (isURLSearchParams(object)) {
    return {
      body: new InnerBody(op_encoding_encode(`${object}`), object),
      contentType: "application/x-www-form-urlencoded;charset=UTF-8",
    };
  }
  const text = `${object}`;  // ToString now; the USVString conversion when read back
  return { body: new InnerBody(text, text), contentType: "text/plain;charset=UTF-8" };
}

// Installs the mixin on `cls`, whose instances give their InnerBody (or null)
// through bodyOf(self) and their header list through headerListOf(self).
function mixinBody(cls, bodyOf, headerListOf, check) {
  const consume = (self, convert, fresh = false) => {
    try {
      check(self);
      const body = bodyOf(self);
      if (body === null) return Promise.resolve(convert(new Uint8Array(0), self));
      if (body.unusable()) return Promise.reject(new TypeErrorCtor("Body already consumed"));
      return body.consume(fresh).then((bytes) => convert(bytes, self));
    } catch (e) {
      return Promise.reject(e);
    }
  };
  // A body made from a string is read as that string again: no encoding round trip.
  const consumeText = (self, convert) => {
    try {
      check(self);
      const body = bodyOf(self);
      if (body === null) return Promise.resolve(convert("", self));
      if (body.unusable()) return Promise.reject(new TypeErrorCtor("Body already consumed"));
      const text = body.takeStaticText();
      if (text !== null) return Promise.resolve(convert(text, self));
      return body.consume().then((bytes) => convert(decodeBodyText(bytes), self));
    } catch (e) {
      return Promise.reject(e);
    }
  };
  const methods = {
    get body() {
      check(this);
      const body = bodyOf(this);
      return body === null ? null : body.stream;
    },
    get bodyUsed() {
      check(this);
      const body = bodyOf(this);
      return body !== null && body.used;
    },
    arrayBuffer() {
      return consume(this, (bytes) => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
        ? bytes.buffer : bytes.slice().buffer), true);
    },
    blob() {
      return consume(this, (bytes, self) => {
        const type = mime.extract(getFromList(headerListOf(self), "content-type"));
        return blobFromBytes(bytes, type === null ? "" : mime.serialize(type));
      });
    },
    bytes() {
      return consume(this, (bytes) => bytes, true);
    },
    formData() {
      return consume(this, (bytes, self) => {
        const type = mime.extract(getFromList(headerListOf(self), "content-type"));
        if (type !== null && type.essence === "multipart/form-data") {
          const boundary = type.parameters.get("boundary");
          if (boundary === undefined) {
            throw new TypeErrorCtor("Cannot construct MultipartParser: multipart/form-data must provide a boundary");
          }
          return parseMultipart(bytes, boundary);
        }
        if (type !== null && type.essence === "application/x-www-form-urlencoded") return parseUrlencoded(bytes);
        throw new TypeErrorCtor("Body can not be decoded as form data");
      });
    },
    json() {
      return consumeText(this, (text) => JSON.parse(text));
    },
    text() {
      return consumeText(this, (text) => text);
    },
  };
  for (const name of Object.getOwnPropertyNames(methods)) {
    const descriptor = Object.getOwnPropertyDescriptor(methods, name);
    descriptor.enumerable = true;
    Object.defineProperty(cls.prototype, name, descriptor);
  }
}

Object.assign(internals.fetch, { InnerBody, extractBody, mixinBody });
