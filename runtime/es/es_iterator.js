// runtime/es/es_iterator.js — Iterator helpers (ES2025):
//   the global `Iterator` constructor, Iterator.from,
//   Iterator.prototype.{map, filter, take, drop, flatMap, reduce, toArray,
//   forEach, some, every, find}, Iterator.prototype[@@toStringTag] and
//   Iterator.prototype.constructor, %IteratorHelperPrototype% and
//   %WrapForValidIteratorPrototype%.
//
// Built-in script: the build wraps this text as
// `(function (core, internals) { "use strict"; <text>\n})` and calls it once
// while making the startup snapshot, before any user code. Everything user
// code could replace later is captured here first ("primordials"), and each
// property is only installed when the engine does not already have it.
//
// Spec references are to ECMA-262 (2025 edition) section numbers, plus the
// later change "close the receiver when argument validation fails"
// (Iterator.prototype methods close `this` before throwing for a bad
// argument), which is in the current draft and which Deno 2.9.6 follows.
//
// Iterator.prototype is the engine's %IteratorPrototype% (the prototype of
// %ArrayIteratorPrototype%, %GeneratorPrototype%, ...), so the iterators of
// arrays, maps, sets, strings and generators all get the helpers.
//
// How the helpers are built: the spec writes each helper's body as an
// Abstract Closure that Yields, run by CreateIteratorFromClosure as a
// generator. Here each body is an internal generator function whose steps
// follow the spec's text, wrapped by an object with %IteratorHelperPrototype%
// that only exposes `next` and `return`:
//   - GeneratorResume/GeneratorValidate (including the TypeError when a
//     helper is re-entered while running) come from the built-in generator
//     next/return, captured here.
//   - "Completion(Yield(v)); IfAbruptCloseIterator(completion, iterated)":
//     the only abrupt completion a helper can be resumed with is a return
//     completion (from %IteratorHelperPrototype%.return), which runs the
//     `finally` around the `yield`, closing the underlying iterator; an
//     error from that close replaces the return completion, as in the spec.
//   - %IteratorHelperPrototype%.return on a helper that has not started
//     closes the underlying iterator itself (27.1.2.1.2 step 4).

// ---------------------------------------------------------------------------
// Primordials
// ---------------------------------------------------------------------------
const $String = String;
const $TypeError = TypeError;
const $RangeError = RangeError;
const JSONStringify = JSON.stringify;
const ReflectApply = Reflect.apply;
const ReflectDefineProperty = Reflect.defineProperty;
const ReflectGetOwnPropertyDescriptor = Reflect.getOwnPropertyDescriptor;
const ReflectOwnKeys = Reflect.ownKeys;
const ReflectSetPrototypeOf = Reflect.setPrototypeOf;
const ArrayPrototype = Array.prototype;
const ObjectDefineProperty = Object.defineProperty;
const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ObjectGetPrototypeOf = Object.getPrototypeOf;
const ObjectSetPrototypeOf = Object.setPrototypeOf;
const ObjectPrototypeHasOwnProperty = Object.prototype.hasOwnProperty;
const MathTrunc = Math.trunc;
const FunctionPrototypeSymbolHasInstance =
  Function.prototype[Symbol.hasInstance];
const SymbolIterator = Symbol.iterator;
const SymbolToStringTag = Symbol.toStringTag;

// %IteratorPrototype%, reached from an array iterator.
const IteratorPrototype =
  ObjectGetPrototypeOf(ObjectGetPrototypeOf([][SymbolIterator]()));
// %GeneratorPrototype%.next / .return, to drive the internal generators.
const GeneratorPrototype = ObjectGetPrototypeOf(function* () {}).prototype;
const GeneratorPrototypeNext = GeneratorPrototype.next;
const GeneratorPrototypeReturn = GeneratorPrototype.return;

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

