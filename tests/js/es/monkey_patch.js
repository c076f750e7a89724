"use strict";
// User code that replaces built-ins after startup must not change how the
// ES2023-ES2025 built-ins behave. Everything is computed while the patches are
// in place, the patches are removed, and only then is anything printed.

// Captured before anything is patched; lists are null-prototype objects so
// that the setters put on Array.prototype below do not affect this file.
const $String = String;
const defineProperty = Object.defineProperty;
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const apply = Reflect.apply;
const hasOwnProperty = Object.prototype.hasOwnProperty;
const hasOwn = (obj, key) => apply(hasOwnProperty, obj, [key]);
const typedArrayLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), "length").get;
const results = { __proto__: null, length: 0 };
const record = (label, value) => { results[results.length++] = label + ": " + value; };
const join = (arrayLike) => {
  let s = "";
  const length = isView(arrayLike) ? apply(typedArrayLength, arrayLike, []) : arrayLike.length;
  for (let i = 0; i < length; i++) s += (i ? "," : "") + $String(arrayLike[i]);
  return s;
};
function attempt(label, f) {
  try {
    record(label, f());
  } catch (e) {
    record(label, "threw " + e.constructor.name + " " + $String(e.message));
  }
}

// Save and patch (descriptors are copied into null-prototype objects).
const saved = { __proto__: null, length: 0 };
function save(obj, key) {
  const desc = getOwnPropertyDescriptor(obj, key);
  let copy;
  if (desc !== undefined) {
    copy = { __proto__: null };
    for (const field of ["value", "writable", "get", "set", "enumerable", "configurable"]) {
      if (hasOwn(desc, field)) copy[field] = desc[field];
    }
  }
  saved[saved.length++] = { __proto__: null, obj, key, desc: copy };
}
function patch(obj, key, value) {
  save(obj, key);
  defineProperty(obj, key, { __proto__: null, value, writable: true, configurable: true });
}
function patchAccessor(obj, key, get, set) {
  save(obj, key);
  defineProperty(obj, key, { __proto__: null, get, set, configurable: true });
}
const boom = (name) => function () { throw new Error("patched " + name + " called"); };

const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const SetIteratorPrototype = Object.getPrototypeOf(new Set().values());
const MapIteratorPrototype = Object.getPrototypeOf(new Map().values());
const GeneratorPrototype = Object.getPrototypeOf(function* () {}).prototype;
const IteratorPrototype = Object.getPrototypeOf(GeneratorPrototype);
const realIteratorFrom = Iterator.from;
const realMap = Map;
const realSet = Set;
const realPromise = Promise;

// Inputs made before patching.
const arr = [5, 1, 4, 2, 3];
const ta = new Int16Array([5, 1, 4]);
const setA = new Set([1, 2, 3]);
const buffer = new ArrayBuffer(4);
new Uint8Array(buffer)[0] = 42;
const arrayIterator = [10, 20, 30].values();
const isView = ArrayBuffer.isView;
const plainIterator = { i: 0, next() { return this.i < 2 ? { value: this.i++, done: false } : { value: undefined, done: true }; } };

