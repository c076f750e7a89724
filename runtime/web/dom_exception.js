// DOMException (WebIDL): an Error whose `name` picks a legacy `code`. Other
// built-ins make theirs through internals.domException(message, name).
const legacyCodes = [
  ["IndexSizeError", "INDEX_SIZE_ERR", 1],
  [null, "DOMSTRING_SIZE_ERR", 2],
  ["HierarchyRequestError", "HIERARCHY_REQUEST_ERR", 3],
  ["WrongDocumentError", "WRONG_DOCUMENT_ERR", 4],
  ["InvalidCharacterError", "INVALID_CHARACTER_ERR", 5],
  [null, "NO_DATA_ALLOWED_ERR", 6],
  ["NoModificationAllowedError", "NO_MODIFICATION_ALLOWED_ERR", 7],
  ["NotFoundError", "NOT_FOUND_ERR", 8],
  ["NotSupportedError", "NOT_SUPPORTED_ERR", 9],
  ["InUseAttributeError", "INUSE_ATTRIBUTE_ERR", 10],
  ["InvalidStateError", "INVALID_STATE_ERR", 11],
  ["SyntaxError", "SYNTAX_ERR", 12],
  ["InvalidModificationError", "INVALID_MODIFICATION_ERR", 13],
  ["NamespaceError", "NAMESPACE_ERR", 14],
  ["InvalidAccessError", "INVALID_ACCESS_ERR", 15],
  [null, "VALIDATION_ERR", 16],
  ["TypeMismatchError", "TYPE_MISMATCH_ERR", 17],
  ["SecurityError", "SECURITY_ERR", 18],
  ["NetworkError", "NETWORK_ERR", 19],
  ["AbortError", "ABORT_ERR", 20],
  ["URLMismatchError", "URL_MISMATCH_ERR", 21],
  ["QuotaExceededError", "QUOTA_EXCEEDED_ERR", 22],
  ["TimeoutError", "TIMEOUT_ERR", 23],
  ["InvalidNodeTypeError", "INVALID_NODE_TYPE_ERR", 24],
  ["DataCloneError", "DATA_CLONE_ERR", 25],
];
const codeOfName = new Map();
for (const [name, , code] of legacyCodes) if (name !== null) codeOfName.set(name, code);

const captureStackTrace = Error.captureStackTrace;
const { PlatformObject, serializeSteps, readers, hidePlatformObject } = internals.platformObjects;

// A platform object so structuredClone copies it (HTML's serializable
// DOMException: name, message and stack).
class DOMException extends PlatformObject {
  #message;
  #name;
  #code;

  constructor(message = "", options = "Error") {
    super();
    this.#message = `${message}`;
    if (options !== null && typeof options === "object") {
      const name = options.name;  // a dictionary member: read, undefined means absent
      this.#name = name === undefined ? "Error" : `${name}`;
      if ("cause" in options) {
        Object.defineProperty(this, "cause", { value: options.cause, writable: true, configurable: true, enumerable: false });
      }
    } else {
      this.#name = `${options}`;
    }
    this.#code = codeOfName.get(this.#name) ?? 0;
    captureStackTrace(this, DOMException);
  }

  static #check(self) {
    if (self === null || typeof self !== "object" || !(#code in self)) throw new TypeError("Illegal invocation");
    return self;
  }
  get message() { return DOMException.#check(this).#message; }
  get name() { return DOMException.#check(this).#name; }
  get code() { return DOMException.#check(this).#code; }

  [serializeSteps]() {
    const self = DOMException.#check(this);
    const stack = self.stack;
    return ["DOMException", self.#message, self.#name, typeof stack === "string" ? stack : undefined];
  }

  // Printed as Deno prints it: like an error, its stack.
  [Symbol.for("Deno.privateCustomInspect")](inspect, options) {
    if (!(#code in this)) return inspect(this, options);
    return this.stack ?? `${this.#name}: ${this.#message}`;
  }
}

hidePlatformObject(DOMException, Error.prototype);
readers.set("DOMException", ([, message, name, stack]) => {
  const exception = new DOMException(message, name);
  Object.defineProperty(exception, "stack", { value: stack, writable: true, configurable: true, enumerable: false });
  return exception;
});
for (const key of ["message", "name", "code"]) {
  Object.defineProperty(DOMException.prototype, key, { enumerable: true });
}
Object.defineProperty(DOMException.prototype, Symbol.toStringTag, { value: "DOMException", configurable: true });
for (const [, constant, code] of legacyCodes) {
  const desc = { value: code, enumerable: true };
  Object.defineProperty(DOMException, constant, desc);
  Object.defineProperty(DOMException.prototype, constant, desc);
}

internals.DOMException = DOMException;
internals.domException = (message, name) => new DOMException(message, name);
Object.defineProperty(globalThis, "DOMException", { value: DOMException, writable: true, enumerable: false, configurable: true });

// C++ ops throw DOMExceptions by naming them "DOMException.<name>" (bridge/js_error.h).
for (const name of [...codeOfName.keys(), "OperationError", "NotAllowedError", "EncodingError", "NotReadableError",
  "UnknownError", "ConstraintError", "DataError"]) {
  const make = function (message) {
    const exception = new DOMException(message, name);
    captureStackTrace(exception, make);  // the stack starts at the op's caller
    return exception;
  };
  core.errorClasses[`DOMException.${name}`] = make;
}
