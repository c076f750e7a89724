// Shared pieces of the WHATWG Streams Standard (https://streams.spec.whatwg.org/):
// captured built-ins, promise helpers, queue-with-sizes, strategy extraction and
// the WebIDL conversions the stream classes need, with Deno's error messages.
//
// The stream files (writable_stream.js, readable_stream.js, transform_stream.js,
// …) share their abstract operations through `internals.streams`, loaded in
// that order, so each file takes what it needs from the ones before it.

const S = internals.streams = { __proto__: null };

// ---------------------------------------------------------------------------
// Captured built-ins (user code may replace the originals later).

const uncurryThis = Function.prototype.bind.bind(Function.prototype.call);
S.uncurryThis = uncurryThis;
S.Promise = Promise;
S.PromisePrototypeThen = uncurryThis(Promise.prototype.then);
S.PromiseResolve = Promise.resolve.bind(Promise);
// WebIDL's "a promise resolved with x": unlike Promise.resolve, a promise x
// is not passed through but followed (two more microtask turns). The start
// algorithms' ordering against other reactions depends on it.
const NativePromise = Promise;
// Only an object or function can be a thenable; anything else is fulfilled at
// once, as Promise.resolve does, without an executor and resolving functions.
S.promiseResolvedWith = (x) => (typeof x === "object" && x !== null) || typeof x === "function"
  ? new NativePromise((resolve) => resolve(x)) : S.PromiseResolve(x);
S.PromiseReject = Promise.reject.bind(Promise);
S.ReflectApply = Reflect.apply;
S.ObjectCreate = Object.create;
S.ObjectDefineProperty = Object.defineProperty;
S.ObjectDefineProperties = Object.defineProperties;
S.ObjectPrototypeIsPrototypeOf = uncurryThis(Object.prototype.isPrototypeOf);
S.ObjectGetPrototypeOf = Object.getPrototypeOf;
S.ObjectSetPrototypeOf = Object.setPrototypeOf;
S.SymbolAsyncIterator = Symbol.asyncIterator;
S.SymbolIterator = Symbol.iterator;
S.SymbolFor = Symbol.for;
S.SymbolToStringTag = Symbol.toStringTag;
S.NumberIsNaN = Number.isNaN;
S.NumberIsInteger = Number.isInteger;
S.MathMin = Math.min;
S.MathMax = Math.max;
S.MathTrunc = Math.trunc;
S.TypeError = TypeError;
S.RangeError = RangeError;
S.ArrayBuffer = ArrayBuffer;
S.Uint8Array = Uint8Array;
S.DataView = DataView;
S.ArrayBufferIsView = ArrayBuffer.isView;
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const TypedArrayPrototypeGetSymbolToStringTag =
  uncurryThis(Object.getOwnPropertyDescriptor(TypedArrayPrototype, Symbol.toStringTag).get);
