// runtime/es/es_array_from_async.js — Array.fromAsync (ES2026; the
// finished proposal-array-from-async).
//
// Built-in script: the build wraps this text as
// `(function (core, internals) { "use strict"; <text>\n})` and calls it once
// while making the startup snapshot, before any user code. Everything user
// code could replace later is captured here first ("primordials"), and each
// property is only installed when the engine does not already have it.
//
// Spec references are to the proposal's text (section "Array.fromAsync")
// and ECMA-262 (2025 edition) section numbers.
//
// The spec runs fromAsyncClosure with AsyncFunctionStart, so the closure is
// an internal async function here: its `await` is the spec's Await
// (PromiseResolve(%Promise%, v) + PerformPromiseThen, no `then` lookup on
// native promises), and its result is an intrinsic %Promise%. The exported
// Array.fromAsync itself is an ordinary (non-async) function, like every
// built-in.

// ---------------------------------------------------------------------------
// Primordials
// ---------------------------------------------------------------------------
const $Array = Array;
const $Object = Object;
const $Proxy = Proxy;
const $String = String;
const $TypeError = TypeError;
const JSONStringify = JSON.stringify;
const ReflectApply = Reflect.apply;
const ReflectDefineProperty = Reflect.defineProperty;
const ReflectOwnKeys = Reflect.ownKeys;
const ObjectDefineProperty = Object.defineProperty;
const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ObjectPrototypeHasOwnProperty = Object.prototype.hasOwnProperty;
const MathTrunc = Math.trunc;
const MathMin = Math.min;
const SymbolAsyncIterator = Symbol.asyncIterator;
const SymbolIterator = Symbol.iterator;

const MAX_SAFE_INTEGER = 2 ** 53 - 1;

// ---------------------------------------------------------------------------
// Abstract operations
// ---------------------------------------------------------------------------

function IsObject(value) {
  return (typeof value === "object" && value !== null) ||
    typeof value === "function";
}

// For error messages only: never runs user code.
function Describe(value) {
  if (typeof value === "function") return "function";
  if (typeof value === "object" && value !== null) return "object";
  if (typeof value === "string") return JSONStringify(value);
  return $String(value);
}

// 7.2.4 IsConstructor. Constructing a Proxy whose target is `value` is
// possible exactly when `value` has [[Construct]]; the `construct` trap
// answers without running or even looking at `value`.
const isConstructorHandler = {
  __proto__: null,
  construct() {
    return isConstructorHandler;
  },
};
function IsConstructor(value) {
  if (typeof value !== "function") return false;
  try {
    new (new $Proxy(value, isConstructorHandler))();
    return true;
  } catch {
    return false;
  }
}

// 7.1.5 ToIntegerOrInfinity
function ToIntegerOrInfinity(argument) {
  const number = +argument;
  if (number !== number) return 0;
  const integer = MathTrunc(number);
  return integer === 0 ? 0 : integer;
}

// 7.1.20 ToLength / 7.3.18 LengthOfArrayLike
function LengthOfArrayLike(obj) {
  const len = ToIntegerOrInfinity(obj.length);
  if (len <= 0) return 0;
  return MathMin(len, MAX_SAFE_INTEGER);
}

// 7.3.10 GetMethod
function GetMethod(V, P) {
  const func = V[P];
  if (func === undefined || func === null) return undefined;
  if (typeof func !== "function") {
    throw new $TypeError(`${Describe(func)} is not a function`);
  }
  return func;
}

// 7.3.5 CreateDataPropertyOrThrow. The descriptor has a null prototype so
// that ToPropertyDescriptor cannot pick up `get`/`set` from Object.prototype.
function CreateDataPropertyOrThrow(O, P, V) {
  const ok = ReflectDefineProperty(O, P, {
    __proto__: null, value: V, writable: true, enumerable: true,
    configurable: true,
  });
  if (!ok) throw new $TypeError(`Cannot add property ${P}`);
}

// 7.4.2 GetIteratorFromMethod ( obj, method ). An Iterator Record is
// { iterator, next, sync }: `sync` is set (to the sync Iterator Record) for
// the %AsyncFromSyncIteratorPrototype% wrapper made by
// CreateAsyncFromSyncIterator.
function GetIteratorFromMethod(obj, method) {
  const iterator = ReflectApply(method, obj, []);
  if (!IsObject(iterator)) {
    throw new $TypeError("Result of the iterator method is not an object");
  }
  return { iterator, next: iterator.next, sync: undefined };
}

