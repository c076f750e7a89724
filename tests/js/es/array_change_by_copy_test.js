import { Shown } from "../shown.ts";

Deno.test("array_change_by_copy", async () => {
  const shown = new Shown();
  "use strict";
  // Array.prototype.toReversed / toSorted / toSpliced / with (ES2023).

  const hasOwn = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);
  const show = (v) => shown.at(1, [JSON.stringify(v)], ["[[1,2,3],[3,2,1],true,true]"], ["[2,null,1,null]"], ["[\"c\",null,\"a\"]"], ["[\"c\",\"b\",\"a\"]"], ["[]"], ["[1,10,2,3]"], ["[1,2,3,10]"], ["[1,2,3,null,null]"], ["[\"b\",\"d\",\"a\",\"c\"]"], ["[\"C\",\"a\",\"b\"]"], ["[4,5,6]"], ["[1,2,3]"], ["[[3,2,1],[1,2,3]]"], ["[[0,1],2]"], ["[1,2,3,4,5]"], ["[1,2]"], ["[1,4,5]"], ["[1,\"a\",\"b\",\"c\",4,5]"], ["[1,2,3,5]"], ["[2,3,4,5]"], ["[1,2,3,4,5,\"z\"]"], ["[1,\"y\",2,3,4,5]"], ["[1]"], ["[1,2,3,4,5]"], ["[]"], ["[1,2,3,4,5]"], ["[1,\"u\",2,3,4,5]"], ["[1,4,5]"], ["[1,3,4,5]"], ["[1,2,3,4,5]"], ["[null,1,null,2]"], ["[\"a\",\"c\"]"], ["[\"a\",2,3]"], ["[1,2,\"z\"]"], ["[1,\"m\",3]"], ["[1,\"t\",3]"], ["[1,2,3]"], ["[null,2]"], ["[\"nan\",2,3]"], ["[\"p\",\"Q\"]"]);
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

  shown.at(2, ["-- descriptors"], ["-- descriptors"]);
  for (const [name, len] of [["toReversed", 0], ["toSorted", 1], ["toSpliced", 2], ["with", 2]]) {
    const d = Object.getOwnPropertyDescriptor(Array.prototype, name);
    shown.at(3, [name, typeof d.value, d.value.name, d.value.length, d.writable, d.enumerable, d.configurable,
      hasOwn(d.value, "prototype"), err(() => new d.value())], ["toReversed", "function", "toReversed", 0, true, false, true, false, "TypeError"], ["toSorted", "function", "toSorted", 1, true, false, true, false, "TypeError"], ["toSpliced", "function", "toSpliced", 2, true, false, true, false, "TypeError"], ["with", "function", "with", 2, true, false, true, false, "TypeError"]);
  }
  const unscopables = Array.prototype[Symbol.unscopables];
  shown.at(4, ["unscopables", Object.getPrototypeOf(unscopables) === null,
    unscopables.toReversed, unscopables.toSorted, unscopables.toSpliced, hasOwn(unscopables, "with")], ["unscopables", true, true, true, true, false]);
  const ud = Object.getOwnPropertyDescriptor(unscopables, "toSorted");
  shown.at(5, ["unscopables desc", ud.writable, ud.enumerable, ud.configurable], ["unscopables desc", true, true, true]);

  shown.at(6, ["-- toReversed"], ["-- toReversed"]);
  const a = [1, 2, 3];
  const r = a.toReversed();
  show([a, r, r !== a, Array.isArray(r)]);
  show([, 1, , 2].toReversed()); // holes read as undefined
  show(Array.prototype.toReversed.call({ length: 3, 0: "a", 2: "c" }));
  show(Array.prototype.toReversed.call("abc"));
  show(Array.prototype.toReversed.call(5));
  shown.at(7, [err(() => Array.prototype.toReversed.call(null)), err(() => Array.prototype.toReversed.call(undefined))], ["TypeError", "TypeError"]);
  shown.at(8, [err(() => Array.prototype.toReversed.call({ length: 2 ** 32 }))], ["RangeError"]);
  {
    const log = [];
    Array.prototype.toReversed.call(traced({ length: 3, 0: "x", 1: "y", 2: "z" }, log));
    shown.at(9, [log.join(", ")], ["get length, get 2, get 1, get 0"]);
  }
  {
    // species and constructor are ignored
    class MyArray extends Array {}
    const m = MyArray.from([1, 2]);
    shown.at(10, [m.toReversed().constructor === Array, Object.getPrototypeOf(m.toReversed()) === Array.prototype], [true, true]);
  }

  shown.at(11, ["-- toSorted"], ["-- toSorted"]);
  show([3, 1, 10, 2].toSorted());
  show([3, 1, 10, 2].toSorted((x, y) => x - y));
  show([3, undefined, 1, , 2].toSorted()); // undefined and holes last
  show([{ k: 1, v: "a" }, { k: 0, v: "b" }, { k: 1, v: "c" }, { k: 0, v: "d" }].toSorted((x, y) => x.k - y.k).map((o) => o.v)); // stable
  show(["b", "a", "C"].toSorted());
  show(Array.prototype.toSorted.call({ length: 3, 0: 5, 1: 4, 2: 6 }));
  shown.at(12, [err(() => [1].toSorted(null)), err(() => [1].toSorted("x")), err(() => [1].toSorted({}))], ["TypeError", "TypeError", "TypeError"]);
  shown.at(13, [err(() => [].toSorted(1)), "comparefn checked before this:", err(() => Array.prototype.toSorted.call(null, 1))], ["TypeError", "comparefn checked before this:", "TypeError"]);
  shown.at(14, [err(() => Array.prototype.toSorted.call(null))], ["TypeError"]);
  shown.at(15, [err(() => Array.prototype.toSorted.call({ length: 2 ** 32 }))], ["RangeError"]);
  shown.at(16, [err(() => [1, 2].toSorted(() => { throw new SyntaxError("cmp"); }))], ["SyntaxError"]);
  show([1, 2, 3].toSorted(() => NaN));
  {
    const log = [];
    Array.prototype.toSorted.call(traced({ length: 2, 0: 2, 1: 1 }, log));
    shown.at(17, [log.join(", ")], ["get length, get 0, get 1"]);
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

  shown.at(18, ["-- toSpliced"], ["-- toSpliced"]);
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
  shown.at(19, [err(() => Array.prototype.toSpliced.call({ length: 2 ** 53 - 1 }, 0, 0, 1))], ["TypeError"]);
  shown.at(20, [err(() => Array.prototype.toSpliced.call({ length: 2 ** 32 - 1 }, 0, 0, 1))], ["RangeError"]);
  shown.at(21, [err(() => Array.prototype.toSpliced.call(null))], ["TypeError"]);
  shown.at(22, [err(() => [].toSpliced(Symbol()))], ["TypeError"]);
  {
    const log = [];
    Array.prototype.toSpliced.call(traced({ length: 4, 0: 0, 1: 1, 2: 2, 3: 3 }, log), 1, 2, "n");
    shown.at(23, [log.join(", ")], ["get length, get 0, get 3"]);
  }
  {
    const log = [];
    const start = { valueOf() { log.push("start"); return 1; } };
    const skip = { valueOf() { log.push("skip"); return 1; } };
    Array.prototype.toSpliced.call(traced({ length: 2, 0: 0, 1: 1 }, log), start, skip);
    shown.at(24, [log.join(", ")], ["get length, start, skip, get 0"]);
  }

  shown.at(25, ["-- with"], ["-- with"]);
  const c = [1, 2, 3];
  show(c.with(0, "a"));
  show(c.with(-1, "z"));
  show(c.with("1", "m"));
  show(c.with(1.9, "t"));
  show(c);
  show([, 1].with(1, 2));
  shown.at(26, [err(() => c.with(3, 0)), err(() => c.with(-4, 0)), err(() => c.with(Infinity, 0)), err(() => c.with(-Infinity, 0))], ["RangeError", "RangeError", "RangeError", "RangeError"]);
  shown.at(27, [err(() => [].with(0, 0)), err(() => Array.prototype.with.call(null, 0, 0))], ["RangeError", "TypeError"]);
  shown.at(28, [err(() => c.with(Symbol(), 0)), err(() => c.with(1n, 0))], ["TypeError", "TypeError"]);
  show(c.with(NaN, "nan")); // NaN -> 0
  show(Array.prototype.with.call({ length: 2, 0: "p", 1: "q" }, 1, "Q"));
  shown.at(29, [err(() => Array.prototype.with.call({ length: 2 ** 32 }, 0, 0))], ["RangeError"]);
  {
    const log = [];
    const index = { valueOf() { log.push("index"); return 1; } };
    Array.prototype.with.call(traced({ length: 3, 0: 0, 1: 1, 2: 2 }, log), index, "v");
    shown.at(30, [log.join(", ")], ["get length, index, get 0, get 2"]);
  }
  {
    // the index is checked against the length read before conversion
    const log = [];
    const arr = [1, 2];
    const index = { valueOf() { log.push("grow"); arr.push(3); return 2; } };
    shown.at(31, [err(() => arr.with(index, 0)), log.join(", ")], ["RangeError", "grow"]);
  }
  shown.done([2, 3, 3, 3, 3, 4, 5, 6, 1, 1, 1, 1, 1, 7, 8, 9, 10, 11, 1, 1, 1, 1, 1, 1, 12, 13, 14, 15, 16, 1, 17, 1, 1, 18, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 19, 20, 21, 22, 23, 24, 25, 1, 1, 1, 1, 1, 1, 26, 27, 28, 1, 1, 29, 30, 31]);
});