for (const name of ["push", "slice", "sort", "reverse", "splice", "concat", "map", "filter", "forEach", "join", "fill"]) {
  patch(Array.prototype, name, boom("Array.prototype." + name));
}
patchAccessor(Array.prototype, "0", boom("Array.prototype[0] getter"), boom("Array.prototype[0] setter"));
patchAccessor(Array.prototype, "1", boom("Array.prototype[1] getter"), boom("Array.prototype[1] setter"));
patchAccessor(Object.prototype, "get", () => undefined, undefined);
patch(Object.prototype, "set", boom("Object.prototype.set"));
patch(Object.prototype, "value", "polluted");
patch(Object.prototype, "done", true);
patchAccessor(Array, Symbol.species, boom("Array[Symbol.species]"), undefined);
patch(Array, "from", boom("Array.from"));
patch(Array, "of", boom("Array.of"));
for (const name of ["apply", "call", "bind"]) patch(Function.prototype, name, boom("Function.prototype." + name));
for (const name of ["apply", "construct", "defineProperty", "ownKeys", "getOwnPropertyDescriptor", "has"]) patch(Reflect, name, boom("Reflect." + name));
for (const name of ["defineProperty", "getOwnPropertyDescriptor", "getPrototypeOf", "setPrototypeOf", "hasOwn", "keys", "freeze"]) {
  patch(Object, name, boom("Object." + name));
}
for (const name of ["get", "set", "has", "forEach", "entries", "keys", "values"]) patch(Map.prototype, name, boom("Map.prototype." + name));
for (const name of ["add", "has", "delete", "values", "keys", "entries", "forEach", "clear"]) patch(Set.prototype, name, boom("Set.prototype." + name));
patchAccessor(Set.prototype, "size", boom("Set.prototype.size"), undefined);
patch(SetIteratorPrototype, "next", boom("%SetIteratorPrototype%.next"));
patch(MapIteratorPrototype, "next", boom("%MapIteratorPrototype%.next"));
patch(GeneratorPrototype, "next", boom("%GeneratorPrototype%.next"));
patch(GeneratorPrototype, "return", boom("%GeneratorPrototype%.return"));
for (const name of ["set", "sort", "reverse", "at", "slice", "subarray", "fill"]) patch(TypedArrayPrototype, name, boom("%TypedArray%.prototype." + name));
patchAccessor(TypedArrayPrototype, "length", boom("%TypedArray%.prototype.length"), undefined);
patch(String.prototype, "charCodeAt", boom("String.prototype.charCodeAt"));
patch(String.prototype, "slice", boom("String.prototype.slice"));
patch(String.prototype, "codePointAt", boom("String.prototype.codePointAt"));
patch(Promise.prototype, "then", boom("Promise.prototype.then"));
patch(Math, "min", boom("Math.min"));
patch(Math, "max", boom("Math.max"));
patch(Math, "trunc", boom("Math.trunc"));
patch(Number, "isNaN", boom("Number.isNaN"));
patch(JSON, "stringify", boom("JSON.stringify"));
patch(BigInt, "asIntN", boom("BigInt.asIntN"));
patch(globalThis, "Map", boom("Map"));
patch(globalThis, "Set", boom("Set"));
patch(globalThis, "Array", boom("Array"));
patch(globalThis, "Promise", boom("Promise"));
patch(globalThis, "TypeError", boom("TypeError"));
patch(globalThis, "RangeError", boom("RangeError"));
patch(globalThis, "Proxy", boom("Proxy"));
patch(globalThis, "String", boom("String"));
patch(globalThis, "Uint8Array", boom("Uint8Array"));
patch(globalThis, "Int16Array", boom("Int16Array"));
patch(globalThis, "ArrayBuffer", boom("ArrayBuffer"));

