// runtime/es/es_group.js — Object.groupBy and Map.groupBy (ES2024).
//
// Built-in script: the build wraps this text as
// `(function (core, internals) { "use strict"; <text>\n})` and calls it once
// while making the startup snapshot, before any user code. Everything user
// code could replace later is captured here first ("primordials"), and each
// property is only installed when the engine does not already have it.
//
// Spec references are to ECMA-262 (2025 edition) section numbers.

// ---------------------------------------------------------------------------
// Primordials
// ---------------------------------------------------------------------------
const $Map = Map;
const $String = String;
const $TypeError = TypeError;
const ReflectApply = Reflect.apply;
const ReflectOwnKeys = Reflect.ownKeys;
const ReflectSetPrototypeOf = Reflect.setPrototypeOf;
const ArrayPrototype = Array.prototype;
const ObjectDefineProperty = Object.defineProperty;
const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ObjectPrototypeHasOwnProperty = Object.prototype.hasOwnProperty;
const MapPrototypeGet = Map.prototype.get;
const MapPrototypeSet = Map.prototype.set;
const MapPrototypeForEach = Map.prototype.forEach;
const SymbolIterator = Symbol.iterator;
const JSON_stringify = JSON.stringify;

const MAX_SAFE_INTEGER = 2 ** 53 - 1;

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

// For error messages only: never runs user code (no toString/valueOf calls).
function Describe(value) {
  if (typeof value === "function") return "function";
  if (typeof value === "object" && value !== null) return "object";
  if (typeof value === "string") return JSON_stringify(value);
  return $String(value);
}

// 7.1.19 ToPropertyKey. Strings, symbols and numbers are converted directly;
// anything else goes through a computed property name, which performs
// exactly ToPrimitive(argument, string) followed by ToString.
function ToPropertyKey(argument) {
  const type = typeof argument;
  if (type === "string" || type === "symbol") return argument;
  if (type === "number") return `${argument}`;
  const holder = { __proto__: null, [argument]: undefined };
  return ReflectOwnKeys(holder)[0];
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

// 7.4.3 GetIterator ( obj, sync )
function GetIterator(obj) {
  const method = GetMethod(obj, SymbolIterator);
  if (method === undefined) throw new $TypeError("object is not iterable");
  const iterator = ReflectApply(method, obj, []);
  if (!IsObject(iterator)) {
    throw new $TypeError("Result of the Symbol.iterator method is not an object");
  }
  return { iterator, next: iterator.next };
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

// 7.4.11 IteratorClose ( iteratorRecord, completion ) for a throw
// completion: the original error wins, so anything `return` does (throwing,
// returning a non-object) is ignored. The caller rethrows.
function IteratorCloseForThrow(iteratorRecord) {
  try {
    const iterator = iteratorRecord.iterator;
    const returnMethod = GetMethod(iterator, "return");
    if (returnMethod !== undefined) ReflectApply(returnMethod, iterator, []);
  } catch {
    // ignored: the completion being propagated is a throw completion
  }
}

// Lists. A List is a real Array whose [[Prototype]] is null while it is
// being filled, so `list[list.length] = v` can only create an own data
// property: no setter that user code put on Array.prototype or
// Object.prototype can run.
function NewList() {
  const list = [];
  ReflectSetPrototypeOf(list, null);
  return list;
}

// 7.3.16 CreateArrayFromList. Giving the List back its %Array.prototype%
// yields an Array whose elements are exactly the List's, as own data
// properties — what ArrayCreate + CreateDataPropertyOrThrow make. (The List
// is never used again.)
function CreateArrayFromList(list) {
  ReflectSetPrototypeOf(list, ArrayPrototype);
  return list;
}

// 7.3.35 AddValueToKeyedGroup. Groups live in a %Map% from key to List;
// a Map compares keys with SameValueZero, which is SameValue here because
// property keys are strings/symbols and Map.groupBy keys have -0
// normalized to +0.
function AddValueToKeyedGroup(groups, key, value) {
  let elements = ReflectApply(MapPrototypeGet, groups, [key]);
  if (elements === undefined) {
    elements = NewList();
    ReflectApply(MapPrototypeSet, groups, [key, elements]);
  }
  elements[elements.length] = value;
}

// 7.3.36 GroupBy ( items, callbackfn, keyCoercion )
// keyCoercion is "property" or "collection". Returns the Map of Lists.
function GroupBy(items, callbackfn, keyCoercion) {
  // 1. RequireObjectCoercible(items)
  if (items === undefined || items === null) {
    throw new $TypeError("groupBy called on null or undefined");
  }
  // 2.
  if (typeof callbackfn !== "function") {
    throw new $TypeError(`${Describe(callbackfn)} is not a function`);
  }
  // 3.
  const groups = new $Map();
  // 4.
  const iteratorRecord = GetIterator(items);
  // 5-6.
  for (let k = 0; ; k++) {
    // 6.a
    if (k >= MAX_SAFE_INTEGER) {
      const error = new $TypeError("Too many elements to group");
      IteratorCloseForThrow(iteratorRecord);
      throw error;
    }
    // 6.b-d
    const value = IteratorStepValue(iteratorRecord);
    if (value === DONE) return groups;
    // 6.e-f
    let key;
    try {
      key = ReflectApply(callbackfn, undefined, [value, k]);
    } catch (error) {
      IteratorCloseForThrow(iteratorRecord);
      throw error;
    }
    if (keyCoercion === "property") {
      // 6.g
      try {
        key = ToPropertyKey(key);
      } catch (error) {
        IteratorCloseForThrow(iteratorRecord);
        throw error;
      }
    } else if (key === 0) {
      // 6.h CanonicalizeKeyedCollectionKey: -0 becomes +0.
      key = 0;
    }
    // 6.i
    AddValueToKeyedGroup(groups, key, value);
  }
}

// ---------------------------------------------------------------------------
// Object.groupBy
// ---------------------------------------------------------------------------
const objectMethods = {
  // 20.1.2.12 Object.groupBy ( items, callbackfn )
  groupBy(items, callbackfn) {
    // 1.
    const groups = GroupBy(items, callbackfn, "property");
    // 2. A null-prototype object: assignment is CreateDataPropertyOrThrow
    //    (even for the key "__proto__").
    const obj = { __proto__: null };
    // 3.
    ReflectApply(MapPrototypeForEach, groups, [(elements, key) => {
      obj[key] = CreateArrayFromList(elements);
    }]);
    // 4.
    return obj;
  },
};

// ---------------------------------------------------------------------------
// Map.groupBy
// ---------------------------------------------------------------------------
const mapMethods = {
  // 24.1.2.1 Map.groupBy ( items, callbackfn )
  groupBy(items, callbackfn) {
    // 1.
    const groups = GroupBy(items, callbackfn, "collection");
    // 2-3. The result is a new %Map% whose entries are the groups in order;
    //      the internal groups Map is that Map once each List is replaced by
    //      an Array (replacing a value keeps the entry's position).
    ReflectApply(MapPrototypeForEach, groups, [(elements, key) => {
      ReflectApply(MapPrototypeSet, groups, [key, CreateArrayFromList(elements)]);
    }]);
    // 4.
    return groups;
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

installMethods(Object, objectMethods);
installMethods(Map, mapMethods);