// 7.1.5 ToIntegerOrInfinity (of a value already converted by ToNumber)
function ToIntegerOrInfinity(number) {
  if (number !== number) return 0;
  const integer = MathTrunc(number);
  return integer === 0 ? 0 : integer;
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

// 7.3.5 CreateDataPropertyOrThrow
function CreateDataPropertyOrThrow(O, P, V) {
  // A null-prototype descriptor: ToPropertyDescriptor must not find
  // `get`/`set` that user code may have put on Object.prototype.
  const ok = ReflectDefineProperty(O, P, {
    __proto__: null, value: V, writable: true, enumerable: true,
    configurable: true,
  });
  if (!ok) throw new $TypeError("Cannot define property");
}

// 7.4.14 CreateIterResultObject
function CreateIterResultObject(value, done) {
  return { value, done };
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

// An Iterator Record is { iterator, next } here ([[Done]] is never read by
// anything in this file).

// 7.4.2 GetIteratorDirect ( obj )
function GetIteratorDirect(obj) {
  return { iterator: obj, next: obj.next };
}

// 7.4.4 GetIteratorFlattenable ( obj, primitiveHandling )
// iterateStrings: true for iterate-string-primitives, false for
// reject-primitives.
function GetIteratorFlattenable(obj, iterateStrings) {
  // 1.
  if (!IsObject(obj)) {
    if (!iterateStrings || typeof obj !== "string") {
      throw new $TypeError(`${Describe(obj)} is not an object`);
    }
  }
  // 2-4.
  const method = GetMethod(obj, SymbolIterator);
  let iterator;
  if (method === undefined) {
    iterator = obj;
  } else {
    iterator = ReflectApply(method, obj, []);
  }
  // 5.
  if (!IsObject(iterator)) {
    throw new $TypeError(`${Describe(iterator)} is not an object`);
  }
  // 6.
  return GetIteratorDirect(iterator);
}

// 7.4.6 IteratorNext + 7.4.7 IteratorComplete: true when done. (7.4.9
// IteratorStep, which does not read `value`.)
function IteratorStep(iteratorRecord) {
  const result = ReflectApply(iteratorRecord.next, iteratorRecord.iterator, []);
  if (!IsObject(result)) {
    throw new $TypeError(`Iterator result ${Describe(result)} is not an object`);
  }
  return !!result.done;
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

// 7.4.11 IteratorClose ( iteratorRecord, completion ) for a normal or a
// return completion: errors from `return` propagate, and its result must be
// an object.
function IteratorClose(iteratorRecord) {
  const iterator = iteratorRecord.iterator;
  const returnMethod = GetMethod(iterator, "return");
  if (returnMethod === undefined) return;
  const innerResult = ReflectApply(returnMethod, iterator, []);
  if (!IsObject(innerResult)) {
    throw new $TypeError(`Iterator result ${Describe(innerResult)} is not an object`);
  }
}

// 7.4.11 IteratorClose ( iteratorRecord, completion ) for a throw
// completion: the original error wins, so anything `return` does is
// ignored. The caller rethrows.
function IteratorCloseForThrow(iteratorRecord) {
  try {
    const iterator = iteratorRecord.iterator;
    const returnMethod = GetMethod(iterator, "return");
    if (returnMethod !== undefined) ReflectApply(returnMethod, iterator, []);
  } catch {
    // ignored: the completion being propagated is a throw completion
  }
}

// Argument validation of the prototype methods (27.1.4.x steps 1-4):
// `this` must be an object; a bad argument closes `this` and throws.
function RequireObjectThis(O, methodName) {
  if (!IsObject(O)) {
    throw new $TypeError(`${methodName} called on non-object`);
  }
}

function CloseAndThrow(O, error) {
  IteratorCloseForThrow({ iterator: O, next: undefined });
  throw error;
}

function RequireCallableArgument(O, fn, methodName) {
  if (typeof fn !== "function") {
    CloseAndThrow(O, new $TypeError(`${methodName}: ${Describe(fn)} is not a function`));
  }
}

// take/drop: ToNumber(limit) (an error closes O), NaN and negative limits
// are RangeErrors (closing O). Returns the integer limit (may be +Infinity).
function ValidateLimit(O, limit, methodName) {
  let numLimit;
  try {
    numLimit = +limit; // ToNumber
  } catch (error) {
    CloseAndThrow(O, error);
  }
  if (numLimit !== numLimit) {
    CloseAndThrow(O, new $RangeError(`${methodName}: ${Describe(limit)} must be a number`));
  }
  const integerLimit = ToIntegerOrInfinity(numLimit);
  if (integerLimit < 0) {
    CloseAndThrow(O, new $RangeError(`${methodName}: ${Describe(limit)} must be positive`));
  }
  return integerLimit;
}

// ---------------------------------------------------------------------------
// %IteratorHelperPrototype% (27.1.2.1) and Iterator Helper objects
// ---------------------------------------------------------------------------

// Instances carry [[UnderlyingIterator]] and the generator state; the
// class's prototype object becomes %IteratorHelperPrototype%.
class IteratorHelper {
  #generator; // the closure, as an internal generator object
  #underlying; // [[UnderlyingIterator]]
  #started = false; // false while [[GeneratorState]] is suspended-start

  constructor(generator, underlying) {
    this.#generator = generator;
    this.#underlying = underlying;
  }

  static isHelper(O) {
    return IsObject(O) && #generator in O;
  }

  // 27.1.2.1.1 %IteratorHelperPrototype%.next ( )
  next() {
    // 1. Return ? GeneratorResume(this value, undefined, "Iterator Helper").
    if (!IteratorHelper.isHelper(this)) {
      throw new $TypeError("next method called on an object that is not an Iterator Helper");
    }
    this.#started = true;
    return ReflectApply(GeneratorPrototypeNext, this.#generator, []);
  }

  // 27.1.2.1.2 %IteratorHelperPrototype%.return ( )
  return() {
    // 1-2. RequireInternalSlot(O, [[UnderlyingIterator]]).
    const O = this;
    if (!IteratorHelper.isHelper(O)) {
      throw new $TypeError("return method called on an object that is not an Iterator Helper");
    }
    // 4. If O.[[GeneratorState]] is suspended-start:
    if (!O.#started) {
      // a. Set O.[[GeneratorState]] to completed (the internal generator
      //    completes without running any of its body).
      O.#started = true;
      ReflectApply(GeneratorPrototypeReturn, O.#generator, [undefined]);
      // c. Perform ? IteratorClose(O.[[UnderlyingIterator]],
      //    NormalCompletion(unused)).
      IteratorClose(O.#underlying);
      // d.
      return CreateIterResultObject(undefined, true);
    }
    // 5-6. Return ? GeneratorResumeAbrupt(O, return completion,
    //      "Iterator Helper").
    return ReflectApply(GeneratorPrototypeReturn, O.#generator, [undefined]);
  }
}

// 27.1.2.1 The %IteratorHelperPrototype% Object
const IteratorHelperPrototype = IteratorHelper.prototype;
delete IteratorHelperPrototype.constructor;
ObjectSetPrototypeOf(IteratorHelperPrototype, IteratorPrototype);
// 27.1.2.1.3 %IteratorHelperPrototype% [ @@toStringTag ]
ObjectDefineProperty(IteratorHelperPrototype, SymbolToStringTag, {
  value: "Iterator Helper", writable: false, enumerable: false,
  configurable: true,
});

// CreateIteratorFromClosure(closure, "Iterator Helper",
// %IteratorHelperPrototype%, « [[UnderlyingIterator]] »), with
// result.[[UnderlyingIterator]] set to iterated.
function CreateIteratorHelper(generator, iterated) {
  return new IteratorHelper(generator, iterated);
}

// The closures. Each `yield` is wrapped as
//   let abrupt = true;
//   try { yield value; abrupt = false; }
//   finally { if (abrupt) IteratorClose(iterated); }
// which is "completion = Completion(Yield(value));
// IfAbruptCloseIterator(completion, iterated)" for the return completion.

// 27.1.4.8 Iterator.prototype.map, step 7 closure
function* MapClosure(iterated, mapper) {
  // a.
  let counter = 0;
  // b.
  for (;;) {
    // i-ii.
    const value = IteratorStepValue(iterated);
    if (value === DONE) return undefined;
    // iii-iv.
    let mapped;
    try {
      mapped = ReflectApply(mapper, undefined, [value, counter]);
    } catch (error) {
      IteratorCloseForThrow(iterated);
      throw error;
    }
    // v-vi.
    let abrupt = true;
    try {
      yield mapped;
      abrupt = false;
    } finally {
      if (abrupt) IteratorClose(iterated);
    }
    // vii.
    counter++;
  }
}

// 27.1.4.5 Iterator.prototype.filter, step 7 closure
function* FilterClosure(iterated, predicate) {
  // a.
  let counter = 0;
  // b.
  for (;;) {
    // i-ii.
    const value = IteratorStepValue(iterated);
    if (value === DONE) return undefined;
    // iii-iv.
    let selected;
    try {
      selected = ReflectApply(predicate, undefined, [value, counter]);
    } catch (error) {
      IteratorCloseForThrow(iterated);
      throw error;
    }
    // v.
    if (selected) {
      let abrupt = true;
      try {
        yield value;
        abrupt = false;
      } finally {
        if (abrupt) IteratorClose(iterated);
      }
    }
    // vi.
    counter++;
  }
}

// 27.1.4.12 Iterator.prototype.take, step 11 closure
function* TakeClosure(iterated, integerLimit) {
  // a.
  let remaining = integerLimit;
  // b.
  for (;;) {
    // i. If remaining = 0, return ? IteratorClose(iterated,
    //    ReturnCompletion(undefined)).
    if (remaining === 0) {
      IteratorClose(iterated);
      return undefined;
    }
    // ii.
    if (remaining !== Infinity) remaining--;
    // iii-iv.
    const value = IteratorStepValue(iterated);
    if (value === DONE) return undefined;
    // v-vi.
    let abrupt = true;
    try {
      yield value;
      abrupt = false;
    } finally {
      if (abrupt) IteratorClose(iterated);
    }
  }
}

// 27.1.4.3 Iterator.prototype.drop, step 11 closure
function* DropClosure(iterated, integerLimit) {
  // a.
  let remaining = integerLimit;
  // b. Skip `remaining` results with IteratorStep (their `value` is never
  //    read).
  while (remaining > 0) {
    if (remaining !== Infinity) remaining--;
    if (IteratorStep(iterated)) return undefined;
  }
  // c.
  for (;;) {
    const value = IteratorStepValue(iterated);
    if (value === DONE) return undefined;
    let abrupt = true;
    try {
      yield value;
      abrupt = false;
    } finally {
      if (abrupt) IteratorClose(iterated);
    }
  }
}

// 27.1.4.7 Iterator.prototype.flatMap, step 7 closure
function* FlatMapClosure(iterated, mapper) {
  // a.
  let counter = 0;
  // b.
  for (;;) {
    // i-ii.
    const value = IteratorStepValue(iterated);
    if (value === DONE) return undefined;
    // iii-vi.
    let innerIterator;
    try {
      const mapped = ReflectApply(mapper, undefined, [value, counter]);
      innerIterator = GetIteratorFlattenable(mapped, false);
    } catch (error) {
      IteratorCloseForThrow(iterated);
      throw error;
    }
    // vii-viii.
    for (;;) {
      // 1-2.
      let innerValue;
      try {
        innerValue = IteratorStepValue(innerIterator);
      } catch (error) {
        IteratorCloseForThrow(iterated);
        throw error;
      }
      // 3.
      if (innerValue === DONE) break;
      // 4. Yield; on a return completion close the inner iterator, then
      //    the outer one:
      //    i. backupCompletion = Completion(IteratorClose(innerIterator,
      //       completion))
      //    ii. IfAbruptCloseIterator(backupCompletion, iterated)
      //    iii. Return ? IteratorClose(iterated, completion)
      let abrupt = true;
      try {
        yield innerValue;
        abrupt = false;
      } finally {
        if (abrupt) {
          try {
            IteratorClose(innerIterator);
          } catch (error) {
            IteratorCloseForThrow(iterated);
            throw error;
          }
          IteratorClose(iterated);
        }
      }
    }
    // ix.
    counter++;
  }
}

// ---------------------------------------------------------------------------
// %WrapForValidIteratorPrototype% (27.1.3.2.1.1) and its instances
// ---------------------------------------------------------------------------

// Instances carry [[Iterated]]; the class's prototype object becomes
// %WrapForValidIteratorPrototype%.
class WrapForValidIterator {
  #iterated; // [[Iterated]], an Iterator Record

  constructor(iterated) {
    this.#iterated = iterated;
  }

  static isWrapper(O) {
    return IsObject(O) && #iterated in O;
  }

  // 27.1.3.2.1.1.1 %WrapForValidIteratorPrototype%.next ( )
  next() {
    // 1-2. RequireInternalSlot(O, [[Iterated]]).
    const O = this;
    if (!WrapForValidIterator.isWrapper(O)) {
      throw new $TypeError("next method called on an incompatible receiver");
    }
    // 3-4.
    const iteratorRecord = O.#iterated;
    return ReflectApply(iteratorRecord.next, iteratorRecord.iterator, []);
  }

  // 27.1.3.2.1.1.2 %WrapForValidIteratorPrototype%.return ( )
  return() {
    // 1-2.
    const O = this;
    if (!WrapForValidIterator.isWrapper(O)) {
      throw new $TypeError("return method called on an incompatible receiver");
    }
    // 3.
    const iterator = O.#iterated.iterator;
    // 4-5.
    const returnMethod = GetMethod(iterator, "return");
    if (returnMethod === undefined) {
      return CreateIterResultObject(undefined, true);
    }
    // 6.
    return ReflectApply(returnMethod, iterator, []);
  }
}

const WrapForValidIteratorPrototype = WrapForValidIterator.prototype;
delete WrapForValidIteratorPrototype.constructor;
ObjectSetPrototypeOf(WrapForValidIteratorPrototype, IteratorPrototype);

// ---------------------------------------------------------------------------
// The Iterator constructor (27.1.3.1)
// ---------------------------------------------------------------------------

// 27.1.3.1.1 Iterator ( )
// An abstract class: only subclasses can be constructed. (The object is
// created by the ordinary [[Construct]] from NewTarget.prototype.)
function Iterator() {
  // 1. If NewTarget is either undefined or the active function object,
  //    throw a TypeError exception.
  if (new.target === undefined || new.target === Iterator) {
    throw new $TypeError("Abstract class Iterator not directly constructable");
  }
  // 2. Return ? OrdinaryCreateFromConstructor(NewTarget,
  //    "%Iterator.prototype%").
}

// 27.1.3.2.3 Iterator.prototype: { [[Writable]]: false, [[Enumerable]]:
// false, [[Configurable]]: false }, and it is %IteratorPrototype%.
ObjectDefineProperty(Iterator, "prototype", {
  value: IteratorPrototype, writable: false, enumerable: false,
  configurable: false,
});

const iteratorStatics = {
  // 27.1.3.2.1 Iterator.from ( O )
  from(O) {
    // 1.
    const iteratorRecord = GetIteratorFlattenable(O, true);
    // 2-3. OrdinaryHasInstance(%Iterator%, iteratorRecord.[[Iterator]])
    if (ReflectApply(FunctionPrototypeSymbolHasInstance, Iterator,
      [iteratorRecord.iterator])) {
      return iteratorRecord.iterator;
    }
    // 4-6.
    return new WrapForValidIterator(iteratorRecord);
  },
};

// ---------------------------------------------------------------------------
// Iterator.prototype (27.1.4)
// ---------------------------------------------------------------------------

// 27.1.4.1.1 SetterThatIgnoresPrototypeProperties ( thisValue, home, p, v )
function SetterThatIgnoresPrototypeProperties(thisValue, home, p, v) {
  // 1.
  if (!IsObject(thisValue)) {
    throw new $TypeError("Cannot set a property on a non-object");
  }
  // 2.
  if (thisValue === home) {
    throw new $TypeError("Cannot assign to a read-only property of Iterator.prototype");
  }
  // 3.
  const desc = ReflectGetOwnPropertyDescriptor(thisValue, p);
  if (desc === undefined) {
    // 4.
    CreateDataPropertyOrThrow(thisValue, p, v);
  } else {
    // 5. Set(thisValue, p, v, true) — a strict-mode assignment.
    thisValue[p] = v;
  }
}

const iteratorPrototypeMembers = {
  // 27.1.4.1 Iterator.prototype.constructor (an accessor)
  // 27.1.4.1.1 get Iterator.prototype.constructor
  get constructor() {
    return Iterator;
  },
  // 27.1.4.1.2 set Iterator.prototype.constructor
  set constructor(v) {
    SetterThatIgnoresPrototypeProperties(this, IteratorPrototype,
      "constructor", v);
  },

  // 27.1.4.3 Iterator.prototype.drop ( limit )
  drop(limit) {
    // 1-3.
    const O = this;
    RequireObjectThis(O, "Iterator.prototype.drop");
    // 4-8.
    const integerLimit = ValidateLimit(O, limit, "Iterator.prototype.drop");
    // 9.
    const iterated = GetIteratorDirect(O);
    // 10-13.
    return CreateIteratorHelper(DropClosure(iterated, integerLimit), iterated);
  },

  // 27.1.4.4 Iterator.prototype.every ( predicate )
  every(predicate) {
    // 1-4.
    const O = this;
    RequireObjectThis(O, "Iterator.prototype.every");
    RequireCallableArgument(O, predicate, "Iterator.prototype.every");
    // 5.
    const iterated = GetIteratorDirect(O);
    // 6-7.
    for (let counter = 0; ; counter++) {
      const value = IteratorStepValue(iterated);
      if (value === DONE) return true;
      let result;
      try {
        result = ReflectApply(predicate, undefined, [value, counter]);
      } catch (error) {
        IteratorCloseForThrow(iterated);
        throw error;
      }
      // Return ? IteratorClose(iterated, NormalCompletion(false)).
      if (!result) {
        IteratorClose(iterated);
        return false;
      }
    }
  },

  // 27.1.4.5 Iterator.prototype.filter ( predicate )
  filter(predicate) {
    // 1-4.
    const O = this;
    RequireObjectThis(O, "Iterator.prototype.filter");
    RequireCallableArgument(O, predicate, "Iterator.prototype.filter");
    // 5.
    const iterated = GetIteratorDirect(O);
    // 6-9.
    return CreateIteratorHelper(FilterClosure(iterated, predicate), iterated);
  },

  // 27.1.4.6 Iterator.prototype.find ( predicate )
  find(predicate) {
    // 1-4.
    const O = this;
    RequireObjectThis(O, "Iterator.prototype.find");
    RequireCallableArgument(O, predicate, "Iterator.prototype.find");
    // 5.
    const iterated = GetIteratorDirect(O);
    // 6-7.
    for (let counter = 0; ; counter++) {
      const value = IteratorStepValue(iterated);
      if (value === DONE) return undefined;
      let result;
      try {
        result = ReflectApply(predicate, undefined, [value, counter]);
      } catch (error) {
        IteratorCloseForThrow(iterated);
        throw error;
      }
      // Return ? IteratorClose(iterated, NormalCompletion(value)).
      if (result) {
        IteratorClose(iterated);
        return value;
      }
    }
  },

  // 27.1.4.7 Iterator.prototype.flatMap ( mapper )
  flatMap(mapper) {
    // 1-4.
    const O = this;
    RequireObjectThis(O, "Iterator.prototype.flatMap");
    RequireCallableArgument(O, mapper, "Iterator.prototype.flatMap");
    // 5.
    const iterated = GetIteratorDirect(O);
    // 6-9.
    return CreateIteratorHelper(FlatMapClosure(iterated, mapper), iterated);
  },

  // 27.1.4.8 Iterator.prototype.forEach ( procedure )
  forEach(procedure) {
    // 1-4.
    const O = this;
    RequireObjectThis(O, "Iterator.prototype.forEach");
    RequireCallableArgument(O, procedure, "Iterator.prototype.forEach");
    // 5.
    const iterated = GetIteratorDirect(O);
    // 6-7.
    for (let counter = 0; ; counter++) {
      const value = IteratorStepValue(iterated);
      if (value === DONE) return undefined;
      try {
        ReflectApply(procedure, undefined, [value, counter]);
      } catch (error) {
        IteratorCloseForThrow(iterated);
        throw error;
      }
    }
  },

  // 27.1.4.9 Iterator.prototype.map ( mapper )
  map(mapper) {
    // 1-4.
    const O = this;
    RequireObjectThis(O, "Iterator.prototype.map");
    RequireCallableArgument(O, mapper, "Iterator.prototype.map");
    // 5.
    const iterated = GetIteratorDirect(O);
    // 6-9.
    return CreateIteratorHelper(MapClosure(iterated, mapper), iterated);
  },

  // 27.1.4.10 Iterator.prototype.reduce ( reducer [ , initialValue ] )
  reduce(reducer) {
    // 1-4.
    const O = this;
    RequireObjectThis(O, "Iterator.prototype.reduce");
    RequireCallableArgument(O, reducer, "Iterator.prototype.reduce");
    // 5.
    const iterated = GetIteratorDirect(O);
    // 6-7.
    let accumulator;
    let counter;
    if (arguments.length < 2) {
      // 6. initialValue is not present.
      accumulator = IteratorStepValue(iterated);
      if (accumulator === DONE) {
        throw new $TypeError("Reduce of empty iterator with no initial value");
      }
      counter = 1;
    } else {
      // 7.
      accumulator = arguments[1];
      counter = 0;
    }
    // 8.
    for (;; counter++) {
      const value = IteratorStepValue(iterated);
      if (value === DONE) return accumulator;
      try {
        accumulator = ReflectApply(reducer, undefined,
          [accumulator, value, counter]);
      } catch (error) {
        IteratorCloseForThrow(iterated);
        throw error;
      }
    }
  },

  // 27.1.4.11 Iterator.prototype.some ( predicate )
  some(predicate) {
    // 1-4.
    const O = this;
    RequireObjectThis(O, "Iterator.prototype.some");
    RequireCallableArgument(O, predicate, "Iterator.prototype.some");
    // 5.
    const iterated = GetIteratorDirect(O);
    // 6-7.
    for (let counter = 0; ; counter++) {
      const value = IteratorStepValue(iterated);
      if (value === DONE) return false;
      let result;
      try {
        result = ReflectApply(predicate, undefined, [value, counter]);
      } catch (error) {
        IteratorCloseForThrow(iterated);
        throw error;
      }
      // Return ? IteratorClose(iterated, NormalCompletion(true)).
      if (result) {
        IteratorClose(iterated);
        return true;
      }
    }
  },

  // 27.1.4.12 Iterator.prototype.take ( limit )
  take(limit) {
    // 1-3.
    const O = this;
    RequireObjectThis(O, "Iterator.prototype.take");
    // 4-8.
    const integerLimit = ValidateLimit(O, limit, "Iterator.prototype.take");
    // 9.
    const iterated = GetIteratorDirect(O);
    // 10-13.
    return CreateIteratorHelper(TakeClosure(iterated, integerLimit), iterated);
  },

  // 27.1.4.13 Iterator.prototype.toArray ( )
  toArray() {
    // 1-2.
    const O = this;
    RequireObjectThis(O, "Iterator.prototype.toArray");
    // 3.
    const iterated = GetIteratorDirect(O);
    // 4-5.
    const items = NewList();
    for (;;) {
      const value = IteratorStepValue(iterated);
      if (value === DONE) return CreateArrayFromList(items);
      items[items.length] = value;
    }
  },

  // 27.1.4.14 Iterator.prototype [ @@toStringTag ] (an accessor)
  // 27.1.4.14.1 get Iterator.prototype [ @@toStringTag ]
  get [SymbolToStringTag]() {
    return "Iterator";
  },
  // 27.1.4.14.2 set Iterator.prototype [ @@toStringTag ]
  set [SymbolToStringTag](v) {
    SetterThatIgnoresPrototypeProperties(this, IteratorPrototype,
      SymbolToStringTag, v);
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

// Built-in methods and accessors are non-enumerable and configurable;
// methods are writable (clause 18). Each key is installed only if missing.
function installMembers(target, members) {
  for (const key of ReflectOwnKeys(members)) {
    if (ObjectHasOwn(target, key)) continue;
    const desc = ObjectGetOwnPropertyDescriptor(members, key);
    desc.enumerable = false;
    ObjectDefineProperty(target, key, desc);
  }
}

if (!ObjectHasOwn(globalThis, "Iterator")) {
  installMembers(Iterator, iteratorStatics);
  installMembers(IteratorPrototype, iteratorPrototypeMembers);
  // The global binding: writable, non-enumerable, configurable (clause 19).
  ObjectDefineProperty(globalThis, "Iterator", {
    value: Iterator, writable: true, enumerable: false, configurable: true,
  });
}