// Use everything.
attempt("toSorted", () => join(arr.toSorted()));
attempt("toSorted cmp", () => join(arr.toSorted((a, b) => b - a)));
attempt("toReversed", () => join(arr.toReversed()));
attempt("toSpliced", () => join(arr.toSpliced(1, 2, "x")));
attempt("with", () => join(arr.with(0, "w")));
attempt("with RangeError", () => { try { arr.with(99, 0); return "no error"; } catch (e) { return e.name; } });
attempt("toSorted TypeError", () => { try { arr.toSorted(1); return "no error"; } catch (e) { return e.name; } });
attempt("TA toSorted", () => join(ta.toSorted()));
attempt("TA toReversed", () => join(ta.toReversed()));
attempt("TA with", () => join(ta.with(-1, 9)));
// Observable lookups (the input's `next`, other's `size`/`has`/`keys`) are
// done on user objects here, so only internal uses could hit the patches.
const setLike = (values) => ({ size: values.length, has: (v) => values.includes(v), keys: () => arrayIteratorOf(values) });
attempt("Object.groupBy", () => { const g = Object.groupBy(arrayIteratorOf([1, 2, 3]), (x) => (x % 2 ? "odd" : "even")); return join(g.odd) + "|" + join(g.even); });
attempt("Map.groupBy", () => { const g = realMap.groupBy(arrayIteratorOf([1, 2, 3]), (x) => x > 1); return (g instanceof realMap) + "," + g.size; });
attempt("union", () => (setA.union(setLike([2, 3, 4])) instanceof realSet ? "Set" : "?"));
attempt("intersection", () => (setA.intersection(setLike([2, 3, 4])) instanceof realSet ? "Set" : "?"));
attempt("intersection (keys branch)", () => (setA.intersection(setLike([2])) instanceof realSet ? "Set" : "?"));
attempt("difference", () => (setA.difference(setLike([2, 3, 4])) instanceof realSet ? "Set" : "?"));
attempt("difference (keys branch)", () => (setA.difference(setLike([2])) instanceof realSet ? "Set" : "?"));
attempt("symmetricDifference", () => (setA.symmetricDifference(setLike([2, 3, 4])) instanceof realSet ? "Set" : "?"));
attempt("isSubsetOf", () => setA.isSubsetOf(setLike([1, 2, 3, 4])));
attempt("isSupersetOf", () => setA.isSupersetOf(setLike([2, 9])));
attempt("isDisjointFrom", () => setA.isDisjointFrom(setLike([7, 8, 9, 10])) + "," + setA.isDisjointFrom(setLike([3])));
attempt("helpers", () => join(arrayIteratorOf([1, 2, 3, 4]).map((x) => x * 2).filter((x) => x > 2).take(2).toArray()));
attempt("drop/reduce", () => arrayIterator.drop(1).reduce((a, b) => a + b));
attempt("Iterator.from", () => join(realIteratorFrom(plainIterator).toArray()));
attempt("flatMap", () => join(arrayIteratorOf([1, 2, 3]).flatMap((x) => arrayIteratorOf([x, -x])).take(4).toArray()));
attempt("some/every/find", () => arrayIteratorOf([1, 2]).some((x) => x === 2) + "," + arrayIteratorOf([1, 2]).every((x) => x < 9) + "," + arrayIteratorOf([1, 2, 3]).find((x) => x > 2));
attempt("helper return", () => { const h = arrayIteratorOf([1, 2]).map((x) => x); h.next(); return $String(h.return().done); });
attempt("helper return before start", () => { const h = arrayIteratorOf([1, 2]).map((x) => x); return $String(h.return().done) + "," + $String(h.next().done); });
attempt("isWellFormed", () => "a\uD800".isWellFormed() + "," + "ab".isWellFormed());
attempt("toWellFormed", () => "a\uD800b".toWellFormed() === "a\uFFFDb");
attempt("transfer", () => { const t = buffer.transfer(8); return t.byteLength + "," + buffer.detached + "," + t.detached; });
attempt("withResolvers", () => { const r = realPromise.withResolvers(); return typeof r.resolve + "," + (r.promise instanceof realPromise); });

// An iterator over an array that does not use Array.prototype[Symbol.iterator] or next lookups that were patched.
function arrayIteratorOf(values) {
  let i = 0;
  return { __proto__: IteratorPrototype, next() { return i < values.length ? { value: values[i++], done: false } : { value: undefined, done: true }; } };
}

// Unpatch, in reverse order, then print.
for (let i = saved.length - 1; i >= 0; i--) {
  const { obj, key, desc } = saved[i];
  if (desc === undefined) delete obj[key];
  else defineProperty(obj, key, desc);
}
for (let i = 0; i < results.length; i++) console.log(results[i]);

// Array.fromAsync and Promise.withResolvers with Promise.prototype.then patched.
{
  const then = Promise.prototype.then;
  let thenCalls = 0;
  Promise.prototype.then = function (...args) { thenCalls++; return then.apply(this, args); };
  Array.fromAsync([1, Promise.resolve(2)], (x) => x * 3).then((a) => {
    Promise.prototype.then = then;
    console.log("fromAsync: " + a.join() + " (patched then used by user code only: " + (thenCalls === 1) + ")");
  });
}