S.TypedArrayPrototypeGetSymbolToStringTag = TypedArrayPrototypeGetSymbolToStringTag;
S.TypedArrayPrototypeGetBuffer = uncurryThis(Object.getOwnPropertyDescriptor(TypedArrayPrototype, "buffer").get);
S.TypedArrayPrototypeGetByteOffset = uncurryThis(Object.getOwnPropertyDescriptor(TypedArrayPrototype, "byteOffset").get);
S.TypedArrayPrototypeGetByteLength = uncurryThis(Object.getOwnPropertyDescriptor(TypedArrayPrototype, "byteLength").get);
S.TypedArrayPrototypeGetLength = uncurryThis(Object.getOwnPropertyDescriptor(TypedArrayPrototype, "length").get);
S.TypedArrayPrototypeSet = uncurryThis(TypedArrayPrototype.set);
S.TypedArrayPrototypeSlice = uncurryThis(TypedArrayPrototype.slice);
S.DataViewPrototypeGetBuffer = uncurryThis(Object.getOwnPropertyDescriptor(DataView.prototype, "buffer").get);
S.DataViewPrototypeGetByteOffset = uncurryThis(Object.getOwnPropertyDescriptor(DataView.prototype, "byteOffset").get);
S.DataViewPrototypeGetByteLength = uncurryThis(Object.getOwnPropertyDescriptor(DataView.prototype, "byteLength").get);
S.ArrayBufferPrototypeGetByteLength = uncurryThis(Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength").get);
S.ArrayBufferPrototypeSlice = uncurryThis(ArrayBuffer.prototype.slice);
// Moves the memory to a new ArrayBuffer (transfer_ops.cc), never copies.
S.ArrayBufferPrototypeTransfer = core.ops.op_transfer_array_buffer;
// From runtime/es/es_arraybuffer.js on V8 10.2.
S.ArrayBufferPrototypeGetDetached = uncurryThis(Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "detached").get);
S.customInspect = Symbol.for("Deno.privateCustomInspect");
// WebIDL's ArrayBufferView without [AllowShared]: no views on shared memory.
// (ArrayBuffer's byteLength getter rejects a SharedArrayBuffer; the snapshot
// is made without SharedArrayBuffer, so it cannot be captured.)
S.isSharedView = (view) => {
  try {
    S.ArrayBufferPrototypeGetByteLength(S.ArrayBufferIsView(view) ? viewBufferOf(view) : view);
    return false;
  } catch {
    return true;
  }
};
function viewBufferOf(view) {
  return S.TypedArrayPrototypeGetSymbolToStringTag(view) !== undefined
    ? S.TypedArrayPrototypeGetBuffer(view) : S.DataViewPrototypeGetBuffer(view);
}
// A namespace object such as this one gets its ~200 members one by one, so
// V8 keeps it in dictionary mode, and optimized code cannot inline a load from
// it: each `S.name` in a hot path becomes a call to the generic LoadIC and a
// hash lookup. V8 turns a dictionary-mode object back into fast mode when an
// inline cache first looks through it as a prototype, and a prototype stays in
// fast mode as members are added later; so, once a namespace is filled, it is
// made some object's prototype and one lookup goes through it.
S.fastLookups = (namespace) => {
  function Holder() {}
  Holder.prototype = namespace;
  const holder = new Holder();
  return holder.fastLookupsProbe;   // undefined: the lookup is what matters
};
// From timers.js, captured so a program replacing the global cannot break tee.
S.queueMicrotask = queueMicrotask;

const { PromisePrototypeThen, TypeError: $TypeError, RangeError: $RangeError, NumberIsNaN } = S;

// ---------------------------------------------------------------------------
// Promises, as the spec words them.

// A promise with its resolving functions and its state (0 pending, 1
// fulfilled, 2 rejected), for the slots that hold one. One shared executor
// hands the resolving functions over, so no closure is made per promise.
let executorResolve;
let executorReject;
function executor(resolve, reject) {
  executorResolve = resolve;
  executorReject = reject;
}
class Deferred {
  constructor() {
    this.promise = new S.Promise(executor);
    this.state = 0;
    this.resolveFn = executorResolve;
    this.rejectFn = executorReject;
  }
  resolve(value) {
    if (this.state !== 0) return;
    this.state = 1;
    this.resolveFn(value);
  }
  reject(reason) {
    if (this.state !== 0) return;
    this.state = 2;
    this.rejectFn(reason);
  }
  // Rejects with [[PromiseIsHandled]] set first, so the rejection is never
  // reported as unhandled.
  rejectHandled(reason) {
    if (this.state !== 0) return;
    S.markHandled(this.promise);
    this.reject(reason);
  }
}
S.Deferred = Deferred;

