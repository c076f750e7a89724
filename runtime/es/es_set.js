// runtime/es/es_set.js — Set methods (ES2025):
//   Set.prototype.union / intersection / difference / symmetricDifference /
//   isSubsetOf / isSupersetOf / isDisjointFrom
//
// Built-in script: the build wraps this text as
// `(function (core, internals) { "use strict"; <text>\n})` and calls it once
// while making the startup snapshot, before any user code. Everything user
// code could replace later is captured here first ("primordials"), and each
// property is only installed when the engine does not already have it.
//
// Spec references are to ECMA-262 (2025 edition) section numbers.
//
// How the spec's view of O.[[SetData]] maps onto the built-ins:
//   - SetDataSize(O.[[SetData]])         -> the built-in `size` getter.
//   - SetDataHas(O.[[SetData]], v)       -> the built-in Set.prototype.has.
//   - "a copy of O.[[SetData]]"          -> a new %Set% filled from O.
//   - The loops "index < thisSize, thisSize re-read after each call to
//     otherRec.[[Has]]" walk the live list, seeing elements appended during
//     the loop and skipping removed ones: that is exactly what a built-in
//     Set iterator does, so they iterate O with the captured
//     Set.prototype.values and %SetIteratorPrototype%.next.
//   - Setting an entry of resultSetData to ~empty~ -> deleting it from the
//     result Set (which user code cannot see until it is returned).

// ---------------------------------------------------------------------------
// Primordials
// ---------------------------------------------------------------------------
const $Set = Set;
const $String = String;
const $TypeError = TypeError;
const $RangeError = RangeError;
const JSONStringify = JSON.stringify;
const ReflectApply = Reflect.apply;
const ReflectOwnKeys = Reflect.ownKeys;
const ObjectDefineProperty = Object.defineProperty;
const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ObjectGetPrototypeOf = Object.getPrototypeOf;
const ObjectPrototypeHasOwnProperty = Object.prototype.hasOwnProperty;
const MathTrunc = Math.trunc;
const SetPrototype = Set.prototype;
const SetPrototypeAdd = Set.prototype.add;
const SetPrototypeDelete = Set.prototype.delete;
const SetPrototypeHas = Set.prototype.has;
const SetPrototypeValues = Set.prototype.values;
const SetPrototypeGetSize =
  ObjectGetOwnPropertyDescriptor(SetPrototype, "size").get;
const SetIteratorPrototypeNext =
  ObjectGetPrototypeOf(new Set().values()).next;

// Returned by IteratorStepValue when the iterator is done; user code can
// never produce this object.
const DONE = { __proto__: null };

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

// 7.1.5 ToIntegerOrInfinity
function ToIntegerOrInfinity(argument) {
  const number = +argument;
  if (number !== number) return 0;
  const integer = MathTrunc(number);
  return integer === 0 ? 0 : integer;
}

// RequireInternalSlot(O, [[SetData]]) + SetDataSize(O.[[SetData]]): the
// built-in `size` getter throws a TypeError for anything but a Set.
function SetDataSize(O) {
  return ReflectApply(SetPrototypeGetSize, O, []);
}

function SetDataHas(set, value) {
  return ReflectApply(SetPrototypeHas, set, [value]);
}

function SetAppend(set, value) {
  ReflectApply(SetPrototypeAdd, set, [value]);
}

function SetRemove(set, value) {
  ReflectApply(SetPrototypeDelete, set, [value]);
}

// A live iterator over O.[[SetData]] (see the header comment). Returns a
// function giving the next element, or DONE.
function SetDataWalker(O) {
  const iterator = ReflectApply(SetPrototypeValues, O, []);
  return () => {
    const result = ReflectApply(SetIteratorPrototypeNext, iterator, []);
    return result.done ? DONE : result.value;
  };
}

// "a copy of O.[[SetData]]", as a new %Set% (which is also what the result
// object is: OrdinaryObjectCreate(%Set.prototype%, « [[SetData]] »)).
function CopySetData(O) {
  const copy = new $Set();
  const nextElement = SetDataWalker(O);
  for (let e = nextElement(); e !== DONE; e = nextElement()) {
    SetAppend(copy, e);
  }
  return copy;
}

// 24.5.1.2 CanonicalizeKeyedCollectionKey: -0 becomes +0.
function CanonicalizeKeyedCollectionKey(key) {
  return key === 0 ? 0 : key;
}

