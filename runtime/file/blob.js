// Blob and File (File API §3–4). A Blob's bytes are a list of Uint8Array
// parts taken at construction (strings encoded, buffers copied once); nested
// Blobs and slices share their parts' memory rather than copying it.
const { requiredArguments, toStringTag, defineGlobal, customInspect, isArrayBuffer, isSharedArrayBuffer, isSharedView,
  toUSVString } = internals.webidl;
const { op_encoding_encode } = core.ops;
const S = internals.streams;
const { CreateReadableByteStream, ReadableByteStreamControllerEnqueue, ReadableByteStreamControllerClose } = S;
const TypeErrorCtor = TypeError;
const uncurryThis = (fn) => Function.prototype.call.bind(fn);
const ArrayPrototypePush = uncurryThis(Array.prototype.push);
const TypedArrayPrototypeSubarray = uncurryThis(Uint8Array.prototype.subarray);
const TypedArrayPrototypeSet = uncurryThis(Uint8Array.prototype.set);
const TypedArrayPrototypeSlice = uncurryThis(Uint8Array.prototype.slice);
const ArrayBufferIsView = ArrayBuffer.isView;
const SymbolIterator = Symbol.iterator;
const { decodeBodyText } = internals.encoding;

const printableAsciiRe = /^[\x20-\x7e]*$/;
function normalizeType(type) {
  return printableAsciiRe.test(type) ? type.toLowerCase() : "";
}