const noop = () => {};
S.noop = noop;
// "Set promise.[[PromiseIsHandled]] to true", by a native op: no reaction and
// no promise are made for it.
S.markHandled = core.ops.op_promise_mark_handled;
// "Upon fulfillment/rejection", without creating a promise the caller keeps.
// A reaction that throws (a broken invariant) surfaces as an unhandled rejection.
S.uponPromise = (promise, onFulfilled, onRejected) => {
  PromisePrototypeThen(promise, onFulfilled, onRejected);
};
// One fulfilled promise serves every internal "promise resolved with
// undefined": these never reach a program, so sharing one is not observable.
const resolvedUndefinedPromise = Promise.resolve(undefined);
S.resolvedUndefined = () => resolvedUndefinedPromise;
// The promise resolved with a start algorithm's result, which only internal
// reactions see: undefined (no start, or one that returns nothing) shares one.
S.startPromiseOf = (startResult) => startResult === undefined ? resolvedUndefinedPromise : S.promiseResolvedWith(startResult);
// The start algorithm of a source or sink without start (one function for all).
S.returnUndefined = () => undefined;
const resolveInternal = (value) => value === undefined ? resolvedUndefinedPromise : S.PromiseResolve(value);

// Calls an underlying source/sink/transformer method with exactly the spec's
// arguments and turns its outcome into a promise ("invoke a callback
// function", then "a promise resolved with" its result).
const FunctionPrototypeCall = uncurryThis(Function.prototype.call);
S.promiseCall0 = (fn, thisArg) => {
  try {
    return resolveInternal(FunctionPrototypeCall(fn, thisArg));
  } catch (e) {
    return S.PromiseReject(e);
  }
};
S.promiseCall1 = (fn, thisArg, a) => {
  try {
    return resolveInternal(FunctionPrototypeCall(fn, thisArg, a));
  } catch (e) {
    return S.PromiseReject(e);
  }
};
S.promiseCall2 = (fn, thisArg, a, b) => {
  try {
    return resolveInternal(FunctionPrototypeCall(fn, thisArg, a, b));
  } catch (e) {
    return S.PromiseReject(e);
  }
};

// ---------------------------------------------------------------------------
// Queue-with-sizes (spec §8.1). Queues are arrays with a head index:
// dequeuing is O(1) and the arrays are compacted once half is consumed. A
// value's size sits in a parallel array, so enqueuing allocates no pair.

function tail(array, from) {
  const out = [];
  for (let i = from; i < array.length; i++) out[i - from] = array[i];
  return out;
}

class Queue {
  items = [];
  head = 0;
  get length() { return this.items.length - this.head; }
  // Index stores and loops, not Array.prototype methods a program can replace.
  push(item) { this.items[this.items.length] = item; }
  shift() {
    const item = this.items[this.head];
    this.items[this.head++] = undefined;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = tail(this.items, this.head);
      this.head = 0;
    }
    return item;
  }
  peek() { return this.items[this.head]; }
}
S.Queue = Queue;

class SizedQueue {
  values = [];
  sizes = null;   // null while every size is 1 (a strategy without size): no second array to fill
  head = 0;
  get length() { return this.values.length - this.head; }
  push(value, size) {
    const at = this.values.length;
    this.values[at] = value;
    if (this.sizes === null) {
      if (size === 1) return;
      this.sizes = [];
      for (let i = 0; i < at; i++) this.sizes[i] = 1;
    }
    this.sizes[at] = size;
  }
  // Removes the head value; returns its size (the value is read with peek first).
  shiftSize() {
    const head = this.head;
    const size = this.sizes === null ? 1 : this.sizes[head];
    this.values[head] = undefined;
    this.head = head + 1;
    if (this.head > 1024 && this.head * 2 > this.values.length) {
      this.values = tail(this.values, this.head);
      if (this.sizes !== null) this.sizes = tail(this.sizes, this.head);
      this.head = 0;
    }
    return size;
  }
  peek() { return this.values[this.head]; }
}