// 24.2.1.2 GetSetRecord ( obj )
function GetSetRecord(obj) {
  // 1.
  if (!IsObject(obj)) {
    throw new $TypeError(`${Describe(obj)} is not an object`);
  }
  // 2-4. NOTE: if rawSize is undefined, numSize is NaN.
  const rawSize = obj.size;
  const numSize = +rawSize;
  if (numSize !== numSize) {
    throw new $TypeError("The 'size' property must be a number");
  }
  // 5-6.
  const intSize = ToIntegerOrInfinity(numSize);
  if (intSize < 0) {
    throw new $RangeError("The 'size' property must not be negative");
  }
  // 7-8.
  const has = obj.has;
  if (typeof has !== "function") {
    throw new $TypeError("The 'has' property must be a function");
  }
  // 9-10.
  const keys = obj.keys;
  if (typeof keys !== "function") {
    throw new $TypeError("The 'keys' property must be a function");
  }
  // 11.
  return { setObject: obj, size: intSize, has, keys };
}

// 24.2.1.3 (2025: GetIteratorFromMethod(otherRec.[[SetObject]],
// otherRec.[[Keys]]), with the result's `next` checked to be callable as
// the Set methods proposal's GetKeysIterator does).
function GetKeysIterator(setRec) {
  const keysIter = ReflectApply(setRec.keys, setRec.setObject, []);
  if (!IsObject(keysIter)) {
    throw new $TypeError("The result of 'keys' is not an object");
  }
  const nextMethod = keysIter.next;
  if (typeof nextMethod !== "function") {
    throw new $TypeError("The 'next' method of the keys iterator is not a function");
  }
  return { iterator: keysIter, next: nextMethod };
}

// Calls otherRec.[[Has]] and applies ToBoolean.
function CallHas(setRec, value) {
  return !!ReflectApply(setRec.has, setRec.setObject, [value]);
}

// 7.4.8 IteratorStepValue: the next value, or DONE.
function IteratorStepValue(iteratorRecord) {
  const result = ReflectApply(iteratorRecord.next, iteratorRecord.iterator, []);
  if (!IsObject(result)) {
    throw new $TypeError(`Iterator result ${Describe(result)} is not an object`);
  }
  if (result.done) return DONE;
  return result.value;
}

// 7.4.11 IteratorClose ( iteratorRecord, NormalCompletion(unused) )
function IteratorClose(iteratorRecord) {
  const iterator = iteratorRecord.iterator;
  const returnMethod = iterator.return;
  if (returnMethod === undefined || returnMethod === null) return;
  if (typeof returnMethod !== "function") {
    throw new $TypeError(`${Describe(returnMethod)} is not a function`);
  }
  const innerResult = ReflectApply(returnMethod, iterator, []);
  if (!IsObject(innerResult)) {
    throw new $TypeError(`Iterator result ${Describe(innerResult)} is not an object`);
  }
}

