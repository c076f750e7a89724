import { Shown } from "../shown.ts";

Deno.test("set_methods", async () => {
  const shown = new Shown();
  "use strict";
  // Set.prototype.union / intersection / difference / symmetricDifference /
  // isSubsetOf / isSupersetOf / isDisjointFrom (ES2025).

  function err(f) {
    try {
      f();
      return "no error";
    } catch (e) {
      return e.constructor.name;
    }
  }
  const list = (s) => [...s].map(String).join(",");
  const methods = ["union", "intersection", "difference", "symmetricDifference", "isSubsetOf", "isSupersetOf", "isDisjointFrom"];

  // A set-like object that logs every access: size, has, keys, next, return.
  function setLike(values, log, { size = values.length, withReturn = true } = {}) {
    const obj = {
      get size() { log.push("size"); return size; },
      get has() {
        log.push("get has");
        return (v) => { log.push("has(" + String(v) + ")"); return values.includes(v); };
      },
      get keys() {
        log.push("get keys");
        return () => {
          log.push("keys()");
          let i = 0;
          const it = {
            get next() {
              log.push("get next");
              return () => {
                const done = i >= values.length;
                log.push(done ? "next:done" : "next:" + String(values[i]));
                return done ? { done: true, value: undefined } : { done: false, value: values[i++] };
              };
            },
          };
          if (withReturn) it.return = () => { log.push("return"); return {}; };
          return it;
        };
      },
    };
    return obj;
  }

  shown.at(1, ["-- descriptors"], ["-- descriptors"]);
  for (const name of methods) {
    const d = Object.getOwnPropertyDescriptor(Set.prototype, name);
    shown.at(2, [name, d.value.name, d.value.length, d.writable, d.enumerable, d.configurable, err(() => new d.value(new Set()))], ["union", "union", 1, true, false, true, "TypeError"], ["intersection", "intersection", 1, true, false, true, "TypeError"], ["difference", "difference", 1, true, false, true, "TypeError"], ["symmetricDifference", "symmetricDifference", 1, true, false, true, "TypeError"], ["isSubsetOf", "isSubsetOf", 1, true, false, true, "TypeError"], ["isSupersetOf", "isSupersetOf", 1, true, false, true, "TypeError"], ["isDisjointFrom", "isDisjointFrom", 1, true, false, true, "TypeError"]);
  }

  shown.at(3, ["-- basic"], ["-- basic"]);
  const A = new Set([1, 2, 3, 4]);
  const B = new Set([3, 4, 5]);
  shown.at(4, [list(A.union(B)), list(A.intersection(B)), list(A.difference(B)), list(A.symmetricDifference(B))], ["1,2,3,4,5", "3,4", "1,2", "1,2,5"]);
  shown.at(5, [list(B.union(A)), list(B.intersection(A)), list(B.difference(A)), list(B.symmetricDifference(A))], ["3,4,5,1,2", "3,4", "5", "5,1,2"]);
  shown.at(6, [A.isSubsetOf(B), new Set([3]).isSubsetOf(B), A.isSupersetOf(new Set([1, 2])), A.isSupersetOf(B),
    A.isDisjointFrom(B), A.isDisjointFrom(new Set([9])), new Set().isSubsetOf(new Set()), new Set().isDisjointFrom(new Set())], [false, true, true, false, false, true, true, true]);
  shown.at(7, [list(A), list(B)], ["1,2,3,4", "3,4,5"]); // unchanged
  for (const name of ["union", "intersection", "difference", "symmetricDifference"]) {
    const r = A[name](B);
    shown.at(8, [name, r instanceof Set, Object.getPrototypeOf(r) === Set.prototype, r !== A, r !== B], ["union", true, true, true, true], ["intersection", true, true, true, true], ["difference", true, true, true, true], ["symmetricDifference", true, true, true, true]);
  }
  {
    // results are plain Sets even for subclasses; this and other can be Maps/set-likes
    class MySet extends Set {}
    const m = new MySet([1]);
    shown.at(9, [Object.getPrototypeOf(m.union(new Set([2]))) === Set.prototype], [true]);
    const map = new Map([[1, "a"], [7, "b"]]);
    shown.at(10, [list(A.union(map)), list(A.intersection(map)), A.isSupersetOf(map)], ["1,2,3,4,7", "1", false]);
  }
  {
    // -0 from other's keys becomes +0
    const r = new Set([1]).union({ size: 1, has: () => false, keys: () => [-0][Symbol.iterator]() });
    shown.at(11, [Object.is([...r][1], 0)], [true]);
    const s = new Set([1, 2, 3]).symmetricDifference({ size: 3, has: () => false, keys: () => [-0, NaN, NaN][Symbol.iterator]() });
    shown.at(12, [list(s), Object.is([...s][3], 0)], ["1,2,3,0,NaN", true]);
  }

  shown.at(13, ["-- GetSetRecord validation"], ["-- GetSetRecord validation"]);
  for (const name of methods) {
    const s = new Set([1]);
    shown.at(14, [name,
      err(() => s[name]()), err(() => s[name](1)), err(() => s[name]([1])),
      err(() => s[name]({ size: undefined, has() {}, keys() {} })),
      err(() => s[name]({ size: NaN, has() {}, keys() {} })),
      err(() => s[name]({ size: -1, has() {}, keys() {} })),
      err(() => s[name]({ size: 1n, has() {}, keys() {} })),
      err(() => s[name]({ size: 1, has: 1, keys() {} })),
      err(() => s[name]({ size: 1, has() {}, keys: undefined })),
      err(() => Set.prototype[name].call({}, new Set())),
      err(() => Set.prototype[name].call(new Map(), new Set())),
      err(() => Set.prototype[name].call(null, new Set()))], ["union", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "RangeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError"], ["intersection", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "RangeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError"], ["difference", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "RangeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError"], ["symmetricDifference", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "RangeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError"], ["isSubsetOf", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "RangeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError"], ["isSupersetOf", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "RangeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError"], ["isDisjointFrom", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "RangeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError"]);
    // size "-0.5" truncates to 0: fine; "Infinity" fine; a string size goes through ToNumber
    shown.at(15, [name, err(() => s[name]({ size: -0.5, has: () => false, keys: () => [][Symbol.iterator]() })),
      err(() => s[name]({ size: "2", has: () => false, keys: () => [][Symbol.iterator]() })),
      err(() => s[name]({ size: Infinity, has: () => false, keys: () => [][Symbol.iterator]() }))], ["union", "no error", "no error", "no error"], ["intersection", "no error", "no error", "no error"], ["difference", "no error", "no error", "no error"], ["symmetricDifference", "no error", "no error", "no error"], ["isSubsetOf", "no error", "no error", "no error"], ["isSupersetOf", "no error", "no error", "no error"], ["isDisjointFrom", "no error", "no error", "no error"]);
    // this is checked before other
    shown.at(16, [name, "order:", err(() => Set.prototype[name].call({}, { get size() { throw new EvalError(); } }))], ["union", "order:", "TypeError"], ["intersection", "order:", "TypeError"], ["difference", "order:", "TypeError"], ["symmetricDifference", "order:", "TypeError"], ["isSubsetOf", "order:", "TypeError"], ["isSupersetOf", "order:", "TypeError"], ["isDisjointFrom", "order:", "TypeError"]);
    // record fields are read in order size, has, keys; keys/has results are validated when used
    const log = [];
    err(() => s[name]({ get size() { log.push("size"); return { valueOf() { log.push("valueOf"); return 1; } }; },
      get has() { log.push("has"); return () => false; }, get keys() { log.push("keys"); return () => [][Symbol.iterator](); } }));
    shown.at(17, [name, log.join(" ")], ["union", "size valueOf has keys"], ["intersection", "size valueOf has keys"], ["difference", "size valueOf has keys"], ["symmetricDifference", "size valueOf has keys"], ["isSubsetOf", "size valueOf has keys"], ["isSupersetOf", "size valueOf has keys"], ["isDisjointFrom", "size valueOf has keys"]);
  }
  {
    // keys() must return an object with a callable next
    shown.at(18, [err(() => new Set([1]).union({ size: 1, has() {}, keys() { return 1; } })),
      err(() => new Set([1]).union({ size: 1, has() {}, keys() { return {}; } })),
      err(() => new Set([1]).union({ size: 1, has() {}, keys() { return { next: 1 }; } })),
      err(() => new Set([1]).union({ size: 1, has() {}, keys() { return { next() { return 1; } }; } }))], ["TypeError", "TypeError", "TypeError", "TypeError"]);
  }

  shown.at(19, ["-- traces: which of has/keys is used"], ["-- traces: which of has/keys is used"]);
  for (const name of methods) {
    for (const [thisValues, otherValues] of [[[1, 2], [2, 3, 4]], [[1, 2, 3], [2]], [[1, 2], [3, 4]], [[2, 3], [2, 3]]]) {
      const log = [];
      const result = new Set(thisValues)[name](setLike(otherValues, log));
      shown.at(20, [name, JSON.stringify(thisValues), JSON.stringify(otherValues), "=>",
        typeof result === "boolean" ? result : list(result), "|", log.join(" ")], ["union", "[1,2]", "[2,3,4]", "=>", "1,2,3,4", "|", "size get has get keys keys() get next next:2 next:3 next:4 next:done"], ["union", "[1,2,3]", "[2]", "=>", "1,2,3", "|", "size get has get keys keys() get next next:2 next:done"], ["union", "[1,2]", "[3,4]", "=>", "1,2,3,4", "|", "size get has get keys keys() get next next:3 next:4 next:done"], ["union", "[2,3]", "[2,3]", "=>", "2,3", "|", "size get has get keys keys() get next next:2 next:3 next:done"], ["intersection", "[1,2]", "[2,3,4]", "=>", "2", "|", "size get has get keys has(1) has(2)"], ["intersection", "[1,2,3]", "[2]", "=>", "2", "|", "size get has get keys keys() get next next:2 next:done"], ["intersection", "[1,2]", "[3,4]", "=>", "", "|", "size get has get keys has(1) has(2)"], ["intersection", "[2,3]", "[2,3]", "=>", "2,3", "|", "size get has get keys has(2) has(3)"], ["difference", "[1,2]", "[2,3,4]", "=>", "1", "|", "size get has get keys has(1) has(2)"], ["difference", "[1,2,3]", "[2]", "=>", "1,3", "|", "size get has get keys keys() get next next:2 next:done"], ["difference", "[1,2]", "[3,4]", "=>", "1,2", "|", "size get has get keys has(1) has(2)"], ["difference", "[2,3]", "[2,3]", "=>", "", "|", "size get has get keys has(2) has(3)"], ["symmetricDifference", "[1,2]", "[2,3,4]", "=>", "1,3,4", "|", "size get has get keys keys() get next next:2 next:3 next:4 next:done"], ["symmetricDifference", "[1,2,3]", "[2]", "=>", "1,3", "|", "size get has get keys keys() get next next:2 next:done"], ["symmetricDifference", "[1,2]", "[3,4]", "=>", "1,2,3,4", "|", "size get has get keys keys() get next next:3 next:4 next:done"], ["symmetricDifference", "[2,3]", "[2,3]", "=>", "", "|", "size get has get keys keys() get next next:2 next:3 next:done"], ["isSubsetOf", "[1,2]", "[2,3,4]", "=>", false, "|", "size get has get keys has(1)"], ["isSubsetOf", "[1,2,3]", "[2]", "=>", false, "|", "size get has get keys"], ["isSubsetOf", "[1,2]", "[3,4]", "=>", false, "|", "size get has get keys has(1)"], ["isSubsetOf", "[2,3]", "[2,3]", "=>", true, "|", "size get has get keys has(2) has(3)"], ["isSupersetOf", "[1,2]", "[2,3,4]", "=>", false, "|", "size get has get keys"], ["isSupersetOf", "[1,2,3]", "[2]", "=>", true, "|", "size get has get keys keys() get next next:2 next:done"], ["isSupersetOf", "[1,2]", "[3,4]", "=>", false, "|", "size get has get keys keys() get next next:3 return"], ["isSupersetOf", "[2,3]", "[2,3]", "=>", true, "|", "size get has get keys keys() get next next:2 next:3 next:done"], ["isDisjointFrom", "[1,2]", "[2,3,4]", "=>", false, "|", "size get has get keys has(1) has(2)"], ["isDisjointFrom", "[1,2,3]", "[2]", "=>", false, "|", "size get has get keys keys() get next next:2 return"], ["isDisjointFrom", "[1,2]", "[3,4]", "=>", true, "|", "size get has get keys has(1) has(2)"], ["isDisjointFrom", "[2,3]", "[2,3]", "=>", false, "|", "size get has get keys has(2)"]);
    }
  }

  shown.at(21, ["-- early exit closes keys iterator"], ["-- early exit closes keys iterator"]);
  {
    let log = [];
    shown.at(22, [new Set([1, 2, 3]).isSupersetOf(setLike([1, 9], log)), log.join(" ")], [false, "size get has get keys keys() get next next:1 next:9 return"]);
    log = [];
    shown.at(23, [new Set([1, 2, 3]).isDisjointFrom(setLike([9, 2], log)), log.join(" ")], [false, "size get has get keys keys() get next next:9 next:2 return"]);
    log = [];
    shown.at(24, [new Set([1, 2, 3]).isDisjointFrom(setLike([9, 2], log, { withReturn: false })), log.join(" ")], [false, "size get has get keys keys() get next next:9 next:2"]);
    // return() must give an object
    const other = { size: 1, has: () => false, keys: () => ({ next: () => ({ value: 5, done: false }), return: () => 1 }) };
    shown.at(25, [err(() => new Set([1, 2]).isSupersetOf(other)), err(() => new Set([1, 2, 5]).isDisjointFrom(other))], ["TypeError", "TypeError"]);
    // errors from has propagate without closing anything
    log = [];
    const bad = { size: 10, has: () => { log.push("has"); throw new SyntaxError(); }, keys: () => { log.push("keys"); return [][Symbol.iterator](); } };
    shown.at(26, [err(() => new Set([1]).isSubsetOf(bad)), err(() => new Set([1]).intersection(bad)), log.join(" ")], ["SyntaxError", "SyntaxError", "has has"]);
  }

  shown.at(27, ["-- mutation during iteration"], ["-- mutation during iteration"]);
  {
    // intersection, this-branch: has() adds to this; new elements are visited
    const s = new Set([1, 2]);
    const other = { size: 10, has(v) { if (v === 1) s.add(3); return true; }, keys() { throw new Error("unused"); } };
    shown.at(28, [list(s.intersection(other)), list(s)], ["1,2,3", "1,2,3"]);
  }
  {
    // intersection, this-branch: has() deletes a later element, which is then not visited
    const s = new Set([1, 2, 3]);
    const seen = [];
    const other = { size: 10, has(v) { seen.push(v); if (v === 1) s.delete(2); return true; }, keys() { throw new Error("unused"); } };
    shown.at(29, [list(s.intersection(other)), seen.join()], ["1,3", "1,3"]);
  }
  {
    // intersection: delete and re-add an element: it is visited twice but kept once
    const s = new Set([1, 2]);
    const seen = [];
    const other = { size: 10, has(v) { seen.push(v); if (v === 2 && seen.length < 3) { s.delete(1); s.add(1); } return true; }, keys() { throw new Error(); } };
    shown.at(30, [list(s.intersection(other)), seen.join()], ["1,2", "1,2,1"]);
  }
  {
    // difference, this-branch: iterates the copy; has() changing this does not matter
    const s = new Set([1, 2, 3]);
    const seen = [];
    const other = { size: 10, has(v) { seen.push(v); s.delete(3); s.add(4); return v === 2; }, keys() { throw new Error(); } };
    shown.at(31, [list(s.difference(other)), seen.join(), list(s)], ["1,3", "1,2,3", "1,2,4"]);
  }
  {
    // isSubsetOf: elements added by has() are visited
    const s = new Set([1]);
    const seen = [];
    const other = { size: 10, has(v) { seen.push(v); if (v === 1) s.add(2); return true; }, keys() { throw new Error(); } };
    shown.at(32, [s.isSubsetOf(other), seen.join()], [true, "1,2"]);
  }
  {
    // isDisjointFrom: clear() during has ends the walk
    const s = new Set([1, 2, 3]);
    const seen = [];
    const other = { size: 10, has(v) { seen.push(v); s.clear(); return false; }, keys() { throw new Error(); } };
    shown.at(33, [s.isDisjointFrom(other), seen.join()], [true, "1"]);
  }
  {
    // symmetricDifference: keys() mutates this after the copy? (copy is taken after keys())
    const s = new Set([1, 2]);
    const other = { size: 1, has() {}, keys() { s.add(9); return [2, 5][Symbol.iterator](); } };
    shown.at(34, [list(s.symmetricDifference(other))], ["1,9,5"]);
    const t = new Set([1, 2]);
    const other2 = { size: 1, has() {}, keys() { t.add(9); return [5][Symbol.iterator](); } };
    shown.at(35, [list(t.union(other2))], ["1,2,9,5"]);
  }
  {
    // difference, keys-branch: the copy is taken before keys() is called
    const s = new Set([1, 2, 3]);
    const other = { size: 1, has() {}, keys() { s.add(9); return [2][Symbol.iterator](); } };
    shown.at(36, [list(s.difference(other)), list(s)], ["1,3", "1,2,3,9"]);
  }
  {
    // symmetricDifference checks this as it is now, while iterating other
    const s = new Set([1, 2, 3]);
    const values = [4, 1, 2];
    let i = 0;
    const other = {
      size: 3, has() {},
      keys() {
        return { next() { if (i === 1) s.delete(2); return i < values.length ? { value: values[i++], done: false } : { done: true }; } };
      },
    };
    shown.at(37, [list(s.symmetricDifference(other))], ["2,3,4"]);
  }
  {
    // intersection keys-branch checks this live
    const s = new Set([1, 2, 3, 4]);
    const values = [1, 2, 3];
    let i = 0;
    const other = {
      size: 3, has() {},
      keys() { return { next() { if (i === 1) s.delete(2); return i < values.length ? { value: values[i++], done: false } : { done: true }; } }; },
    };
    shown.at(38, [list(s.intersection(other))], ["1,3"]);
  }

  shown.at(39, ["-- monkey-patched Set.prototype is not used"], ["-- monkey-patched Set.prototype is not used"]);
  {
    const x = new Set([1, 2, 3]);
    const y = { size: 2, has: (v) => v === 2 || v === 3, keys: () => [2, 3][Symbol.iterator]() };
    const SetIteratorPrototype = Object.getPrototypeOf(new Set().values());
    const saved = new Map();
    const patch = (obj, key) => {
      saved.set([obj, key], Object.getOwnPropertyDescriptor(obj, key));
      Object.defineProperty(obj, key, { get() { throw new Error("patched " + String(key)); }, configurable: true });
    };
    for (const k of ["add", "has", "delete", "values", "keys", "entries", "forEach", "size", "clear", Symbol.iterator]) patch(Set.prototype, k);
    patch(SetIteratorPrototype, "next");
    patch(Map.prototype, "set");
    const results = methods.map((name) => x[name](y));
    for (const [[obj, key], desc] of saved) Object.defineProperty(obj, key, desc);
    shown.at(40, [results.map((r) => (typeof r === "boolean" ? String(r) : list(r))).join(" | ")], ["1,2,3 | 2,3 | 1 | 1 | false | true | false"]);
  }
  shown.done([1, 2, 2, 2, 2, 2, 2, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 14, 15, 16, 17, 14, 15, 16, 17, 14, 15, 16, 17, 14, 15, 16, 17, 14, 15, 16, 17, 14, 15, 16, 17, 18, 19, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
});
