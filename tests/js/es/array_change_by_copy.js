"use strict";
// Array.prototype.toReversed / toSorted / toSpliced / with (ES2023).

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
// An array-like that logs every observable operation on it.
function traced(target, log) {
  return new Proxy(target, {
    get(t, k, r) {
      log.push("get " + String(k));
      return Reflect.get(t, k, r);
    },
    has(t, k) {
      log.push("has " + String(k));
      return Reflect.has(t, k);
    },
    set(t, k, v, r) {
      log.push("set " + String(k));
      return Reflect.set(t, k, v, r);
    },
    defineProperty(t, k, d) {
      log.push("define " + String(k));
      return Reflect.defineProperty(t, k, d);
    },
  });
}

console.log("-- descriptors");
for (const [name, len] of [["toReversed", 0], ["toSorted", 1], ["toSpliced", 2], ["with", 2]]) {
  const d = Object.getOwnPropertyDescriptor(Array.prototype, name);
  console.log(name, typeof d.value, d.value.name, d.value.length, d.writable, d.enumerable, d.configurable,
    hasOwn(d.value, "prototype"), err(() => new d.value()));
}
const unscopables = Array.prototype[Symbol.unscopables];
console.log("unscopables", Object.getPrototypeOf(unscopables) === null,
  unscopables.toReversed, unscopables.toSorted, unscopables.toSpliced, hasOwn(unscopables, "with"));
const ud = Object.getOwnPropertyDescriptor(unscopables, "toSorted");
console.log("unscopables desc", ud.writable, ud.enumerable, ud.configurable);

console.log("-- toReversed");
const a = [1, 2, 3];
const r = a.toReversed();
show([a, r, r !== a, Array.isArray(r)]);
show([, 1, , 2].toReversed()); // holes read as undefined
show(Array.prototype.toReversed.call({ length: 3, 0: "a", 2: "c" }));
show(Array.prototype.toReversed.call("abc"));
show(Array.prototype.toReversed.call(5));
console.log(err(() => Array.prototype.toReversed.call(null)), err(() => Array.prototype.toReversed.call(undefined)));
console.log(err(() => Array.prototype.toReversed.call({ length: 2 ** 32 })));
{
  const log = [];
  Array.prototype.toReversed.call(traced({ length: 3, 0: "x", 1: "y", 2: "z" }, log));
  console.log(log.join(", "));
}
{
  // species and constructor are ignored
  class MyArray extends Array {}
  const m = MyArray.from([1, 2]);
  console.log(m.toReversed().constructor === Array, Object.getPrototypeOf(m.toReversed()) === Array.prototype);
}

console.log("-- toSorted");
show([3, 1, 10, 2].toSorted());
show([3, 1, 10, 2].toSorted((x, y) => x - y));
show([3, undefined, 1, , 2].toSorted()); // undefined and holes last
show([{ k: 1, v: "a" }, { k: 0, v: "b" }, { k: 1, v: "c" }, { k: 0, v: "d" }].toSorted((x, y) => x.k - y.k).map((o) => o.v)); // stable
show(["b", "a", "C"].toSorted());
show(Array.prototype.toSorted.call({ length: 3, 0: 5, 1: 4, 2: 6 }));
console.log(err(() => [1].toSorted(null)), err(() => [1].toSorted("x")), err(() => [1].toSorted({})));
console.log(err(() => [].toSorted(1)), "comparefn checked before this:", err(() => Array.prototype.toSorted.call(null, 1)));
console.log(err(() => Array.prototype.toSorted.call(null)));
console.log(err(() => Array.prototype.toSorted.call({ length: 2 ** 32 })));
console.log(err(() => [1, 2].toSorted(() => { throw new SyntaxError("cmp"); })));
show([1, 2, 3].toSorted(() => NaN));
{
  const log = [];
  Array.prototype.toSorted.call(traced({ length: 2, 0: 2, 1: 1 }, log));
  console.log(log.join(", "));
}
{
  const orig = [3, 2, 1];
  const s = orig.toSorted();
  show([orig, s]);
}
{
  let calls = 0;
  const o = { length: 2, get 0() { calls++; return 1; }, get 1() { calls++; return 0; } };
  show([Array.prototype.toSorted.call(o), calls]);
}

console.log("-- toSpliced");
const b = [1, 2, 3, 4, 5];
show(b.toSpliced());
show(b.toSpliced(2));
show(b.toSpliced(1, 2));
show(b.toSpliced(1, 2, "a", "b", "c"));
show(b.toSpliced(-2, 1));
show(b.toSpliced(-10, 1));
show(b.toSpliced(10, 1, "z"));
show(b.toSpliced(1, -5, "y"));
show(b.toSpliced(1, Infinity));
show(b.toSpliced(undefined, undefined));
show(b.toSpliced(undefined));
show(b.toSpliced(2, undefined));
show(b.toSpliced(1, undefined, "u"));
show(b.toSpliced("1", "2"));
show(b.toSpliced(1.7, 1.9));
show(b);
show([, 1, , 2].toSpliced(0, 0));
show(Array.prototype.toSpliced.call({ length: 3, 0: "a", 1: "b", 2: "c" }, 1, 1));
console.log(err(() => Array.prototype.toSpliced.call({ length: 2 ** 53 - 1 }, 0, 0, 1)));
console.log(err(() => Array.prototype.toSpliced.call({ length: 2 ** 32 - 1 }, 0, 0, 1)));
console.log(err(() => Array.prototype.toSpliced.call(null)));
console.log(err(() => [].toSpliced(Symbol())));
{
  const log = [];
  Array.prototype.toSpliced.call(traced({ length: 4, 0: 0, 1: 1, 2: 2, 3: 3 }, log), 1, 2, "n");
  console.log(log.join(", "));
}
{
  const log = [];
  const start = { valueOf() { log.push("start"); return 1; } };
  const skip = { valueOf() { log.push("skip"); return 1; } };
  Array.prototype.toSpliced.call(traced({ length: 2, 0: 0, 1: 1 }, log), start, skip);
  console.log(log.join(", "));
}

console.log("-- with");
const c = [1, 2, 3];
show(c.with(0, "a"));
show(c.with(-1, "z"));
show(c.with("1", "m"));
show(c.with(1.9, "t"));
show(c);
show([, 1].with(1, 2));
console.log(err(() => c.with(3, 0)), err(() => c.with(-4, 0)), err(() => c.with(Infinity, 0)), err(() => c.with(-Infinity, 0)));
console.log(err(() => [].with(0, 0)), err(() => Array.prototype.with.call(null, 0, 0)));
console.log(err(() => c.with(Symbol(), 0)), err(() => c.with(1n, 0)));
show(c.with(NaN, "nan")); // NaN -> 0
show(Array.prototype.with.call({ length: 2, 0: "p", 1: "q" }, 1, "Q"));
console.log(err(() => Array.prototype.with.call({ length: 2 ** 32 }, 0, 0)));
{
  const log = [];
  const index = { valueOf() { log.push("index"); return 1; } };
  Array.prototype.with.call(traced({ length: 3, 0: 0, 1: 1, 2: 2 }, log), index, "v");
  console.log(log.join(", "));
}
{
  // the index is checked against the length read before conversion
  const log = [];
  const arr = [1, 2];
  const index = { valueOf() { log.push("grow"); arr.push(3); return 2; } };
  console.log(err(() => arr.with(index, 0)), log.join(", "));
}