// 27.1.6.1 CreateAsyncFromSyncIterator ( syncIteratorRecord ). The wrapper
// object is never visible to user code, so its methods are called directly.
function CreateAsyncFromSyncIterator(syncIteratorRecord) {
  return { iterator: undefined, next: undefined, sync: syncIteratorRecord };
}

// 27.1.6.2.1 %AsyncFromSyncIteratorPrototype%.next ( [ value ] ) and
// 27.1.6.2.2 %AsyncFromSyncIteratorPrototype%.return ( [ value ] ), both
// called without a value, followed by
// 27.1.6.4 AsyncFromSyncIteratorContinuation ( result, promiseCapability,
// syncIteratorRecord, closeOnRejection ).
// `kind` is "next" or "return". Returns a promise of the iterator result
// { value, done }. (One async function for the whole step: an async
// function that returned another async function's promise would resolve
// its own promise through that promise's `then`, which the spec never
// looks up.)
async function AsyncFromSyncIteratorStep(syncIteratorRecord, kind) {
  let result;
  let closeOnRejection;
  if (kind === "next") {
    // next, 5-6. result = IteratorNext(syncIteratorRecord); an abrupt
    // completion rejects the promise.
    result = ReflectApply(syncIteratorRecord.next, syncIteratorRecord.iterator, []);
    if (!IsObject(result)) {
      throw new $TypeError(`Iterator result ${Describe(result)} is not an object`);
    }
    closeOnRejection = true;
  } else {
    // return, 5-11.
    const syncIterator = syncIteratorRecord.iterator;
    const returnMethod = GetMethod(syncIterator, "return");
    if (returnMethod === undefined) return { value: undefined, done: true };
    result = ReflectApply(returnMethod, syncIterator, []);
    if (!IsObject(result)) {
      throw new $TypeError(`Iterator result ${Describe(result)} is not an object`);
    }
    closeOnRejection = false;
  }
  // Continuation 1-4.
  const done = !!result.done;
  const value = result.value;
  // Continuation 5-13. Await the value (PromiseResolve(%Promise%, value) +
  // then). If that fails — PromiseResolve throws or the promise rejects —
  // and the result was not the last one, close the sync iterator (its
  // errors ignored: the original rejection wins).
  let resolved;
  try {
    resolved = await value;
  } catch (error) {
    if (!done && closeOnRejection) {
      try {
        const iterator = syncIteratorRecord.iterator;
        const returnMethod = GetMethod(iterator, "return");
        if (returnMethod !== undefined) ReflectApply(returnMethod, iterator, []);
      } catch {
        // ignored
      }
    }
    throw error;
  }
  // CreateIterResultObject(resolved, done)
  return { value: resolved, done };
}

// Call(iteratorRecord.[[NextMethod]], iteratorRecord.[[Iterator]])
function IteratorRecordNext(iteratorRecord) {
  if (iteratorRecord.sync !== undefined) {
    return AsyncFromSyncIteratorStep(iteratorRecord.sync, "next");
  }
  return ReflectApply(iteratorRecord.next, iteratorRecord.iterator, []);
}

// 7.4.13 AsyncIteratorClose ( iteratorRecord, completion ) for a throw
// completion: `return` is called and awaited, but whatever it does is
// ignored and the original error is rethrown by the caller.
async function AsyncIteratorCloseForThrow(iteratorRecord) {
  try {
    if (iteratorRecord.sync !== undefined) {
      await AsyncFromSyncIteratorStep(iteratorRecord.sync, "return");
    } else {
      const iterator = iteratorRecord.iterator;
      const returnMethod = GetMethod(iterator, "return");
      if (returnMethod !== undefined) {
        await ReflectApply(returnMethod, iterator, []);
      }
    }
  } catch {
    // ignored: the completion being propagated is a throw completion
  }
}

