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

console.log("-- descriptors");
for (const name of methods) {
  const d = Object.getOwnPropertyDescriptor(Set.prototype, name);
  console.log(name, d.value.name, d.value.length, d.writable, d.enumerable, d.configurable, err(() => new d.value(new Set())));
}

console.log("-- basic");
const A = new Set([1, 2, 3, 4]);
const B = new Set([3, 4, 5]);
console.log(list(A.union(B)), list(A.intersection(B)), list(A.difference(B)), list(A.symmetricDifference(B)));
console.log(list(B.union(A)), list(B.intersection(A)), list(B.difference(A)), list(B.symmetricDifference(A)));
console.log(A.isSubsetOf(B), new Set([3]).isSubsetOf(B), A.isSupersetOf(new Set([1, 2])), A.isSupersetOf(B),
  A.isDisjointFrom(B), A.isDisjointFrom(new Set([9])), new Set().isSubsetOf(new Set()), new Set().isDisjointFrom(new Set()));
console.log(list(A), list(B)); // unchanged
for (const name of ["union", "intersection", "difference", "symmetricDifference"]) {
  const r = A[name](B);
  console.log(name, r instanceof Set, Object.getPrototypeOf(r) === Set.prototype, r !== A, r !== B);
}
{
  // results are plain Sets even for subclasses; this and other can be Maps/set-likes
  class MySet extends Set {}
  const m = new MySet([1]);
  console.log(Object.getPrototypeOf(m.union(new Set([2]))) === Set.prototype);
  const map = new Map([[1, "a"], [7, "b"]]);
  console.log(list(A.union(map)), list(A.intersection(map)), A.isSupersetOf(map));
}
{
  // -0 from other's keys becomes +0
  const r = new Set([1]).union({ size: 1, has: () => false, keys: () => [-0][Symbol.iterator]() });
  console.log(Object.is([...r][1], 0));
  const s = new Set([1, 2, 3]).symmetricDifference({ size: 3, has: () => false, keys: () => [-0, NaN, NaN][Symbol.iterator]() });
  console.log(list(s), Object.is([...s][3], 0));
}

console.log("-- GetSetRecord validation");
for (const name of methods) {
  const s = new Set([1]);
  console.log(name,
    err(() => s[name]()), err(() => s[name](1)), err(() => s[name]([1])),
    err(() => s[name]({ size: undefined, has() {}, keys() {} })),
    err(() => s[name]({ size: NaN, has() {}, keys() {} })),
    err(() => s[name]({ size: -1, has() {}, keys() {} })),
    err(() => s[name]({ size: 1n, has() {}, keys() {} })),
    err(() => s[name]({ size: 1, has: 1, keys() {} })),
    err(() => s[name]({ size: 1, has() {}, keys: undefined })),
    err(() => Set.prototype[name].call({}, new Set())),
    err(() => Set.prototype[name].call(new Map(), new Set())),
    err(() => Set.prototype[name].call(null, new Set())));
  // size "-0.5" truncates to 0: fine; "Infinity" fine; a string size goes through ToNumber
  console.log(name, err(() => s[name]({ size: -0.5, has: () => false, keys: () => [][Symbol.iterator]() })),
    err(() => s[name]({ size: "2", has: () => false, keys: () => [][Symbol.iterator]() })),
    err(() => s[name]({ size: Infinity, has: () => false, keys: () => [][Symbol.iterator]() })));
  // this is checked before other
  console.log(name, "order:", err(() => Set.prototype[name].call({}, { get size() { throw new EvalError(); } })));
  // record fields are read in order size, has, keys; keys/has results are validated when used
  const log = [];
  err(() => s[name]({ get size() { log.push("size"); return { valueOf() { log.push("valueOf"); return 1; } }; },
    get has() { log.push("has"); return () => false; }, get keys() { log.push("keys"); return () => [][Symbol.iterator](); } }));
  console.log(name, log.join(" "));
}
{
  // keys() must return an object with a callable next
  console.log(err(() => new Set([1]).union({ size: 1, has() {}, keys() { return 1; } })),
    err(() => new Set([1]).union({ size: 1, has() {}, keys() { return {}; } })),
    err(() => new Set([1]).union({ size: 1, has() {}, keys() { return { next: 1 }; } })),
    err(() => new Set([1]).union({ size: 1, has() {}, keys() { return { next() { return 1; } }; } })));
}