function viewBytes(view) {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

const lineEndingsRe = /\r\n?/g;

// BlobPart → Uint8Array parts appended to `parts`.
function processBlobParts(blobParts, endings, parts, prefix) {
  for (let i = 0; i < blobParts.length; i++) {
    const element = blobParts[i];
    // BufferSource: no SharedArrayBuffer, nor a view on one.
    if (isSharedArrayBuffer(element)) throw new TypeErrorCtor(`${prefix}: Argument 1, index ${i} is not an ArrayBuffer`);
    if (isArrayBuffer(element)) {
      ArrayPrototypePush(parts, TypedArrayPrototypeSlice(new Uint8Array(element)));
    } else if (ArrayBufferIsView(element)) {
      if (isSharedView(element)) {
        throw new TypeErrorCtor(`${prefix}: Argument 1, index ${i} is a view on a SharedArrayBuffer, which is not allowed`);
      }
      ArrayPrototypePush(parts, TypedArrayPrototypeSlice(viewBytes(element)));
    } else if (isBlob(element)) {
      const inner = partsOf(element);
      for (let j = 0; j < inner.length; j++) ArrayPrototypePush(parts, inner[j]);
    } else {
      let s = toUSVString(element);
      if (endings === "native") s = s.replace(lineEndingsRe, "\n");
      ArrayPrototypePush(parts, op_encoding_encode(s));
    }
  }
}

function toBlobParts(blobParts, prefix) {
  if (blobParts === null || (typeof blobParts !== "object" && typeof blobParts !== "function") ||
      typeof blobParts[SymbolIterator] !== "function") {
    throw new TypeErrorCtor(`${prefix}: Argument 1 can not be converted to sequence.`);
  }
  return [...blobParts];
}

function toBlobPropertyBag(options, prefix, position) {
  if (options === undefined || options === null) return { type: "", endings: "transparent" };
  if (typeof options !== "object" && typeof options !== "function") {
    throw new TypeErrorCtor(`${prefix}: Argument ${position} can not be converted to a dictionary`);
  }
  const endingsValue = options.endings;
  let endings = "transparent";
  if (endingsValue !== undefined) {
    endings = `${endingsValue}`;
    if (endings !== "transparent" && endings !== "native") {
      throw new TypeErrorCtor(`${prefix}: The provided value '${endings}' is not a valid enum value of type EndingType`);
    }
  }
  const typeValue = options.type;
  return { type: typeValue === undefined ? "" : `${typeValue}`, endings };
}

let partsOf, isBlob, blobFromParts;
const { PlatformObject, serializeSteps, readers, hidePlatformObject } = internals.platformObjects;

// Blob and File are serializable platform objects (structuredClone copies them).
class Blob extends PlatformObject {
  #parts;
  #size;
  #type;

  constructor(blobParts = undefined, options = undefined) {
    super();
    const prefix = "Failed to construct 'Blob'";
    const list = blobParts === undefined ? [] : toBlobParts(blobParts, prefix);
    const bag = toBlobPropertyBag(options, prefix, 2);
    const parts = [];
    processBlobParts(list, bag.endings, parts, prefix);
    this.#init(parts, normalizeType(bag.type));
  }

  #init(parts, type) {
    let size = 0;
    for (let i = 0; i < parts.length; i++) size += parts[i].byteLength;
    this.#parts = parts;
    this.#size = size;
    this.#type = type;
  }

  static {
    partsOf = (blob) => blob.#parts;
    isBlob = (value) => value !== null && typeof value === "object" && #parts in value;
    blobFromParts = (blob, parts, type) => blob.#init(parts, type);
  }

  static #check(self) {
    if (!isBlob(self)) throw new TypeErrorCtor("Illegal invocation");
    return self;
  }

  [serializeSteps]() {
    Blob.#check(this);
    const bytes = concatParts(this.#parts);
    return isFile(this) ? ["File", bytes, this.#type, this.name, this.lastModified] : ["Blob", bytes, this.#type];
  }

  get size() { return Blob.#check(this).#size; }
  get type() { return Blob.#check(this).#type; }

  slice(start = undefined, end = undefined, contentType = undefined) {
    const size = Blob.#check(this).#size;
    let relativeStart = start === undefined ? 0 : clampIndex(start, size);
    let relativeEnd = end === undefined ? size : clampIndex(end, size);
    const type = contentType === undefined ? "" : normalizeType(`${contentType}`);
    const span = Math.max(relativeEnd - relativeStart, 0);
    // Views on the same memory: a slice copies nothing.
    const parts = [];
    let offset = 0;
    const wanted = relativeStart + span;
    for (const part of this.#parts) {
      const partEnd = offset + part.byteLength;
      if (partEnd > relativeStart && offset < wanted) {
        const from = Math.max(relativeStart - offset, 0);
        const to = Math.min(wanted - offset, part.byteLength);
        ArrayPrototypePush(parts, from === 0 && to === part.byteLength ? part : TypedArrayPrototypeSubarray(part, from, to));
      }
      offset = partEnd;
      if (offset >= wanted) break;
    }
    const blob = new Blob();
    blob.#init(parts, type);
    return blob;
  }

  stream() {
    Blob.#check(this);
    return blobStream(this.#parts);
  }

  text() {
    try {
      Blob.#check(this);
      return Promise.resolve(decodeBodyText(concatParts(this.#parts)));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  arrayBuffer() {
    try {
      Blob.#check(this);
      return Promise.resolve(concatParts(this.#parts, true).buffer);
    } catch (e) {
      return Promise.reject(e);
    }
  }

  bytes() {
    try {
      Blob.#check(this);
      return Promise.resolve(concatParts(this.#parts, true));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  [customInspect](inspect, options) {
    if (!isBlob(this)) return inspect(this, options);
    return inspect(internals.createFilteredInspectProxy({
      object: this, keys: isFile(this) ? ["name", "size", "type"] : ["size", "type"], evaluate: true,
    }), options);
  }
}

// WebIDL [Clamp] long long then the File API's relative index.
function clampIndex(value, size) {
  let n = +value;  // WebIDL long long: ToNumber, so a BigInt is a TypeError
  if (Number.isNaN(n)) n = 0;
  n = Math.trunc(n);
  if (n < 0) return Math.max(size + n, 0);
  return Math.min(n, size);
}

// The bytes of `parts` in one Uint8Array; `fresh` asks for memory the caller may own.
function concatParts(parts, fresh = false) {
  if (parts.length === 1 && !fresh) return parts[0];
  let size = 0;
  for (let i = 0; i < parts.length; i++) size += parts[i].byteLength;
  const out = new Uint8Array(size);
  let offset = 0;
  for (let i = 0; i < parts.length; i++) {
    TypedArrayPrototypeSet(out, parts[i], offset);
    offset += parts[i].byteLength;
  }
  return out;
}

// A byte stream of the parts, one chunk per pull, each a copy (enqueue
// transfers the chunk's buffer, and the Blob's memory must stay).
const blobChunkSize = 65536;
function blobStream(parts) {
  let index = 0, offset = 0;
  const pull = (controller) => {
    while (index < parts.length && offset >= parts[index].byteLength) {
      index++;
      offset = 0;
    }
    if (index >= parts.length) {
      ReadableByteStreamControllerClose(controller);
      const request = S.ReadableByteStreamControllerGetBYOBRequest(controller);
      if (request !== null) S.ReadableByteStreamControllerRespond(controller, 0);
      return S.resolvedUndefined();
    }
    const part = parts[index];
    const end = Math.min(offset + blobChunkSize, part.byteLength);
    const chunk = TypedArrayPrototypeSlice(part, offset, end);
    offset = end;
    ReadableByteStreamControllerEnqueue(controller, chunk);
    return S.resolvedUndefined();
  };
  return CreateReadableByteStream(() => undefined, pull, () => S.resolvedUndefined(), 0);
}

let isFile;

class File extends Blob {
  #name;
  #lastModified;

  constructor(fileBits, fileName, options = undefined) {
    const prefix = "Failed to construct 'File'";
    requiredArguments(arguments.length, 2, prefix);
    const list = toBlobParts(fileBits, prefix);
    const bag = toBlobPropertyBag(options, prefix, 3);
    super([]);
    const parts = [];
    processBlobParts(list, bag.endings, parts, prefix);
    blobFromParts(this, parts, normalizeType(bag.type));
    this.#name = toUSVString(fileName);
    const lastModified = options?.lastModified;
    this.#lastModified = lastModified === undefined ? Date.now() : toLongLong(lastModified);
  }

  static {
    isFile = (value) => value !== null && typeof value === "object" && #name in value;
  }

  get name() {
    if (!isFile(this)) throw new TypeErrorCtor("Illegal invocation");
    return this.#name;
  }

  get lastModified() {
    if (!isFile(this)) throw new TypeErrorCtor("Illegal invocation");
    return this.#lastModified;
  }
}

function toLongLong(value) {
  const n = +value;  // ToNumber: a BigInt is a TypeError
  if (!Number.isFinite(n)) return 0;
  return Math.trunc(n) + 0;
}

// A File holding `parts` (Uint8Arrays, taken as they are), for FormData and multipart parsing.
function fileFromParts(parts, name, type, lastModified = Date.now()) {
  const file = new File([], name, { type, lastModified });
  blobFromParts(file, parts, normalizeType(type));
  return file;
}
function blobFromBytes(bytes, type) {
  const blob = new Blob();
  blobFromParts(blob, bytes.byteLength === 0 ? [] : [bytes], normalizeType(type));
  return blob;
}

hidePlatformObject(Blob);
readers.set("Blob", ([, bytes, type]) => blobFromBytes(bytes, type));
readers.set("File", ([, bytes, type, name, lastModified]) =>
  fileFromParts(bytes.byteLength === 0 ? [] : [bytes], name, type, lastModified));

for (const cls of [Blob, File]) {
  for (const name of Object.getOwnPropertyNames(cls.prototype)) {
    if (name === "constructor") continue;
    const descriptor = Object.getOwnPropertyDescriptor(cls.prototype, name);
    descriptor.enumerable = true;
    Object.defineProperty(cls.prototype, name, descriptor);
  }
  toStringTag(cls);
  defineGlobal(cls.name, cls);
}

internals.file = {
  __proto__: null,
  Blob, File, isBlob, isFile, toUSVString,
  // The Blob's bytes: the part itself when there is one (do not mutate), else a new copy.
  blobBytes: (blob) => concatParts(partsOf(blob)),
  blobParts: (blob) => partsOf(blob),
  blobFromBytes,
  fileFromParts,
  fileFromBlob(blob, name) {
    return fileFromParts(partsOf(blob), name, blob.type, isFile(blob) ? blob.lastModified : Date.now());
  },
};