// fromAsyncClosure (proposal step 3), run by AsyncFunctionStart.
async function FromAsyncClosure(C, asyncItems, mapfn, thisArg) {
  // a-b.
  let mapping;
  if (mapfn === undefined) {
    mapping = false;
  } else {
    if (typeof mapfn !== "function") {
      throw new $TypeError(`${Describe(mapfn)} is not a function`);
    }
    mapping = true;
  }
  // c-d.
  const usingAsyncIterator = GetMethod(asyncItems, SymbolAsyncIterator);
  let usingSyncIterator;
  if (usingAsyncIterator === undefined) {
    usingSyncIterator = GetMethod(asyncItems, SymbolIterator);
  }
  // e-g.
  let iteratorRecord;
  if (usingAsyncIterator !== undefined) {
    iteratorRecord = GetIteratorFromMethod(asyncItems, usingAsyncIterator);
  } else if (usingSyncIterator !== undefined) {
    iteratorRecord = CreateAsyncFromSyncIterator(
      GetIteratorFromMethod(asyncItems, usingSyncIterator));
  }

  if (iteratorRecord !== undefined) {
    // h. An async or sync iterable.
    // i-ii.
    const A = IsConstructor(C) ? new C() : [];
    // iii-iv.
    for (let k = 0; ; k++) {
      // 1.
      if (k >= MAX_SAFE_INTEGER) {
        const error = new $TypeError("Too many elements");
        await AsyncIteratorCloseForThrow(iteratorRecord);
        throw error;
      }
      // 2-5.
      const nextResult = await IteratorRecordNext(iteratorRecord);
      if (!IsObject(nextResult)) {
        throw new $TypeError(`Iterator result ${Describe(nextResult)} is not an object`);
      }
      // 6-7.
      if (nextResult.done) {
        A.length = k; // Set(A, "length", k, true)
        return A;
      }
      // 8.
      const nextValue = nextResult.value;
      // 9-10.
      let mappedValue;
      if (mapping) {
        try {
          mappedValue = ReflectApply(mapfn, thisArg, [nextValue, k]);
          mappedValue = await mappedValue;
        } catch (error) {
          await AsyncIteratorCloseForThrow(iteratorRecord);
          throw error;
        }
      } else {
        mappedValue = nextValue;
      }
      // 11-12.
      try {
        CreateDataPropertyOrThrow(A, k, mappedValue);
      } catch (error) {
        await AsyncIteratorCloseForThrow(iteratorRecord);
        throw error;
      }
    }
  }

  // i. Neither an async nor a sync iterable: an array-like.
  // ii-iii.
  const arrayLike = $Object(asyncItems);
  const len = LengthOfArrayLike(arrayLike);
  // iv-v. ArrayCreate(len) throws a RangeError beyond 2^32 - 1, as
  //       `new Array(len)` does.
  const A = IsConstructor(C) ? new C(len) : new $Array(len);
  // vi-vii.
  for (let k = 0; k < len; k++) {
    const kValue = await arrayLike[k];
    let mappedValue;
    if (mapping) {
      mappedValue = await ReflectApply(mapfn, thisArg, [kValue, k]);
    } else {
      mappedValue = kValue;
    }
    CreateDataPropertyOrThrow(A, k, mappedValue);
  }
  // viii-ix.
  A.length = len; // Set(A, "length", len, true)
  return A;
}

// ---------------------------------------------------------------------------
// Array.fromAsync
// ---------------------------------------------------------------------------
const arrayStatics = {
  // Array.fromAsync ( asyncItems [ , mapfn [ , thisArg ] ] )
  fromAsync(asyncItems) {
    // 1. Let C be the this value.
    // 2-5. promiseCapability = ! NewPromiseCapability(%Promise%);
    //      AsyncFunctionStart(promiseCapability, fromAsyncClosure);
    //      return promiseCapability.[[Promise]].
    return FromAsyncClosure(this, asyncItems, arguments[1], arguments[2]);
  },
};

// ---------------------------------------------------------------------------
// Installation
// ---------------------------------------------------------------------------

// Object.hasOwn is not used: V8 10.2 only adds it (like `at`, `findLast` and
// SharedArrayBuffer) to contexts made from the snapshot, so it does not
// exist while this file runs inside the SnapshotCreator.
function ObjectHasOwn(O, key) {
  return ReflectApply(ObjectPrototypeHasOwnProperty, O, [key]);
}

// Built-in methods are non-enumerable, writable, configurable (clause 18).
function installMethods(target, methods) {
  for (const key of ReflectOwnKeys(methods)) {
    if (ObjectHasOwn(target, key)) continue;
    const desc = ObjectGetOwnPropertyDescriptor(methods, key);
    desc.enumerable = false;
    ObjectDefineProperty(target, key, desc);
  }
}

installMethods(Array, arrayStatics);