const _queue = Symbol("[[queue]]");
const _queueTotalSize = Symbol("[[queueTotalSize]]");
S._queue = _queue;
S._queueTotalSize = _queueTotalSize;

S.DequeueValue = (container) => {
  const queue = container[_queue];
  const value = queue.peek();
  container[_queueTotalSize] -= queue.shiftSize();
  if (container[_queueTotalSize] < 0) container[_queueTotalSize] = 0;
  return value;
};
S.EnqueueValueWithSize = (container, value, size) => {
  if (!IsNonNegativeNumber(size)) {
    throw new $RangeError("Cannot enqueue value with size: chunk size must be a positive number");
  }
  if (size === Infinity) throw new $RangeError("Cannot enqueue value with size: chunk size is invalid");
  container[_queue].push(value, size);
  container[_queueTotalSize] += size;
};
S.PeekQueueValue = (container) => container[_queue].peek();
// Default controllers keep a SizedQueue, byte controllers a Queue of chunks.
S.ResetQueue = (container) => {
  container[_queue] = new SizedQueue();
  container[_queueTotalSize] = 0;
};
S.ResetByteQueue = (container) => {
  container[_queue] = new Queue();
  container[_queueTotalSize] = 0;
};

function IsNonNegativeNumber(v) {
  return typeof v === "number" && !NumberIsNaN(v) && v >= 0;
}
S.IsNonNegativeNumber = IsNonNegativeNumber;

// ---------------------------------------------------------------------------
// Queuing strategies (§7.4).

S.ExtractHighWaterMark = (strategy, defaultHWM) => {
  if (strategy.highWaterMark === undefined) return defaultHWM;
  const hwm = strategy.highWaterMark;
  if (NumberIsNaN(hwm) || hwm < 0) {
    throw new $RangeError(`Expected highWaterMark to be a positive number or Infinity, got "${hwm}".`);
  }
  return hwm;
};
const sizeOne = () => 1;
S.sizeOne = sizeOne;   // the size algorithm of a strategy without size (an enqueue skips calling it)
S.ExtractSizeAlgorithm = (strategy) => {
  const size = strategy.size;
  if (size === undefined) return sizeOne;
  // A QueuingStrategySize returns an unrestricted double: its result goes through ToNumber.
  return (chunk) => +size(chunk);
};

// ---------------------------------------------------------------------------
// WebIDL conversions with Deno's messages: "<prefix>: <context> <problem>".

function idlError(ErrorClass, problem, prefix, context) {
  return new ErrorClass(`${prefix ? prefix + ": " : ""}${context ? context : "Value"} ${problem}`);
}
S.idlError = idlError;

S.requiredArguments = (length, required, prefix) => {
  if (length < required) {
    const errMsg = `${prefix ? prefix + ": " : ""}${required} argument${required === 1 ? "" : "s"} required, but only ${length} present`;
    throw new $TypeError(errMsg);
  }
};

S.isObject = (v) => (typeof v === "object" && v !== null) || typeof v === "function";

S.toObjectArg = (v, prefix, context) => {
  if (!S.isObject(v)) throw idlError($TypeError, "is not an object", prefix, context);
  return v;
};

S.toCallback = (v, prefix, context) => {
  if (typeof v !== "function") throw idlError($TypeError, "is not a function", prefix, context);
  return v;
};

// A dictionary member that must be a callback; the error's context
// ("'start' of 'UnderlyingSource' (underlyingSource)") is only built for an error.
S.toMemberCallback = (v, prefix, key, dict, context) => {
  if (typeof v !== "function") throw idlError($TypeError, "is not a function", prefix, S.memberContext(key, dict, context));
  return v;
};

S.toUnrestrictedDouble = (v, prefix, context) => {
  if (typeof v === "bigint") throw idlError($TypeError, "is a BigInt and cannot be converted to a number.", prefix, context);
  return +v;
};

S.toBoolean = (v) => !!v;

