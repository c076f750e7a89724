// FileReader (File API §6): reads a Blob through its stream, firing
// loadstart, a progress event per chunk, then load (or error) and loadend.
// As in Deno 2.9.6, the events are microtasks, not tasks, so their order
// against timers matches Deno's; abort() fires abort and loadend at once.
const { EventTarget, ProgressEvent, defineEventHandler } = internals.events;
const { inspectAttributes, toStringTag, requiredArguments, defineGlobal } = internals.webidl;
const { isBlob } = internals.file;
const { TextDecoder } = internals.encoding;
const mime = internals.mime;

const EMPTY = 0, LOADING = 1, DONE = 2;

// Bytes as a string of the same code units (readAsBinaryString, and the
// input of base64 for readAsDataURL), in slices that fit an argument list.
function binaryString(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

// readAsText's decoder: the given encoding if it names one, else the Blob
// type's charset if it names one, else UTF-8.
function textDecoderFor(encoding, type) {
  for (const label of [encoding, mime.parse(type)?.parameters.get("charset")]) {
    if (label === undefined) continue;
    try {
      return new TextDecoder(label);
    } catch {}
  }
  return new TextDecoder();
}

class FileReader extends EventTarget {
  #state = EMPTY;
  #result = null;
  #error = null;
  #read = null;  // the read in progress: { aborted }, so a stale one stops

  static #check(self) {
    if (self === null || typeof self !== "object" || !(#state in self)) throw new TypeError("Illegal invocation");
    return self;
  }

  // The spec's "read operation": `packageData(bytes)` makes the result.
  #start(method, args, blob, packageData) {
    requiredArguments(args.length, 1, `Failed to execute '${method}' on 'FileReader'`);
    if (!isBlob(blob)) {
      throw new TypeError(`Failed to execute '${method}' on 'FileReader': parameter 1 is not of type 'Blob'.`);
    }
    if (this.#state === LOADING) throw new internals.DOMException("Invalid FileReader state", "InvalidStateError");
    this.#state = LOADING;
    this.#result = null;
    this.#error = null;
    const read = (this.#read = { aborted: false });
    const fire = (type, init) => {
      if (!read.aborted) this.dispatchEvent(new ProgressEvent(type, init));
    };
    const reader = blob.stream().getReader();
    const chunks = [];
    let loaded = 0;
    (async () => {
      try {
        for (let first = true; ; first = false) {
          const { done, value } = await reader.read();
          if (read.aborted) return;
          if (first) queueMicrotask(() => fire("loadstart", {}));
          if (done) break;
          chunks.push(value);
          loaded += value.byteLength;
          const progress = { loaded };
          queueMicrotask(() => fire("progress", progress));
        }
      } catch (error) {
        queueMicrotask(() => {
          if (read.aborted) return;
          this.#state = DONE;
          this.#error = error;
          fire("error", {});
          if (this.#state !== LOADING) fire("loadend", {});
        });
        return;
      }
      queueMicrotask(() => {
        if (read.aborted) return;
        const bytes = new Uint8Array(loaded);
        let offset = 0;
        for (const chunk of chunks) {
          bytes.set(chunk, offset);
          offset += chunk.byteLength;
        }
        this.#state = DONE;
        this.#result = packageData(bytes);
        const sizes = { lengthComputable: true, loaded, total: loaded };
        fire("load", sizes);
        // A load listener may have started another read: its loadend is its own.
        if (this.#state !== LOADING) fire("loadend", sizes);
      });
    })();
  }

  readAsArrayBuffer(blob) {
    FileReader.#check(this).#start("readAsArrayBuffer", arguments, blob, (bytes) => bytes.buffer);
  }
  readAsBinaryString(blob) {
    FileReader.#check(this).#start("readAsBinaryString", arguments, blob, binaryString);
  }
  readAsDataURL(blob) {
    FileReader.#check(this).#start("readAsDataURL", arguments, blob,
      (bytes) => `data:${blob.type || "application/octet-stream"};base64,${btoa(binaryString(bytes))}`);
  }
  readAsText(blob, encoding = undefined) {
    FileReader.#check(this);
    const label = encoding === undefined ? undefined : String(encoding);
    this.#start("readAsText", arguments, blob, (bytes) => textDecoderFor(label, blob.type).decode(bytes));
  }

  abort() {
    FileReader.#check(this);
    if (this.#state === EMPTY || this.#state === DONE) {
      this.#result = null;
      return;
    }
    this.#state = DONE;
    this.#result = null;
    this.#read.aborted = true;
    this.dispatchEvent(new ProgressEvent("abort", {}));
    if (this.#state !== LOADING) this.dispatchEvent(new ProgressEvent("loadend", {}));
  }

  get readyState() { return FileReader.#check(this).#state; }
  get result() { return FileReader.#check(this).#result; }
  get error() { return FileReader.#check(this).#error; }
}
for (const [name, value] of [["EMPTY", EMPTY], ["LOADING", LOADING], ["DONE", DONE]]) {
  Object.defineProperty(FileReader, name, { value, enumerable: true });
  Object.defineProperty(FileReader.prototype, name, { value, enumerable: true });
}
for (const name of ["readyState", "result", "error"]) {
  Object.defineProperty(FileReader.prototype, name, { enumerable: true });
}
for (const type of ["loadstart", "progress", "load", "abort", "error", "loadend"]) {
  defineEventHandler(FileReader.prototype, type);
}
toStringTag(FileReader);
inspectAttributes(FileReader, ["readyState", "result", "error"]);
defineGlobal("FileReader", FileReader);
