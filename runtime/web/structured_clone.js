// structuredClone(value, { transfer }): the WebIDL conversion of the options
// here, the cloning itself in C++ (structured_clone_ops.cc, V8's serializer),
// platform objects through web/platform_object.js.
const { op_structured_clone } = core.ops;
const { requiredArguments, toDictionary, defineGlobal } = internals.webidl;
const { PlatformObject, serializePlatformObject, adoptPlatformObject } = internals.platformObjects;

// Deno refuses some platform objects (URL, Headers, the streams, …) with a
// DataCloneError when they are the value itself; inside other values they
// copy as `{}`, as any class instance does (Deno checks only the top; the
// HTML standard would refuse them anywhere). Their prototypes are marked at
// the first call (their classes load after this file); the check runs once
// V8 has accepted the value, so it never meets a proxy.
const refusedBrand = Symbol("structuredClone refuses");
let marked = false;

function markRefused() {
  const unsupported = "Cannot clone object of unsupported type.";
  for (const [cls, message] of [
    [internals.URL, unsupported], [internals.URLSearchParams, unsupported], [internals.fetch?.Headers, unsupported],
    [internals.fetch?.Request, unsupported], [internals.fetch?.Response, unsupported],
    [internals.streams?.ReadableStream, unsupported], [internals.streams?.WritableStream, unsupported],
    [internals.streams?.TransformStream, unsupported], [internals.MessagePort, "Unsupported object type"],
  ]) {
    if (typeof cls === "function") Object.defineProperty(cls.prototype, refusedBrand, { value: message });
  }
  marked = true;
}

function checkRefused(value) {
  const message = typeof value === "object" && value !== null ? value[refusedBrand] : undefined;
  if (message !== undefined) throw new internals.DOMException(message, "DataCloneError");
}

function structuredClone(value, options = undefined) {
  const prefix = "Failed to execute 'structuredClone'";
  requiredArguments(arguments.length, 1, prefix);
  options = toDictionary(options, prefix, 2);
  let transfer = [];
  if (options.transfer !== undefined) {
    const context = "'transfer' of 'StructuredSerializeOptions' (Argument 2)";
    const list = options.transfer;
    if (list === null || typeof list !== "object" || typeof list[Symbol.iterator] !== "function") {
      throw new TypeError(`${prefix}: ${context} can not be converted to sequence.`);
    }
    transfer = [...list];
    transfer.forEach((item, i) => {
      if (item === null || (typeof item !== "object" && typeof item !== "function")) {
        throw new TypeError(`${prefix}: ${context}, index ${i} is not an object`);
      }
    });
  }
  if (!marked) markRefused();
  return op_structured_clone(value, transfer, serializePlatformObject, adoptPlatformObject, PlatformObject, checkRefused);
}

defineGlobal("structuredClone", structuredClone, true);
