"use strict";
// Object.groupBy and Map.groupBy (ES2024).

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
// An iterable whose iterator logs next/return calls.
function loggingIterable(values, log) {
  return {
    [Symbol.iterator]() {
      log.push("@@iterator");
      let i = 0;
      return {
        get next() {
          log.push("get next");
          return () => {
            log.push("next");
            return i < values.length ? { value: values[i++], done: false } : { value: "ignored", done: true };
          };
        },
        return() {
          log.push("return");
          return {};
        },
      };
    },
  };
}

console.log("-- descriptors");
for (const [owner, label] of [[Object, "Object"], [Map, "Map"]]) {
  const d = Object.getOwnPropertyDescriptor(owner, "groupBy");
  console.log(label, d.value.name, d.value.length, d.writable, d.enumerable, d.configurable, err(() => new d.value([], () => 0)));
}

console.log("-- Object.groupBy");
{
  const g = Object.groupBy([1, 2, 3, 4, 5, 6], (x) => (x % 3 === 0 ? "fizz" : x % 2 ? "odd" : "even"));
  console.log(Object.getPrototypeOf(g) === null, Object.keys(g).join(), JSON.stringify(g));
  console.log(Array.isArray(g.odd), Object.getPrototypeOf(g.odd) === Array.prototype);
  const d = Object.getOwnPropertyDescriptor(g, "odd");
  console.log(d.writable, d.enumerable, d.configurable);
}
show(Object.groupBy([], () => "x"));
show(Object.groupBy("abca", (c) => c));
show(Object.groupBy(new Set([1.5, 2.5, 1.7]), Math.floor));
show(Object.groupBy([1, 2, 3], (x, i) => "k" + i));
show(Object.groupBy([10, 20], (x) => x)); // numeric keys are strings
{
  // keys go through ToPropertyKey: objects via toString, -0 -> "0", symbols stay
  const sym = Symbol("s");
  const g = Object.groupBy([1, 2, 3, 4, 5], (x) =>
    x === 1 ? { toString() { return "obj"; } } : x === 2 ? -0 : x === 3 ? sym : x === 4 ? null : undefined);
  console.log(Object.keys(g).join(), g[sym].join(), g["0"].join(), g.null.join(), g.undefined.join());
}
{
  const g = Object.groupBy(["a", "b"], () => "__proto__");
  console.log(Object.getPrototypeOf(g) === null, hasOwn(g, "__proto__"), JSON.stringify(g.__proto__));
}
{
  // callback gets (value, index) and this === undefined
  const seen = [];
  Object.groupBy(["x", "y"], function (v, i) { seen.push(v + i + String(this)); return "k"; });
  console.log(seen.join());
}

console.log("-- Map.groupBy");
{
  const m = Map.groupBy([1, 2, 3, 4], (x) => (x % 2 ? "odd" : "even"));
  console.log(m instanceof Map, Object.getPrototypeOf(m) === Map.prototype, [...m.keys()].join(), [...m.values()].map((a) => a.join("+")).join());
}
{
  const k1 = { id: 1 };
  const k2 = { id: 2 };
  const m = Map.groupBy([1, 2, 3], (x) => (x === 2 ? k2 : k1));
  console.log(m.get(k1).join(), m.get(k2).join(), m.size);
}
{
  // -0 becomes +0; NaN groups together
  const m = Map.groupBy([1, 2, 3, 4], (x) => (x === 1 ? -0 : x === 2 ? 0 : NaN));
  console.log(m.size, Object.is([...m.keys()][0], 0), m.get(0).join(), m.get(NaN).join());
}
{
  // Map.groupBy ignores `this` and Map.prototype.set
  const orig = Map.prototype.set;
  Map.prototype.set = function () { throw new Error("set called"); };
  const m = Map.groupBy.call(null, [1, 2], (x) => x);
  Map.prototype.set = orig;
  console.log(m.size);
}

console.log("-- errors");
for (const [owner, label] of [[Object, "Object"], [Map, "Map"]]) {
  console.log(label,
    err(() => owner.groupBy(null, () => 0)),
    err(() => owner.groupBy(undefined, () => 0)),
    err(() => owner.groupBy([1], null)),
    err(() => owner.groupBy([1], {})),
    err(() => owner.groupBy({}, () => 0)),
    err(() => owner.groupBy(1, () => 0)),
    err(() => owner.groupBy({ [Symbol.iterator]: 1 }, () => 0)),
    err(() => owner.groupBy({ [Symbol.iterator]() { return 1; } }, () => 0)),
    err(() => owner.groupBy({ [Symbol.iterator]() { return { next() { return 1; } }; } }, () => 0)));
  // items is checked before callbackfn
  console.log(label, "order", err(() => owner.groupBy(null, null)));
}

console.log("-- iterator protocol and closing");
for (const [owner, label] of [[Object, "Object"], [Map, "Map"]]) {
  let log = [];
  owner.groupBy(loggingIterable([1, 2], log), (x) => { log.push("cb " + x); return "k"; });
  console.log(label, "normal:", log.join(", "));

  log = [];
  console.log(label, err(() => owner.groupBy(loggingIterable([1, 2, 3], log), (x) => {
    log.push("cb " + x);
    if (x === 2) throw new SyntaxError("boom");
    return "k";
  })), log.join(", "));

  // callback not callable: no iteration at all
  log = [];
  console.log(label, err(() => owner.groupBy(loggingIterable([1], log), 5)), JSON.stringify(log.join(", ")));
}
{
  // ToPropertyKey throwing closes the iterator (Object.groupBy only)
  const log = [];
  const bad = { toString() { throw new EvalError("key"); } };
  console.log(err(() => Object.groupBy(loggingIterable([1, 2], log), () => bad)), log.join(", "));
  // Map.groupBy does not coerce keys
  const log2 = [];
  const m = Map.groupBy(loggingIterable([1], log2), () => bad);
  console.log(m.get(bad).join(), log2.join(", "));
}
{
  // an error from next() does not close
  const log = [];
  const it = {
    [Symbol.iterator]() {
      return { next() { log.push("next"); throw new URIError("n"); }, return() { log.push("return"); return {}; } };
    },
  };
  console.log(err(() => Object.groupBy(it, () => "k")), log.join(", "));
}
{
  // errors from return() are swallowed when the callback threw
  const it = {
    [Symbol.iterator]() {
      return { next() { return { value: 1, done: false }; }, return() { throw new RangeError("from return"); } };
    },
  };
  console.log(err(() => Object.groupBy(it, () => { throw new SyntaxError("cb"); })));
}
{
  // done is read with ToBoolean, value only when not done
  const log = [];
  let n = 0;
  const it = {
    [Symbol.iterator]() {
      return {
        next() {
          n++;
          return {
            get done() { log.push("done"); return n > 1 ? 1 : 0; },
            get value() { log.push("value"); return n; },
          };
        },
      };
    },
  };
  show([Object.groupBy(it, () => "k"), log.join(", ")]);
}