S.toDOMString = (v, prefix, context) => {
  if (typeof v === "symbol") throw idlError($TypeError, "is a symbol, which cannot be converted to a string.", prefix, context);
  return `${v}`;
};

// [EnforceRange] unsigned long long.
S.toEnforcedUnsignedLongLong = (v, prefix, context) => {
  if (typeof v === "bigint") throw idlError($TypeError, "is a BigInt and cannot be converted to a number.", prefix, context);
  let x = +v;
  if (NumberIsNaN(x) || x === Infinity || x === -Infinity) {
    throw idlError($TypeError, "is not a finite number.", prefix, context);
  }
  x = S.MathTrunc(x);
  if (x === 0) x = 0;
  if (x < 0 || x > Number.MAX_SAFE_INTEGER) {
    throw idlError($TypeError, `is outside the accepted range of 0 to ${Number.MAX_SAFE_INTEGER}, inclusive`, prefix, context);
  }
  return x;
};

S.toEnum = (v, values, typeName, prefix) => {
  const s = S.toDOMString(v, prefix);
  for (let i = 0; i < values.length; i++) if (values[i] === s) return s;
  throw new $TypeError(`${prefix ? prefix + ": " : ""}The provided value '${s}' is not a valid enum value of type ${typeName}`);
};

// A dictionary argument: undefined/null give an empty one; other non-objects are errors.
S.toDictionary = (v, prefix, context) => {
  if (v === undefined || v === null) return undefined;
  if (!S.isObject(v)) throw idlError($TypeError, "can not be converted to a dictionary", prefix, context);
  return v;
};

S.memberContext = (key, dict, context) => `'${key}' of '${dict}'${context ? ` (${context})` : ""}`;

// QueuingStrategy: { highWaterMark: unrestricted double, size: callback }.
const noStrategy = Object.freeze({ highWaterMark: undefined, size: undefined });
S.noStrategy = noStrategy;
S.toQueuingStrategy = (v, prefix, context) => {
  const d = S.toDictionary(v, prefix, context);
  if (d === undefined) return noStrategy;   // only read: one object serves every stream
  const out = { highWaterMark: undefined, size: undefined };
  const hwm = d.highWaterMark;
  if (hwm !== undefined) out.highWaterMark = S.toUnrestrictedDouble(hwm, prefix, S.memberContext("highWaterMark", "QueuingStrategy", context));
  const size = d.size;
  if (size !== undefined) out.size = S.toCallback(size, prefix, S.memberContext("size", "QueuingStrategy", context));
  return out;
};

S.illegalInvocation = () => new $TypeError("Illegal invocation");

// An inspect hook showing the getters `keys` of a branded object, as Deno does.
S.defineInspect = (proto, keys, isBranded) => {
  S.ObjectDefineProperty(proto, S.customInspect, {
    __proto__: null,
    value(inspect, options) {
      return inspect(internals.createFilteredInspectProxy({
        object: this,
        evaluate: isBranded(this),
        keys,
      }), options);
    },
    writable: true,
    configurable: true,
  });
};

// Class members as WebIDL makes them: enumerable methods/getters, a toStringTag.
S.webidlClass = (cls, name) => {
  const proto = cls.prototype;
  for (const key of Reflect.ownKeys(proto)) {
    if (key === "constructor" || key === S.customInspect) continue;
    const desc = Object.getOwnPropertyDescriptor(proto, key);
    if (typeof key === "string") desc.enumerable = true;
    Object.defineProperty(proto, key, desc);
  }
  for (const key of Reflect.ownKeys(cls)) {
    if (key === "prototype" || key === "length" || key === "name") continue;
    const desc = Object.getOwnPropertyDescriptor(cls, key);
    if (typeof key === "string") desc.enumerable = true;
    Object.defineProperty(cls, key, desc);
  }
  Object.defineProperty(proto, Symbol.toStringTag, { __proto__: null, value: name, configurable: true });
};
