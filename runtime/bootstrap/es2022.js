// ES2022 built-ins that V8 10.2 ships behind "harmony shipping" flags. V8 does
// not install those in an isolate that is making a snapshot, so while the
// built-ins are evaluated at build time they are missing; the later built-ins
// (and user code) rely on them. Spec-exact versions, installed only if absent.
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const TypedArrayLength = Object.getOwnPropertyDescriptor(TypedArrayPrototype, "length").get;
const HasOwnProperty = Object.prototype.hasOwnProperty;
const MathTrunc = Math.trunc;
const MathMin = Math.min;

function toIntegerOrInfinity(value) {
  const n = +value;
  if (n !== n || n === 0) return 0;
  return MathTrunc(n);
}
function toObject(value, method) {
  if (value === null || value === undefined) throw new TypeError(`${method} called on null or undefined`);
  return Object(value);
}
function lengthOfArrayLike(o) {
  const len = toIntegerOrInfinity(o.length);
  return len <= 0 ? 0 : MathMin(len, 2 ** 53 - 1);
}
// ValidateTypedArray: throws on non-typed-arrays and detached buffers.
function typedArrayLength(o) {
  return Reflect.apply(TypedArrayLength, o, []);
}
// What this file installed; globals.js removes Object.hasOwn again at the end of
// bootstrapping: a hasOwn defined while the snapshot is made comes back as
// undefined after deserialization, and V8 installs its own once it is deleted.
const installed = [];
internals.es2022Shims = installed;

function install(target, name, fn, length) {
  if (Object.prototype.hasOwnProperty.call(target, name)) return;
  installed.push([target, name]);
  Object.defineProperty(fn, "name", { value: name });
  Object.defineProperty(fn, "length", { value: length });
  Object.defineProperty(target, name, { value: fn, writable: true, enumerable: false, configurable: true });
}

// 20.1.2.13 Object.hasOwn ( O, P )
install(Object, "hasOwn", function (o, p) {
  const obj = toObject(o, "Object.hasOwn");
  return Reflect.apply(HasOwnProperty, obj, [p]);
}, 2);

// 23.1.3.1 Array.prototype.at ( index )
install(Array.prototype, "at", function (index) {
  const o = toObject(this, "Array.prototype.at");
  const len = lengthOfArrayLike(o);
  const rel = toIntegerOrInfinity(index);
  const k = rel >= 0 ? rel : len + rel;
  return k < 0 || k >= len ? undefined : o[k];
}, 1);

// 22.1.3.1 String.prototype.at ( index )
install(String.prototype, "at", function (index) {
  if (this === null || this === undefined) throw new TypeError("String.prototype.at called on null or undefined");
  const s = String(this);
  const rel = toIntegerOrInfinity(index);
  const k = rel >= 0 ? rel : s.length + rel;
  return k < 0 || k >= s.length ? undefined : s[k];
}, 1);

// 23.2.3.1 %TypedArray%.prototype.at ( index )
install(TypedArrayPrototype, "at", function (index) {
  const len = typedArrayLength(this);
  const rel = toIntegerOrInfinity(index);
  const k = rel >= 0 ? rel : len + rel;
  return k < 0 || k >= len ? undefined : this[k];
}, 1);

// 23.1.3.11/12 Array.prototype.findLast / findLastIndex, and the %TypedArray% pair.
function findLastFrom(o, len, predicate, thisArg, method) {
  if (typeof predicate !== "function") throw new TypeError(`${predicate} is not a function`);
  for (let k = len - 1; k >= 0; k--) {
    const value = o[k];
    if (Reflect.apply(predicate, thisArg, [value, k, o])) return [k, value];
  }
  return [-1, undefined];
}
install(Array.prototype, "findLast", function (predicate, thisArg = undefined) {
  const o = toObject(this, "Array.prototype.findLast");
  return findLastFrom(o, lengthOfArrayLike(o), predicate, thisArg)[1];
}, 1);
install(Array.prototype, "findLastIndex", function (predicate, thisArg = undefined) {
  const o = toObject(this, "Array.prototype.findLastIndex");
  return findLastFrom(o, lengthOfArrayLike(o), predicate, thisArg)[0];
}, 1);
install(TypedArrayPrototype, "findLast", function (predicate, thisArg = undefined) {
  return findLastFrom(this, typedArrayLength(this), predicate, thisArg)[1];
}, 1);
install(TypedArrayPrototype, "findLastIndex", function (predicate, thisArg = undefined) {
  return findLastFrom(this, typedArrayLength(this), predicate, thisArg)[0];
}, 1);
for (const name of ["at", "findLast", "findLastIndex"]) {
  const unscopables = Array.prototype[Symbol.unscopables];
  if (!Object.prototype.hasOwnProperty.call(unscopables, name)) unscopables[name] = true;
}
