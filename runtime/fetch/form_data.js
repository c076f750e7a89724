// FormData (XHR Standard §5) and its two encodings: multipart/form-data
// (HTML §4.10.21.8, with Deno's random "----<digits>" boundary) both ways, and
// application/x-www-form-urlencoded parsing (through URLSearchParams).
const { requiredArguments, toStringTag, defineGlobal, customInspect } = internals.webidl;
const { isBlob, isFile, toUSVString, fileFromBlob, fileFromParts } = internals.file;
const { op_encoding_encode } = core.ops;
const TypeErrorCtor = TypeError;
const utf8Decoder = new internals.encoding.TextDecoder();
// The urlencoded parser decodes "without BOM": a leading U+FEFF is content.
const utf8DecoderKeepingBOM = new internals.encoding.TextDecoder("utf-8", { ignoreBOM: true });
const cryptoObject = globalThis.crypto;
const getRandomValues = cryptoObject.getRandomValues;

let entriesOf, isFormData;

// XHR "create an entry".
function createEntry(name, value, filename) {
  name = toUSVString(name);
  if (isBlob(value)) {
    if (!isFile(value)) value = fileFromBlob(value, "blob");
    if (filename !== undefined) value = fileFromBlob(value, toUSVString(filename));
    return [name, value];
  }
  return [name, toUSVString(value)];
}

class FormData {
  #entries = [];

  constructor(form = undefined) {
    if (form !== undefined) throw new TypeErrorCtor("Illegal constructor");
  }

  static {
    entriesOf = (fd) => fd.#entries;
    isFormData = (value) => value !== null && typeof value === "object" && #entries in value;
  }