// ---------------------------------------------------------------------------
// Set.prototype methods
// ---------------------------------------------------------------------------
const setMethods = {
  // 24.2.4.15 Set.prototype.union ( other )
  union(other) {
    // 1-2.
    const O = this;
    SetDataSize(O);
    // 3.
    const otherRec = GetSetRecord(other);
    // 4.
    const keysIter = GetKeysIterator(otherRec);
    // 5.
    const result = CopySetData(O);
    // 6-7.
    for (;;) {
      let next = IteratorStepValue(keysIter);
      if (next === DONE) break;
      next = CanonicalizeKeyedCollectionKey(next);
      // Appends only if it is not already there.
      SetAppend(result, next);
    }
    // 8-10.
    return result;
  },

  // 24.2.4.9 Set.prototype.intersection ( other )
  intersection(other) {
    // 1-2.
    const O = this;
    SetDataSize(O);
    // 3.
    const otherRec = GetSetRecord(other);
    // 4.
    const result = new $Set();
    if (SetDataSize(O) <= otherRec.size) {
      // 5. Walk O (live) and ask other.has about each element.
      const nextElement = SetDataWalker(O);
      for (let e = nextElement(); e !== DONE; e = nextElement()) {
        if (CallHas(otherRec, e)) {
          // NOTE: has() may remove and re-add an element of O, so it can be
          // visited twice; appending is a no-op the second time.
          SetAppend(result, e);
        }
      }
    } else {
      // 6. Walk other's keys and look each up in O.
      const keysIter = GetKeysIterator(otherRec);
      for (;;) {
        let next = IteratorStepValue(keysIter);
        if (next === DONE) break;
        next = CanonicalizeKeyedCollectionKey(next);
        if (SetDataHas(O, next)) SetAppend(result, next);
      }
    }
    // 7-9.
    return result;
  },

  // 24.2.4.5 Set.prototype.difference ( other )
  difference(other) {
    // 1-2.
    const O = this;
    SetDataSize(O);
    // 3.
    const otherRec = GetSetRecord(other);
    // 4.
    const result = CopySetData(O);
    if (SetDataSize(O) <= otherRec.size) {
      // 5. Walk resultSetData — the copy, fixed at its current elements:
      //    has() may change O but not the copy, and the only change to the
      //    copy is emptying the entry being visited.
      const elements = { __proto__: null, length: 0 };
      const nextElement = SetDataWalker(result);
      for (let e = nextElement(); e !== DONE; e = nextElement()) {
        elements[elements.length++] = e;
      }
      for (let index = 0; index < elements.length; index++) {
        const e = elements[index];
        if (CallHas(otherRec, e)) SetRemove(result, e);
      }
    } else {
      // 6. Walk other's keys and remove each from the copy.
      const keysIter = GetKeysIterator(otherRec);
      for (;;) {
        let next = IteratorStepValue(keysIter);
        if (next === DONE) break;
        next = CanonicalizeKeyedCollectionKey(next);
        SetRemove(result, next);
      }
    }
    // 7-9.
    return result;
  },

  // 24.2.4.14 Set.prototype.symmetricDifference ( other )
  symmetricDifference(other) {
    // 1-2.
    const O = this;
    SetDataSize(O);
    // 3.
    const otherRec = GetSetRecord(other);
    // 4.
    const keysIter = GetKeysIterator(otherRec);
    // 5.
    const result = CopySetData(O);
    // 6-7.
    for (;;) {
      let next = IteratorStepValue(keysIter);
      if (next === DONE) break;
      next = CanonicalizeKeyedCollectionKey(next);
      const alreadyInResult = SetDataHas(result, next);
      if (SetDataHas(O, next)) {
        // In both (O as it is now): not in the result.
        if (alreadyInResult) SetRemove(result, next);
      } else if (!alreadyInResult) {
        // Only in other: appended.
        SetAppend(result, next);
      }
    }
    // 8-10.
    return result;
  },

  // 24.2.4.11 Set.prototype.isSubsetOf ( other )
  isSubsetOf(other) {
    // 1-2.
    const O = this;
    SetDataSize(O);
    // 3.
    const otherRec = GetSetRecord(other);
    // 4.
    if (SetDataSize(O) > otherRec.size) return false;
    // 5-7. Walk O (live).
    const nextElement = SetDataWalker(O);
    for (let e = nextElement(); e !== DONE; e = nextElement()) {
      if (!CallHas(otherRec, e)) return false;
    }
    // 8.
    return true;
  },

  // 24.2.4.12 Set.prototype.isSupersetOf ( other )
  isSupersetOf(other) {
    // 1-2.
    const O = this;
    SetDataSize(O);
    // 3.
    const otherRec = GetSetRecord(other);
    // 4.
    if (SetDataSize(O) < otherRec.size) return false;
    // 5.
    const keysIter = GetKeysIterator(otherRec);
    // 6-7.
    for (;;) {
      const next = IteratorStepValue(keysIter);
      if (next === DONE) return true;
      if (!SetDataHas(O, next)) {
        IteratorClose(keysIter);
        return false;
      }
    }
  },

  // 24.2.4.10 Set.prototype.isDisjointFrom ( other )
  isDisjointFrom(other) {
    // 1-2.
    const O = this;
    SetDataSize(O);
    // 3.
    const otherRec = GetSetRecord(other);
    if (SetDataSize(O) <= otherRec.size) {
      // 4. Walk O (live).
      const nextElement = SetDataWalker(O);
      for (let e = nextElement(); e !== DONE; e = nextElement()) {
        if (CallHas(otherRec, e)) return false;
      }
    } else {
      // 5. Walk other's keys.
      const keysIter = GetKeysIterator(otherRec);
      for (;;) {
        const next = IteratorStepValue(keysIter);
        if (next === DONE) break;
        if (SetDataHas(O, next)) {
          IteratorClose(keysIter);
          return false;
        }
      }
    }
    // 6.
    return true;
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

installMethods(SetPrototype, setMethods);
