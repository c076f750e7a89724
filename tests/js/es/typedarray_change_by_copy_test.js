import { Shown } from "../shown.ts";

Deno.test("typedarray_change_by_copy", async () => {
  const shown = new Shown();
  "use strict";
  // %TypedArray%.prototype.toReversed / toSorted / with (ES2023).

  const hasOwn = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);
  const show = (v) => shown.at(1, [JSON.stringify(v)]);
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

  shown.at(2, ["-- descriptors"], ["-- descriptors"]);
  for (const [name, len] of [["toReversed", 0], ["toSorted", 1], ["with", 2]]) {
    const d = Object.getOwnPropertyDescriptor(TypedArray.prototype, name);
    shown.at(3, [name, d.value.name, d.value.length, d.writable, d.enumerable, d.configurable, err(() => new d.value())], ["toReversed", "toReversed", 0, true, false, true, "TypeError"], ["toSorted", "toSorted", 1, true, false, true, "TypeError"], ["with", "with", 2, true, false, true, "TypeError"]);
    shown.at(4, [name, "not on concrete prototypes:", hasOwn(Uint8Array.prototype, name)], ["toReversed", "not on concrete prototypes:", false], ["toSorted", "not on concrete prototypes:", false], ["with", "not on concrete prototypes:", false]);
  }

  shown.at(5, ["-- every kind"], ["-- every kind"]);
  for (const C of kinds) {
    const src = isBig(C) ? new C([3n, 1n, 2n]) : new C([3, 1, 2]);
    const rev = src.toReversed();
    const sorted = src.toSorted();
    const w = src.with(1, isBig(C) ? 9n : 9);
    shown.at(6, [C.name, list(src), list(rev), list(sorted), list(w),
      rev.constructor === C, sorted.constructor === C, w.constructor === C,
      rev.buffer !== src.buffer, sorted.buffer !== src.buffer, w.buffer !== src.buffer], ["Int8Array", "3,1,2", "2,1,3", "1,2,3", "3,9,2", true, true, true, true, true, true], ["Uint8Array", "3,1,2", "2,1,3", "1,2,3", "3,9,2", true, true, true, true, true, true], ["Uint8ClampedArray", "3,1,2", "2,1,3", "1,2,3", "3,9,2", true, true, true, true, true, true], ["Int16Array", "3,1,2", "2,1,3", "1,2,3", "3,9,2", true, true, true, true, true, true], ["Uint16Array", "3,1,2", "2,1,3", "1,2,3", "3,9,2", true, true, true, true, true, true], ["Int32Array", "3,1,2", "2,1,3", "1,2,3", "3,9,2", true, true, true, true, true, true], ["Uint32Array", "3,1,2", "2,1,3", "1,2,3", "3,9,2", true, true, true, true, true, true], ["Float32Array", "3,1,2", "2,1,3", "1,2,3", "3,9,2", true, true, true, true, true, true], ["Float64Array", "3,1,2", "2,1,3", "1,2,3", "3,9,2", true, true, true, true, true, true], ["BigInt64Array", "3,1,2", "2,1,3", "1,2,3", "3,9,2", true, true, true, true, true, true], ["BigUint64Array", "3,1,2", "2,1,3", "1,2,3", "3,9,2", true, true, true, true, true, true]);
  }

  shown.at(7, ["-- toSorted"], ["-- toSorted"]);
  shown.at(8, [list(new Float64Array([3, NaN, -0, 0, -Infinity, 1]).toSorted())], ["-Infinity,0,0,1,3,NaN"]);
  shown.at(9, [Object.is(new Float64Array([0, -0]).toSorted()[0], -0)], [true]);
  shown.at(10, [list(new Int32Array([1, 20, 3]).toSorted((x, y) => y - x))], ["20,3,1"]);
  shown.at(11, [list(new Int32Array([5, 1, 4]).toSorted(() => NaN))], ["5,1,4"]);
  shown.at(12, [err(() => new Int8Array(1).toSorted(null)), err(() => new Int8Array(1).toSorted({}))], ["TypeError", "TypeError"]);
  shown.at(13, ["comparefn before this:", err(() => TypedArray.prototype.toSorted.call({}, 1))], ["comparefn before this:", "TypeError"]);
  shown.at(14, [list(new Uint8Array([10, 9, 1]).toSorted())], ["1,9,10"]); // numeric, not string, order
  {
    const ta = new Uint8Array([3, 2, 1]);
    const sorted = ta.toSorted((x, y) => { ta[0] = 100; return x - y; });
    shown.at(15, [list(sorted), list(ta)], ["1,2,3", "100,2,1"]);
  }

  shown.at(16, ["-- this validation"], ["-- this validation"]);
  for (const method of ["toReversed", "toSorted"]) {
    shown.at(17, [method, err(() => TypedArray.prototype[method].call([1, 2])), err(() => TypedArray.prototype[method].call({})),
      err(() => TypedArray.prototype[method].call(null)), err(() => TypedArray.prototype[method].call(new ArrayBuffer(2))),
      err(() => TypedArray.prototype[method].call(new DataView(new ArrayBuffer(2))))], ["toReversed", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError"], ["toSorted", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError"]);
  }
  shown.at(18, ["with", err(() => TypedArray.prototype.with.call([1], 0, 0)), err(() => TypedArray.prototype.with.call(undefined, 0, 0))], ["with", "TypeError", "TypeError"]);

  shown.at(19, ["-- species is ignored"], ["-- species is ignored"]);
  {
    class MyTA extends Uint8Array {
      static get [Symbol.species]() { throw new Error("species read"); }
    }
    const m = new MyTA([2, 1]);
    shown.at(20, [m.toReversed().constructor === Uint8Array, m.toSorted().constructor === Uint8Array, m.with(0, 5).constructor === Uint8Array], [true, true, true]);
    const n = new Uint8Array([1, 2]);
    Object.defineProperty(n, "constructor", { get() { throw new Error("constructor read"); } });
    shown.at(21, [list(n.toReversed()), list(n.toSorted()), list(n.with(0, 7))], ["2,1", "1,2", "7,2"]);
  }

  shown.at(22, ["-- with"], ["-- with"]);
  const u = new Uint8Array([1, 2, 3]);
  shown.at(23, [list(u.with(-1, 300)), list(u.with("0", "7")), list(u.with(1.5, 4.7)), list(u)], ["1,2,44", "7,2,3", "1,4,3", "1,2,3"]);
  shown.at(24, [list(new Uint8ClampedArray([0, 0]).with(0, 300)), list(new Int8Array([0]).with(0, 200))], ["255,0", "-56"]);
  shown.at(25, [list(new Float32Array([0]).with(0, 1.1))], ["1.100000023841858"]);
  shown.at(26, [err(() => u.with(3, 0)), err(() => u.with(-4, 0)), err(() => u.with(Infinity, 0))], ["RangeError", "RangeError", "RangeError"]);
  shown.at(27, [err(() => u.with(0, 1n)), err(() => u.with(0, Symbol()))], ["TypeError", "TypeError"]);
  shown.at(28, [err(() => new BigInt64Array(1).with(0, 1)), err(() => new BigInt64Array(1).with(0, undefined)),
    err(() => new BigInt64Array(1).with(0, "x")), list(new BigInt64Array(1).with(0, "12")), list(new BigInt64Array(1).with(0, true))], ["TypeError", "TypeError", "SyntaxError", "12", "1"]);
  shown.at(29, [list(new BigUint64Array(1).with(0, -1n)), list(new BigInt64Array(1).with(0, 2n ** 63n))], ["18446744073709551615", "-9223372036854775808"]);
  {
    // order: index conversion, value conversion, then the range check
    const log = [];
    const index = { valueOf() { log.push("index"); return 5; } };
    const value = { valueOf() { log.push("value"); return 1; } };
    shown.at(30, [err(() => u.with(index, value)), log.join(", ")], ["RangeError", "index, value"]);
  }
  {
    // the value is converted even when the index is out of range
    const log = [];
    const value = { valueOf() { log.push("value"); return 1; } };
    shown.at(31, [err(() => u.with(-100, value)), log.join(", ")], ["RangeError", "value"]);
  }
  {
    // a value conversion that throws wins over a bad index
    shown.at(32, [err(() => u.with(100, { valueOf() { throw new SyntaxError("v"); } }))], ["SyntaxError"]);
  }
  {
    // the value's valueOf detaches the buffer: RangeError (IsValidIntegerIndex is false)
    const ta = new Uint8Array([1, 2, 3]);
    const value = { valueOf() { ta.buffer.transfer(); return 9; } };
    shown.at(33, [err(() => ta.with(0, value)), ta.length], ["RangeError", 0]);
  }

  shown.at(34, ["-- detached"], ["-- detached"]);
  {
    const ta = new Int16Array([1, 2]);
    ta.buffer.transfer();
    shown.at(35, [err(() => ta.toReversed()), err(() => ta.toSorted()), err(() => ta.with(0, 0))], ["TypeError", "TypeError", "TypeError"]);
    shown.at(36, ["comparefn checked first:", err(() => ta.toSorted(1))], ["comparefn checked first:", "TypeError"]);
    const empty = new Int16Array(0);
    shown.at(37, [list(empty.toReversed()), list(empty.toSorted()), err(() => empty.with(0, 0))], ["", "", "RangeError"]);
  }

  shown.at(38, ["-- views with offsets"], ["-- views with offsets"]);
  {
    const buf = new ArrayBuffer(8);
    const full = new Uint8Array(buf);
    full.set([1, 2, 3, 4, 5, 6, 7, 8]);
    const view = new Uint8Array(buf, 2, 4);
    shown.at(39, [list(view.toReversed()), list(view.toSorted((x, y) => y - x)), list(view.with(0, 0)), view.toReversed().byteOffset, view.toReversed().length], ["6,5,4,3", "6,5,4,3", "0,4,5,6", 0, 4]);
    const v16 = new Uint16Array(buf, 4, 2);
    shown.at(40, [v16.toReversed().length, v16.toReversed().byteLength, v16.with(1, 1).buffer.byteLength], [2, 4, 4]);
  }
  shown.done([2, 3, 4, 3, 4, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
});
