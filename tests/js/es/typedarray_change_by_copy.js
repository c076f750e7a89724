"use strict";
// %TypedArray%.prototype.toReversed / toSorted / with (ES2023).

const hasOwn = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);
const show = (v) => console.log(JSON.stringify(v));
function err(f) {
  try {
    f();
    return "no error";
  } catch (e) {
    return e.constructor.name;
  }
}
const TypedArray = Object.getPrototypeOf(Int8Array);
const kinds = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
  Float32Array, Float64Array, BigInt64Array, BigUint64Array];
const isBig = (C) => C === BigInt64Array || C === BigUint64Array;
const list = (ta) => Array.prototype.map.call(ta, String).join(",");

console.log("-- descriptors");
for (const [name, len] of [["toReversed", 0], ["toSorted", 1], ["with", 2]]) {
  const d = Object.getOwnPropertyDescriptor(TypedArray.prototype, name);
  console.log(name, d.value.name, d.value.length, d.writable, d.enumerable, d.configurable, err(() => new d.value()));
  console.log(name, "not on concrete prototypes:", hasOwn(Uint8Array.prototype, name));
}

console.log("-- every kind");
for (const C of kinds) {
  const src = isBig(C) ? new C([3n, 1n, 2n]) : new C([3, 1, 2]);
  const rev = src.toReversed();
  const sorted = src.toSorted();
  const w = src.with(1, isBig(C) ? 9n : 9);
  console.log(C.name, list(src), list(rev), list(sorted), list(w),
    rev.constructor === C, sorted.constructor === C, w.constructor === C,
    rev.buffer !== src.buffer, sorted.buffer !== src.buffer, w.buffer !== src.buffer);
}

console.log("-- toSorted");
console.log(list(new Float64Array([3, NaN, -0, 0, -Infinity, 1]).toSorted()));
console.log(Object.is(new Float64Array([0, -0]).toSorted()[0], -0));
console.log(list(new Int32Array([1, 20, 3]).toSorted((x, y) => y - x)));
console.log(list(new Int32Array([5, 1, 4]).toSorted(() => NaN)));
console.log(err(() => new Int8Array(1).toSorted(null)), err(() => new Int8Array(1).toSorted({})));
console.log("comparefn before this:", err(() => TypedArray.prototype.toSorted.call({}, 1)));
console.log(list(new Uint8Array([10, 9, 1]).toSorted())); // numeric, not string, order
{
  const ta = new Uint8Array([3, 2, 1]);
  const sorted = ta.toSorted((x, y) => { ta[0] = 100; return x - y; });
  console.log(list(sorted), list(ta));
}

console.log("-- this validation");
for (const method of ["toReversed", "toSorted"]) {
  console.log(method, err(() => TypedArray.prototype[method].call([1, 2])), err(() => TypedArray.prototype[method].call({})),
    err(() => TypedArray.prototype[method].call(null)), err(() => TypedArray.prototype[method].call(new ArrayBuffer(2))),
    err(() => TypedArray.prototype[method].call(new DataView(new ArrayBuffer(2)))));
}
console.log("with", err(() => TypedArray.prototype.with.call([1], 0, 0)), err(() => TypedArray.prototype.with.call(undefined, 0, 0)));

console.log("-- species is ignored");
{
  class MyTA extends Uint8Array {
    static get [Symbol.species]() { throw new Error("species read"); }
  }
  const m = new MyTA([2, 1]);
  console.log(m.toReversed().constructor === Uint8Array, m.toSorted().constructor === Uint8Array, m.with(0, 5).constructor === Uint8Array);
  const n = new Uint8Array([1, 2]);
  Object.defineProperty(n, "constructor", { get() { throw new Error("constructor read"); } });
  console.log(list(n.toReversed()), list(n.toSorted()), list(n.with(0, 7)));
}

console.log("-- with");
const u = new Uint8Array([1, 2, 3]);
console.log(list(u.with(-1, 300)), list(u.with("0", "7")), list(u.with(1.5, 4.7)), list(u));
console.log(list(new Uint8ClampedArray([0, 0]).with(0, 300)), list(new Int8Array([0]).with(0, 200)));
console.log(list(new Float32Array([0]).with(0, 1.1)));
console.log(err(() => u.with(3, 0)), err(() => u.with(-4, 0)), err(() => u.with(Infinity, 0)));
console.log(err(() => u.with(0, 1n)), err(() => u.with(0, Symbol())));
console.log(err(() => new BigInt64Array(1).with(0, 1)), err(() => new BigInt64Array(1).with(0, undefined)),
  err(() => new BigInt64Array(1).with(0, "x")), list(new BigInt64Array(1).with(0, "12")), list(new BigInt64Array(1).with(0, true)));
console.log(list(new BigUint64Array(1).with(0, -1n)), list(new BigInt64Array(1).with(0, 2n ** 63n)));
{
  // order: index conversion, value conversion, then the range check
  const log = [];
  const index = { valueOf() { log.push("index"); return 5; } };
  const value = { valueOf() { log.push("value"); return 1; } };
  console.log(err(() => u.with(index, value)), log.join(", "));
}
{
  // the value is converted even when the index is out of range
  const log = [];
  const value = { valueOf() { log.push("value"); return 1; } };
  console.log(err(() => u.with(-100, value)), log.join(", "));
}
{
  // a value conversion that throws wins over a bad index
  console.log(err(() => u.with(100, { valueOf() { throw new SyntaxError("v"); } })));
}
{
  // the value's valueOf detaches the buffer: RangeError (IsValidIntegerIndex is false)
  const ta = new Uint8Array([1, 2, 3]);
  const value = { valueOf() { ta.buffer.transfer(); return 9; } };
  console.log(err(() => ta.with(0, value)), ta.length);
}

console.log("-- detached");
{
  const ta = new Int16Array([1, 2]);
  ta.buffer.transfer();
  console.log(err(() => ta.toReversed()), err(() => ta.toSorted()), err(() => ta.with(0, 0)));
  console.log("comparefn checked first:", err(() => ta.toSorted(1)));
  const empty = new Int16Array(0);
  console.log(list(empty.toReversed()), list(empty.toSorted()), err(() => empty.with(0, 0)));
}

console.log("-- views with offsets");
{
  const buf = new ArrayBuffer(8);
  const full = new Uint8Array(buf);
  full.set([1, 2, 3, 4, 5, 6, 7, 8]);
  const view = new Uint8Array(buf, 2, 4);
  console.log(list(view.toReversed()), list(view.toSorted((x, y) => y - x)), list(view.with(0, 0)), view.toReversed().byteOffset, view.toReversed().length);
  const v16 = new Uint16Array(buf, 4, 2);
  console.log(v16.toReversed().length, v16.toReversed().byteLength, v16.with(1, 1).buffer.byteLength);
}
