// runtime/es/es_array.js — "change array by copy" (ES2023).
//
//   Array.prototype.toReversed / toSorted / toSpliced / with
//   %TypedArray%.prototype.toReversed / toSorted / with
//   Array.prototype[@@unscopables] entries for toReversed / toSorted / toSpliced
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
const $Object = Object;
const $TypeError = TypeError;
const $RangeError = RangeError;
const ReflectApply = Reflect.apply;
const ReflectOwnKeys = Reflect.ownKeys;
const ReflectSetPrototypeOf = Reflect.setPrototypeOf;
const ObjectDefineProperty = Object.defineProperty;
const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ObjectGetPrototypeOf = Object.getPrototypeOf;
const ObjectPrototypeHasOwnProperty = Object.prototype.hasOwnProperty;
const MathTrunc = Math.trunc;
const MathMin = Math.min;
const MathMax = Math.max;
const BigIntAsIntN = BigInt.asIntN;
const SymbolUnscopables = Symbol.unscopables;
const ArrayPrototype = Array.prototype;
const ArrayPrototypeSort = Array.prototype.sort;

const TypedArray = ObjectGetPrototypeOf(Uint8Array);
const TypedArrayPrototype = TypedArray.prototype;
const TypedArrayPrototypeGetSymbolToStringTag =
  ObjectGetOwnPropertyDescriptor(TypedArrayPrototype, Symbol.toStringTag).get;
const TypedArrayPrototypeGetLength =
  ObjectGetOwnPropertyDescriptor(TypedArrayPrototype, "length").get;
const TypedArrayPrototypeIncludes = TypedArrayPrototype.includes;
const TypedArrayPrototypeReverse = TypedArrayPrototype.reverse;
const TypedArrayPrototypeSet = TypedArrayPrototype.set;
const TypedArrayPrototypeSort = TypedArrayPrototype.sort;

// [[TypedArrayName]] -> intrinsic constructor (Table 71), used by
// TypedArrayCreateSameType, which never consults `constructor`/@@species.
const typedArrayConstructors = { __proto__: null };
for (const C of [
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array,
  Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array,
  BigUint64Array, globalThis.Float16Array,
]) {
  if (C !== undefined) typedArrayConstructors[C.name] = C;
}

const MAX_ARRAY_LENGTH = 2 ** 32 - 1;
const MAX_SAFE_INTEGER = 2 ** 53 - 1;

// ---------------------------------------------------------------------------
// Abstract operations
// ---------------------------------------------------------------------------

// 7.1.18 ToObject, for a `this` value.
function ToObject(value, methodName) {
  if (value === undefined || value === null) {
    throw new $TypeError(`${methodName} called on null or undefined`);
  }
  return $Object(value);
}

// 7.1.5 ToIntegerOrInfinity. `+argument` is ToNumber (it throws for Symbol
// and BigInt, as ToNumber does).
function ToIntegerOrInfinity(argument) {
  const number = +argument;
  if (number !== number) return 0;
  const integer = MathTrunc(number);
  return integer === 0 ? 0 : integer; // never -0
}

// 7.1.20 ToLength
function ToLength(argument) {
  const len = ToIntegerOrInfinity(argument);
  if (len <= 0) return 0;
  return MathMin(len, MAX_SAFE_INTEGER);
}

// 7.3.18 LengthOfArrayLike
function LengthOfArrayLike(obj) {
  return ToLength(obj.length);
}