console.log("-- traces: which of has/keys is used");
for (const name of methods) {
  for (const [thisValues, otherValues] of [[[1, 2], [2, 3, 4]], [[1, 2, 3], [2]], [[1, 2], [3, 4]], [[2, 3], [2, 3]]]) {
    const log = [];
    const result = new Set(thisValues)[name](setLike(otherValues, log));
    console.log(name, JSON.stringify(thisValues), JSON.stringify(otherValues), "=>",
      typeof result === "boolean" ? result : list(result), "|", log.join(" "));
  }
}

console.log("-- early exit closes keys iterator");
{
  let log = [];
  console.log(new Set([1, 2, 3]).isSupersetOf(setLike([1, 9], log)), log.join(" "));
  log = [];
  console.log(new Set([1, 2, 3]).isDisjointFrom(setLike([9, 2], log)), log.join(" "));
  log = [];
  console.log(new Set([1, 2, 3]).isDisjointFrom(setLike([9, 2], log, { withReturn: false })), log.join(" "));
  // return() must give an object
  const other = { size: 1, has: () => false, keys: () => ({ next: () => ({ value: 5, done: false }), return: () => 1 }) };
  console.log(err(() => new Set([1, 2]).isSupersetOf(other)), err(() => new Set([1, 2, 5]).isDisjointFrom(other)));
  // errors from has propagate without closing anything
  log = [];
  const bad = { size: 10, has: () => { log.push("has"); throw new SyntaxError(); }, keys: () => { log.push("keys"); return [][Symbol.iterator](); } };
  console.log(err(() => new Set([1]).isSubsetOf(bad)), err(() => new Set([1]).intersection(bad)), log.join(" "));
}

console.log("-- mutation during iteration");
{
  // intersection, this-branch: has() adds to this; new elements are visited
  const s = new Set([1, 2]);
  const other = { size: 10, has(v) { if (v === 1) s.add(3); return true; }, keys() { throw new Error("unused"); } };
  console.log(list(s.intersection(other)), list(s));
}
{
  // intersection, this-branch: has() deletes a later element, which is then not visited
  const s = new Set([1, 2, 3]);
  const seen = [];
  const other = { size: 10, has(v) { seen.push(v); if (v === 1) s.delete(2); return true; }, keys() { throw new Error("unused"); } };
  console.log(list(s.intersection(other)), seen.join());
}
{
  // intersection: delete and re-add an element: it is visited twice but kept once
  const s = new Set([1, 2]);
  const seen = [];
  const other = { size: 10, has(v) { seen.push(v); if (v === 2 && seen.length < 3) { s.delete(1); s.add(1); } return true; }, keys() { throw new Error(); } };
  console.log(list(s.intersection(other)), seen.join());
}
{
  // difference, this-branch: iterates the copy; has() changing this does not matter
  const s = new Set([1, 2, 3]);
  const seen = [];
  const other = { size: 10, has(v) { seen.push(v); s.delete(3); s.add(4); return v === 2; }, keys() { throw new Error(); } };
  console.log(list(s.difference(other)), seen.join(), list(s));
}
{
  // isSubsetOf: elements added by has() are visited
  const s = new Set([1]);
  const seen = [];
  const other = { size: 10, has(v) { seen.push(v); if (v === 1) s.add(2); return true; }, keys() { throw new Error(); } };
  console.log(s.isSubsetOf(other), seen.join());
}
{
  // isDisjointFrom: clear() during has ends the walk
  const s = new Set([1, 2, 3]);
  const seen = [];
  const other = { size: 10, has(v) { seen.push(v); s.clear(); return false; }, keys() { throw new Error(); } };
  console.log(s.isDisjointFrom(other), seen.join());
}
{
  // symmetricDifference: keys() mutates this after the copy? (copy is taken after keys())
  const s = new Set([1, 2]);
  const other = { size: 1, has() {}, keys() { s.add(9); return [2, 5][Symbol.iterator](); } };
  console.log(list(s.symmetricDifference(other)));
  const t = new Set([1, 2]);
  const other2 = { size: 1, has() {}, keys() { t.add(9); return [5][Symbol.iterator](); } };
  console.log(list(t.union(other2)));
}
{
  // difference, keys-branch: the copy is taken before keys() is called
  const s = new Set([1, 2, 3]);
  const other = { size: 1, has() {}, keys() { s.add(9); return [2][Symbol.iterator](); } };
  console.log(list(s.difference(other)), list(s));
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
  console.log(list(s.symmetricDifference(other)));
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
  console.log(list(s.intersection(other)));
}

console.log("-- monkey-patched Set.prototype is not used");
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
  console.log(results.map((r) => (typeof r === "boolean" ? String(r) : list(r))).join(" | "));
}