  static #check(self) {
    if (self === null || typeof self !== "object" || !(#entries in self)) throw new TypeErrorCtor("Illegal invocation");
    return self;
  }

  append(name, value, filename = undefined) {
    FormData.#check(this);
    const prefix = "Failed to execute 'append' on 'FormData'";
    requiredArguments(arguments.length, 2, prefix);
    this.#entries.push(createEntry(name, value, isBlob(value) ? filename : undefined));
  }

  delete(name) {
    FormData.#check(this);
    requiredArguments(arguments.length, 1, "Failed to execute 'delete' on 'FormData'");
    name = toUSVString(name);
    this.#entries = this.#entries.filter((entry) => entry[0] !== name);
  }

  get(name) {
    FormData.#check(this);
    requiredArguments(arguments.length, 1, "Failed to execute 'get' on 'FormData'");
    name = toUSVString(name);
    for (const entry of this.#entries) if (entry[0] === name) return entry[1];
    return null;
  }

  getAll(name) {
    FormData.#check(this);
    requiredArguments(arguments.length, 1, "Failed to execute 'getAll' on 'FormData'");
    name = toUSVString(name);
    const values = [];
    for (const entry of this.#entries) if (entry[0] === name) values.push(entry[1]);
    return values;
  }

  has(name) {
    FormData.#check(this);
    requiredArguments(arguments.length, 1, "Failed to execute 'has' on 'FormData'");
    name = toUSVString(name);
    for (const entry of this.#entries) if (entry[0] === name) return true;
    return false;
  }

  set(name, value, filename = undefined) {
    FormData.#check(this);
    requiredArguments(arguments.length, 2, "Failed to execute 'set' on 'FormData'");
    const entry = createEntry(name, value, isBlob(value) ? filename : undefined);
    const entries = this.#entries;
    const index = entries.findIndex((e) => e[0] === entry[0]);
    if (index === -1) {
      entries.push(entry);
    } else {
      entries[index] = entry;
      this.#entries = entries.filter((e, i) => i <= index || e[0] !== entry[0]);
    }
  }

  forEach(callback, thisArg = undefined) {
    FormData.#check(this);
    if (typeof callback !== "function") {  // Deno's words, as for Headers and URLSearchParams
      throw new TypeErrorCtor(
        `The "callback" argument must be of type function. Received ${callback === null ? "null" : typeof callback}`,
      );
    }
    for (let i = 0; i < this.#entries.length; i++) {
      const entry = this.#entries[i];
      Reflect.apply(callback, thisArg, [entry[1], entry[0], this]);
    }
  }

  keys() { return createIterator(FormData.#check(this), "key"); }
  values() { return createIterator(FormData.#check(this), "value"); }
  entries() { return createIterator(FormData.#check(this), "key+value"); }

  [customInspect](inspect, options) {
    if (!(#entries in this)) return inspect(this, options);
    const cls = class {};
    Object.defineProperty(cls, "name", { value: "FormData" });
    const shown = new cls();
    for (const [name, value] of this.#entries) shown[name] = value;
    return inspect(shown, options);
  }
}

const iteratorState = new WeakMap();
const FormDataIteratorPrototype = Object.create(Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
function createIterator(fd, kind) {
  const iterator = Object.create(FormDataIteratorPrototype);
  iteratorState.set(iterator, { fd, kind, index: 0 });
  return iterator;
}
Object.defineProperty(FormDataIteratorPrototype, "next", {
  value: function next() {
    const state = iteratorState.get(this);
    if (state === undefined) throw new TypeErrorCtor("Illegal invocation");
    const entries = entriesOf(state.fd);
    if (state.index >= entries.length) return { value: undefined, done: true };
    const [name, value] = entries[state.index++];
    if (state.kind === "key") return { value: name, done: false };
    if (state.kind === "value") return { value, done: false };
    return { value: [name, value], done: false };
  },
  writable: true,
  enumerable: true,
  configurable: true,
});
Object.defineProperty(FormDataIteratorPrototype, Symbol.toStringTag, { value: "FormData Iterator", configurable: true });
Object.defineProperty(FormData.prototype, Symbol.iterator, {
  value: FormData.prototype.entries,
  writable: true,
  configurable: true,
});
for (const name of ["append", "delete", "get", "getAll", "has", "set", "forEach", "keys", "values", "entries"]) {
  const descriptor = Object.getOwnPropertyDescriptor(FormData.prototype, name);
  descriptor.enumerable = true;
  Object.defineProperty(FormData.prototype, name, descriptor);
}
toStringTag(FormData);
defineGlobal("FormData", FormData);

// --- multipart/form-data ---

function randomBoundary() {
  const digits = new Uint8Array(28);
  Reflect.apply(getRandomValues, cryptoObject, [digits]);
  let boundary = "----";
  for (let i = 0; i < digits.length; i++) boundary += digits[i] % 10;
  return boundary;
}

const escapeRe = /[\n\r"]/g;
const escapes = { "\n": "%0A", "\r": "%0D", '"': "%22" };
function escapeName(name) {
  return name.replace(escapeRe, (c) => escapes[c]);
}
const newlinesRe = /\r\n|\r(?!\n)|(?<!\r)\n/g;
function normalizeNewlines(s) {
  return s.replace(newlinesRe, "\r\n");
}

// → { parts: Uint8Array[] (file bytes shared, not copied), boundary }.
function serializeMultipart(fd) {
  const boundary = randomBoundary();
  const parts = [];
  let text = "";
  for (const [name, value] of entriesOf(fd)) {
    text += `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(normalizeNewlines(name))}"`;
    if (typeof value === "string") {
      text += `\r\n\r\n${normalizeNewlines(value)}\r\n`;
    } else {
      text += `; filename="${escapeName(value.name)}"\r\nContent-Type: ${value.type || "application/octet-stream"}\r\n\r\n`;
      parts.push(op_encoding_encode(text));
      text = "";
      for (const part of internals.file.blobParts(value)) parts.push(part);
      text += "\r\n";
    }
  }
  text += `--${boundary}--`;
  parts.push(op_encoding_encode(text));
  return { parts, boundary };
}

function indexOf(bytes, needle, from) {
  const first = needle[0], last = bytes.length - needle.length;
  outer: for (let i = bytes.indexOf(first, from); i !== -1 && i <= last; i = bytes.indexOf(first, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

const dispositionParamRe = /;\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
function parseDisposition(value) {
  const params = new Map();
  for (const match of value.matchAll(dispositionParamRe)) {
    let v = match[2].trim();
    if (v.startsWith('"')) v = v.slice(1, -1).replace(/\\(.)/g, "$1");
    params.set(match[1].toLowerCase(), v);
  }
  return params;
}

// Parses a multipart/form-data body (bytes) with `boundary` into a FormData.
function parseMultipart(bytes, boundary) {
  const fd = new FormData();
  const delimiter = op_encoding_encode(`--${boundary}`);
  const crlfcrlf = op_encoding_encode("\r\n\r\n");
  let position = indexOf(bytes, delimiter, 0);
  if (position === -1) throw new TypeErrorCtor("Unable to parse body as form data");
  for (;;) {
    position += delimiter.length;
    if (bytes[position] === 0x2d && bytes[position + 1] === 0x2d) return fd;  // "--": the last delimiter
    if (bytes[position] !== 0x0d || bytes[position + 1] !== 0x0a) throw new TypeErrorCtor("Unable to parse body as form data");
    position += 2;
    const headersEnd = indexOf(bytes, crlfcrlf, position);
    if (headersEnd === -1) throw new TypeErrorCtor("Unable to parse body as form data");
    const headerText = utf8Decoder.decode(bytes.subarray(position, headersEnd));
    const next = indexOf(bytes, delimiter, headersEnd + 4);
    if (next === -1 || next < 2) throw new TypeErrorCtor("Unable to parse body as form data");
    const content = bytes.subarray(headersEnd + 4, next - 2);  // without the CRLF before the delimiter
    let name = null, filename = undefined, contentType = "";
    for (const line of headerText.split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon === -1) continue;
      const headerName = line.slice(0, colon).trim().toLowerCase();
      const headerValue = line.slice(colon + 1).trim();
      if (headerName === "content-disposition") {
        const params = parseDisposition(headerValue);
        name = params.get("name") ?? null;
        filename = params.get("filename");
      } else if (headerName === "content-type") {
        contentType = headerValue;
      }
    }
    if (name === null) throw new TypeErrorCtor("Unable to parse body as form data");
    if (filename !== undefined) {
      entriesOf(fd).push([name, fileFromParts([content.slice()], filename, contentType || "application/octet-stream")]);
    } else {
      entriesOf(fd).push([name, utf8Decoder.decode(content)]);
    }
    position = next;
  }
}

function parseUrlencoded(bytes) {
  const fd = new FormData();
  const params = new internals.URLSearchParams(utf8DecoderKeepingBOM.decode(bytes));
  for (const [name, value] of params) entriesOf(fd).push([name, value]);
  return fd;
}

internals.formData = {
  __proto__: null,
  FormData,
  isFormData,
  serializeMultipart,
  parseMultipart,
  parseUrlencoded,
};