// 10.4.2.2 ArrayCreate, the length check only: the arrays themselves are
// made by CreateArrayFromList below.
function CheckArrayCreateLength(length) {
  if (length > MAX_ARRAY_LENGTH) throw new $RangeError("Invalid array length");
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

// 23.2.4.4 ValidateTypedArray (V8 10.2 has no resizable buffers, so "out of
// bounds" only means "detached"). Returns the [[TypedArrayName]]; the length
// is read by the caller (TypedArrayLength).
function ValidateTypedArray(O, methodName) {
  // The %TypedArray%.prototype[@@toStringTag] getter returns the
  // [[TypedArrayName]] of a real typed array and undefined for anything else.
  const name = ReflectApply(TypedArrayPrototypeGetSymbolToStringTag, O, []);
  if (name === undefined) {
    throw new $TypeError(`${methodName}: this is not a typed array.`);
  }
  if (IsTypedArrayDetached(O)) {
    throw new $TypeError(
      `Cannot perform ${methodName} on a detached ArrayBuffer`);
  }
  return name;
}

// IsDetachedBuffer(O.[[ViewedArrayBuffer]]) for a typed array. A detached
// typed array reports length 0 in V8 10.2, and the built-in `includes`
// throws a TypeError for it (ValidateTypedArray) while a genuinely empty one
// just returns false. (Not `at`: V8 10.2 does not have it while the
// snapshot is being made.)
function IsTypedArrayDetached(O) {
  if (ReflectApply(TypedArrayPrototypeGetLength, O, []) !== 0) return false;
  try {
    ReflectApply(TypedArrayPrototypeIncludes, O, [0]);
    return false;
  } catch {
    return true;
  }
}

// 23.2.4.3 TypedArrayCreateSameType
function TypedArrayCreateSameType(name, length) {
  const constructor = typedArrayConstructors[name];
  return new constructor(length);
}

// ---------------------------------------------------------------------------
// Array.prototype methods
// ---------------------------------------------------------------------------
const arrayMethods = {
  // 23.1.3.33 Array.prototype.toReversed ( )
  toReversed() {
    // 1-2.
    const O = ToObject(this, "Array.prototype.toReversed");
    const len = LengthOfArrayLike(O);
    // 3. Let A be ? ArrayCreate(len).
    CheckArrayCreateLength(len);
    // 4-5. Read O from the end; A is filled from the front.
    const list = NewList();
    for (let k = 0; k < len; k++) {
      list[k] = O[len - k - 1];
    }
    // 6.
    return CreateArrayFromList(list);
  },

  // 23.1.3.34 Array.prototype.toSorted ( comparefn )
  toSorted(comparefn) {
    // 1.
    if (comparefn !== undefined && typeof comparefn !== "function") {
      throw new $TypeError(
        "The comparison function must be either a function or undefined");
    }
    // 2-3.
    const O = ToObject(this, "Array.prototype.toSorted");
    const len = LengthOfArrayLike(O);
    // 4. Let A be ? ArrayCreate(len).
    CheckArrayCreateLength(len);
    // 5-6. SortIndexedProperties(O, len, SortCompare, read-through-holes):
    //      every index is read with Get (holes read as undefined) ...
    const list = NewList();
    for (let k = 0; k < len; k++) {
      list[k] = O[k];
    }
    const A = CreateArrayFromList(list);
    // ... then sorted. The built-in sort implements SortCompare exactly
    // (undefined last, ToNumber of the comparator's result with NaN -> +0,
    // else ToString comparison) and is stable. It runs on A, which user code
    // cannot see until we return it.
    ReflectApply(ArrayPrototypeSort, A, [comparefn]);
    // 7-8.
    return A;
  },

  // 23.1.3.35 Array.prototype.toSpliced ( start, skipCount, ...items )
  toSpliced(start, skipCount, ...items) {
    // 1-2.
    const O = ToObject(this, "Array.prototype.toSpliced");
    const len = LengthOfArrayLike(O);
    // 3-4.
    const relativeStart = ToIntegerOrInfinity(start);
    let actualStart;
    if (relativeStart === -Infinity) actualStart = 0;
    else if (relativeStart < 0) actualStart = MathMax(len + relativeStart, 0);
    else actualStart = MathMin(relativeStart, len);
    // 5.
    const insertCount = items.length;
    // 6-8.
    let actualSkipCount;
    if (arguments.length === 0) {
      actualSkipCount = 0;
    } else if (arguments.length === 1) {
      actualSkipCount = len - actualStart;
    } else {
      const sc = ToIntegerOrInfinity(skipCount);
      actualSkipCount = MathMin(MathMax(sc, 0), len - actualStart);
    }
    // 9-10.
    const newLen = len + insertCount - actualSkipCount;
    if (newLen > MAX_SAFE_INTEGER) {
      throw new $TypeError("Invalid array length: exceeds 2^53 - 1");
    }
    // 11. Let A be ? ArrayCreate(newLen).
    CheckArrayCreateLength(newLen);
    const list = NewList();
    // 12.
    let i = 0;
    let r = actualStart + actualSkipCount;
    // 13. The elements before actualStart.
    while (i < actualStart) {
      list[i] = O[i];
      i++;
    }
    // 14. The inserted items.
    for (let j = 0; j < insertCount; j++) {
      list[i] = items[j];
      i++;
    }
    // 15. The elements after the skipped ones.
    while (i < newLen) {
      list[i] = O[r];
      i++;
      r++;
    }
    // 16.
    return CreateArrayFromList(list);
  },

  // 23.1.3.39 Array.prototype.with ( index, value )
  with(index, value) {
    // 1-2.
    const O = ToObject(this, "Array.prototype.with");
    const len = LengthOfArrayLike(O);
    // 3-4.
    const relativeIndex = ToIntegerOrInfinity(index);
    const actualIndex = relativeIndex >= 0 ? relativeIndex : len + relativeIndex;
    // 5.
    if (actualIndex >= len || actualIndex < 0) {
      throw new $RangeError("Invalid index : " + relativeIndex);
    }
    // 6. Let A be ? ArrayCreate(len).
    CheckArrayCreateLength(len);
    // 7-8.
    const list = NewList();
    for (let k = 0; k < len; k++) {
      list[k] = k === actualIndex ? value : O[k];
    }
    // 9.
    return CreateArrayFromList(list);
  },
};

// ---------------------------------------------------------------------------
// %TypedArray%.prototype methods
// ---------------------------------------------------------------------------
const typedArrayMethods = {
  // 23.2.3.32 %TypedArray%.prototype.toReversed ( )
  toReversed() {
    // 1-3.
    const O = this;
    const name = ValidateTypedArray(O, "%TypedArray%.prototype.toReversed");
    const length = ReflectApply(TypedArrayPrototypeGetLength, O, []);
    // 4. Let A be TypedArrayCreateSameType(O, « length »).
    const A = TypedArrayCreateSameType(name, length);
    // 5. Copy O into A in reverse order. Reading a typed array element and
    //    writing one of the same type is exact and runs no user code, so the
    //    built-in set + reverse do the same as the spec's Get/Set loop.
    ReflectApply(TypedArrayPrototypeSet, A, [O]);
    ReflectApply(TypedArrayPrototypeReverse, A, []);
    // 6.
    return A;
  },

  // 23.2.3.33 %TypedArray%.prototype.toSorted ( comparefn )
  toSorted(comparefn) {
    // 1.
    if (comparefn !== undefined && typeof comparefn !== "function") {
      throw new $TypeError(
        "The comparison function must be either a function or undefined");
    }
    // 2-4.
    const O = this;
    const name = ValidateTypedArray(O, "%TypedArray%.prototype.toSorted");
    const len = ReflectApply(TypedArrayPrototypeGetLength, O, []);
    // 5. Let A be ? TypedArrayCreateSameType(O, « len »).
    const A = TypedArrayCreateSameType(name, len);
    // 6-9. SortIndexedProperties reads all of O first, then sorts with
    //      CompareTypedArrayElements. Copying O into A and sorting A with the
    //      built-in sort (which implements CompareTypedArrayElements) is the
    //      same: the comparator only ever sees the values, never A.
    ReflectApply(TypedArrayPrototypeSet, A, [O]);
    ReflectApply(TypedArrayPrototypeSort, A, [comparefn]);
    // 10.
    return A;
  },

  // 23.2.3.36 %TypedArray%.prototype.with ( index, value )
  with(index, value) {
    // 1-3.
    const O = this;
    const name = ValidateTypedArray(O, "%TypedArray%.prototype.with");
    const len = ReflectApply(TypedArrayPrototypeGetLength, O, []);
    // 4-5.
    const relativeIndex = ToIntegerOrInfinity(index);
    const actualIndex = relativeIndex >= 0 ? relativeIndex : len + relativeIndex;
    // 6. The value is converted before the index is checked.
    let numericValue;
    if (name === "BigInt64Array" || name === "BigUint64Array") {
      // ToBigInt(value). BigInt.asIntN(64, v) performs exactly ToBigInt on
      // its argument; truncating to 64 bits changes nothing since the value
      // is only ever stored into a 64-bit element.
      numericValue = BigIntAsIntN(64, value);
    } else {
      numericValue = +value; // ToNumber(value)
    }
    // 7. IsValidIntegerIndex(O, actualIndex): the conversion above may have
    //    detached O, so the current state is checked.
    if (IsTypedArrayDetached(O) ||
        !(actualIndex >= 0 &&
          actualIndex < ReflectApply(TypedArrayPrototypeGetLength, O, []))) {
      throw new $RangeError("Invalid typed array index");
    }
    // 8. Let A be ? TypedArrayCreateSameType(O, « len »).
    const A = TypedArrayCreateSameType(name, len);
    // 9. Copy O, then put numericValue at actualIndex.
    ReflectApply(TypedArrayPrototypeSet, A, [O]);
    A[actualIndex] = numericValue;
    // 10.
    return A;
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
// Method definitions already have the right `name` and `length`, are not
// constructors and have no `prototype`.
function installMethods(target, methods) {
  for (const key of ReflectOwnKeys(methods)) {
    if (ObjectHasOwn(target, key)) continue;
    const desc = ObjectGetOwnPropertyDescriptor(methods, key);
    desc.enumerable = false;
    ObjectDefineProperty(target, key, desc);
  }
}

installMethods(ArrayPrototype, arrayMethods);
installMethods(TypedArrayPrototype, typedArrayMethods);

// 23.1.3.41 Array.prototype [ @@unscopables ]: the unscopable list has
// toReversed, toSorted and toSpliced. `with` is deliberately not in it
// (it is a reserved word, so it can never be an identifier reference).
{
  const unscopables = ArrayPrototype[SymbolUnscopables];
  for (const name of ["toReversed", "toSorted", "toSpliced"]) {
    // A null-prototype object: assignment is CreateDataPropertyOrThrow.
    if (!ObjectHasOwn(unscopables, name)) unscopables[name] = true;
  }
}
