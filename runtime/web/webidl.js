// Helpers the web API built-ins share: WebIDL argument checks with the
// messages Deno gives, and the inspect hook that prints an object's attributes
// (`TextEncoder { encoding: "utf-8" }`).
const customInspect = Symbol.for("Deno.privateCustomInspect");

function requiredArguments(count, required, prefix) {
  if (count < required) {
    const noun = required === 1 ? "argument" : "arguments";
    throw new TypeError(`${prefix}: ${required} ${noun} required, but only ${count} present`);
  }
}

// Gives `cls` instances an inspect output listing `keys` (getters are read;
// on the prototype itself, as Deno, they show as [Getter]).
function inspectAttributes(cls, keys) {
  Object.defineProperty(cls.prototype, customInspect, {
    value(inspect, options) {
      const evaluate = this instanceof cls;
      return inspect(internals.createFilteredInspectProxy({ object: this, keys, evaluate }), options);
    },
    configurable: true,
  });
}

function toStringTag(cls, tag = cls.name) {
  Object.defineProperty(cls.prototype, Symbol.toStringTag, { value: tag, configurable: true });
}

// WebIDL USVString conversion: ToString, then lone surrogates become U+FFFD
// (the test first, so a well-formed string, the common case, is not copied).
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const regExpTest = Function.prototype.call.bind(RegExp.prototype.test);
const stringReplace = Function.prototype.call.bind(String.prototype.replace);
function toUSVString(value) {
  const s = typeof value === "string" ? value : `${value}`;
  loneSurrogate.lastIndex = 0;
  return regExpTest(loneSurrogate, s) ? stringReplace(s, loneSurrogate, "\uFFFD") : s;
}

// WebIDL DOMString conversion: a Symbol throws V8's own TypeError, as in Deno.
function toDOMString(value) {
  return `${value}`;
}

// WebIDL dictionary conversion: undefined and null are the empty dictionary.
function toDictionary(value, prefix, position) {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" && typeof value !== "function") {
    throw new TypeError(`${prefix}: Argument ${position} can not be converted to a dictionary`);
  }
  return value;
}

// Brand checks that a look-alike object (Object.create(ArrayBuffer.prototype)) cannot pass.
const arrayBufferByteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength").get;
// Looked up on first use: the snapshot is made without SharedArrayBuffer,
// which the running program has.
let sharedArrayBufferByteLength;
function sharedByteLengthGetter() {
  if (sharedArrayBufferByteLength === undefined && typeof SharedArrayBuffer === "function") {
    sharedArrayBufferByteLength = Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, "byteLength").get;
  }
  return sharedArrayBufferByteLength;
}
// Primitives and views answer without the getter: a throw costs a stack trace
// (5 µs; every `new Response("text")` asked twice).
const ArrayBufferIsView = ArrayBuffer.isView;
function isArrayBuffer(value) {
  if (typeof value !== "object" || value === null || ArrayBufferIsView(value)) return false;
  try {
    Reflect.apply(arrayBufferByteLength, value, []);
    return true;
  } catch {
    return false;
  }
}
function isSharedArrayBuffer(value) {
  if (typeof value !== "object" || value === null || ArrayBufferIsView(value)) return false;
  try {
    const getter = sharedByteLengthGetter();
    if (getter === undefined) return false;
    Reflect.apply(getter, value, []);
    return true;
  } catch {
    return false;
  }
}
const typedArrayTag = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get;
// The kind of a real typed array ("Uint8Array", …), undefined for anything else.
function typedArrayKind(value) {
  return Reflect.apply(typedArrayTag, value, []);
}

const typedArrayBuffer = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), "buffer").get;
const dataViewBuffer = Object.getOwnPropertyDescriptor(DataView.prototype, "buffer").get;
// Whether an ArrayBufferView is over a SharedArrayBuffer, which a WebIDL
// BufferSource without [AllowShared] refuses (its own getter, not `.buffer`).
function isSharedView(view) {
  const getter = typedArrayKind(view) !== undefined ? typedArrayBuffer : dataViewBuffer;
  return isSharedArrayBuffer(Reflect.apply(getter, view, []));
}

function defineGlobal(name, value, enumerable = false) {
  Object.defineProperty(globalThis, name, { value, writable: true, enumerable, configurable: true });
}

internals.webidl = { requiredArguments, inspectAttributes, toStringTag, toDOMString, toUSVString, toDictionary, defineGlobal,
  isArrayBuffer, isSharedArrayBuffer, isSharedView, typedArrayKind, customInspect };
