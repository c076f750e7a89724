// The Web Crypto API's global `crypto`: getRandomValues, randomUUID and
// subtle.digest (SHA-1/256/384/512). The work is done by OpenSSL (crypto_ops.cc).
const { op_crypto_get_random_values, op_crypto_random_uuid, op_crypto_digest } = core.ops;
const {
  requiredArguments, inspectAttributes, toStringTag, defineGlobal, isArrayBuffer, isSharedView, typedArrayKind,
} = internals.webidl;
const { DOMException } = internals;

const illegal = Symbol("illegal constructor guard");
const digestNames = new Map(["SHA-1", "SHA-256", "SHA-384", "SHA-512"].map((name) => [name.toLowerCase(), name]));
const integerArrays = ["Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array",
  "Uint32Array", "BigInt64Array", "BigUint64Array"];

class SubtleCrypto {
  constructor(key = undefined) {
    if (key !== illegal) throw new TypeError("Illegal constructor");
  }

  // Async by the spec; the hashing itself is quick and done in the call, on a copy-free view.
  async digest(algorithm, data) {
    if (!(this instanceof SubtleCrypto)) throw new TypeError("Illegal invocation");
    const prefix = "Failed to execute 'digest' on 'SubtleCrypto'";
    requiredArguments(arguments.length, 2, prefix);
    const name = normalizeDigestAlgorithm(algorithm, prefix);
    // BufferSource: no SharedArrayBuffer, nor a view on one.
    if (!(ArrayBuffer.isView(data) || isArrayBuffer(data))) {
      throw new TypeError(`${prefix}: Argument 2 is not an ArrayBuffer or a view on one`);
    }
    if (ArrayBuffer.isView(data) && isSharedView(data)) {
      throw new TypeError(`${prefix}: Argument 2 is a view on a SharedArrayBuffer, which is not allowed`);
    }
    return op_crypto_digest(name, data);
  }
}

// WebIDL AlgorithmIdentifier, then WebCrypto "normalize an algorithm" for "digest".
function normalizeDigestAlgorithm(algorithm, prefix) {
  let name;
  if (typeof algorithm === "string") {
    name = algorithm;
  } else if (algorithm !== null && typeof algorithm === "object") {
    if (algorithm.name === undefined) throw new TypeError(`${prefix}: Argument 1 required member 'name' is undefined`);
    name = `${algorithm.name}`;
  } else {
    throw new TypeError(`${prefix}: Argument 1 can not be converted to a AlgorithmIdentifier`);
  }
  const normalized = digestNames.get(name.toLowerCase());
  if (normalized === undefined) throw new DOMException(`Algorithm '${name}' is not supported`, "NotSupportedError");
  return normalized;
}

const subtle = new SubtleCrypto(illegal);

class Crypto {
  constructor(key = undefined) {
    if (key !== illegal) throw new TypeError("Illegal constructor");
  }
  get subtle() {
    if (!(this instanceof Crypto)) throw new TypeError("Illegal invocation");
    return subtle;
  }
  getRandomValues(array) {
    if (!(this instanceof Crypto)) throw new TypeError("Illegal invocation");
    requiredArguments(arguments.length, 1, "Failed to execute 'getRandomValues' on 'Crypto'");
    const kind = typedArrayKind(array);
    if (kind === undefined || !integerArrays.includes(kind)) {
      throw new DOMException("The provided value is not an integer-type TypedArray", "TypeMismatchError");
    }
    if (array.byteLength > 65536) {
      throw new DOMException(
        `The ArrayBufferView's byte length (${array.byteLength}) exceeds the number of bytes of entropy available via this API (65536)`,
        "QuotaExceededError");
    }
    op_crypto_get_random_values(array);
    return array;
  }
  randomUUID() {
    if (!(this instanceof Crypto)) throw new TypeError("Illegal invocation");
    return op_crypto_random_uuid();
  }
}

for (const cls of [Crypto, SubtleCrypto]) {
  for (const name of Object.getOwnPropertyNames(cls.prototype)) {
    if (name !== "constructor") Object.defineProperty(cls.prototype, name, { enumerable: true });
  }
  toStringTag(cls);
}
inspectAttributes(Crypto, ["subtle"]);
inspectAttributes(SubtleCrypto, []);

defineGlobal("Crypto", Crypto);
defineGlobal("SubtleCrypto", SubtleCrypto);
Object.defineProperty(globalThis, "crypto", { value: new Crypto(illegal), writable: false, enumerable: true, configurable: true });
