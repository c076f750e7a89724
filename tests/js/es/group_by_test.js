import { Shown } from "../shown.ts";

Deno.test("group_by", async () => {
  const shown = new Shown();
  "use strict";
  // Object.groupBy and Map.groupBy (ES2024).

  const hasOwn = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);
  const show = (v) => shown.at(1, [JSON.stringify(v)], ["{}"], ["{\"a\":[\"a\",\"a\"],\"b\":[\"b\"],\"c\":[\"c\"]}"], ["{\"1\":[1.5,1.7],\"2\":[2.5]}"], ["{\"k0\":[1],\"k1\":[2],\"k2\":[3]}"], ["{\"10\":[10],\"20\":[20]}"], ["[{\"k\":[1]},\"done, value, done\"]"]);
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

  shown.at(2, ["-- descriptors"], ["-- descriptors"]);
  for (const [owner, label] of [[Object, "Object"], [Map, "Map"]]) {
    const d = Object.getOwnPropertyDescriptor(owner, "groupBy");
    shown.at(3, [label, d.value.name, d.value.length, d.writable, d.enumerable, d.configurable, err(() => new d.value([], () => 0))], ["Object", "groupBy", 2, true, false, true, "TypeError"], ["Map", "groupBy", 2, true, false, true, "TypeError"]);
  }

  shown.at(4, ["-- Object.groupBy"], ["-- Object.groupBy"]);
  {
    const g = Object.groupBy([1, 2, 3, 4, 5, 6], (x) => (x % 3 === 0 ? "fizz" : x % 2 ? "odd" : "even"));
    shown.at(5, [Object.getPrototypeOf(g) === null, Object.keys(g).join(), JSON.stringify(g)], [true, "odd,even,fizz", "{\"odd\":[1,5],\"even\":[2,4],\"fizz\":[3,6]}"]);
    shown.at(6, [Array.isArray(g.odd), Object.getPrototypeOf(g.odd) === Array.prototype], [true, true]);
    const d = Object.getOwnPropertyDescriptor(g, "odd");
    shown.at(7, [d.writable, d.enumerable, d.configurable], [true, true, true]);
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
    shown.at(8, [Object.keys(g).join(), g[sym].join(), g["0"].join(), g.null.join(), g.undefined.join()], ["0,obj,null,undefined", "3", "2", "4", "5"]);
  }
  {
    const g = Object.groupBy(["a", "b"], () => "__proto__");
    shown.at(9, [Object.getPrototypeOf(g) === null, hasOwn(g, "__proto__"), JSON.stringify(g.__proto__)], [true, true, "[\"a\",\"b\"]"]);
  }
  {
    // callback gets (value, index) and this === undefined
    const seen = [];
    Object.groupBy(["x", "y"], function (v, i) { seen.push(v + i + String(this)); return "k"; });
    shown.at(10, [seen.join()], ["x0undefined,y1undefined"]);
  }

  shown.at(11, ["-- Map.groupBy"], ["-- Map.groupBy"]);
  {
    const m = Map.groupBy([1, 2, 3, 4], (x) => (x % 2 ? "odd" : "even"));
    shown.at(12, [m instanceof Map, Object.getPrototypeOf(m) === Map.prototype, [...m.keys()].join(), [...m.values()].map((a) => a.join("+")).join()], [true, true, "odd,even", "1+3,2+4"]);
  }
  {
    const k1 = { id: 1 };
    const k2 = { id: 2 };
    const m = Map.groupBy([1, 2, 3], (x) => (x === 2 ? k2 : k1));
    shown.at(13, [m.get(k1).join(), m.get(k2).join(), m.size], ["1,3", "2", 2]);
  }
  {
    // -0 becomes +0; NaN groups together
    const m = Map.groupBy([1, 2, 3, 4], (x) => (x === 1 ? -0 : x === 2 ? 0 : NaN));
    shown.at(14, [m.size, Object.is([...m.keys()][0], 0), m.get(0).join(), m.get(NaN).join()], [2, true, "1,2", "3,4"]);
  }
  {
    // Map.groupBy ignores `this` and Map.prototype.set
    const orig = Map.prototype.set;
    Map.prototype.set = function () { throw new Error("set called"); };
    const m = Map.groupBy.call(null, [1, 2], (x) => x);
    Map.prototype.set = orig;
    shown.at(15, [m.size], [2]);
  }

  shown.at(16, ["-- errors"], ["-- errors"]);
  for (const [owner, label] of [[Object, "Object"], [Map, "Map"]]) {
    shown.at(17, [label,
      err(() => owner.groupBy(null, () => 0)),
      err(() => owner.groupBy(undefined, () => 0)),
      err(() => owner.groupBy([1], null)),
      err(() => owner.groupBy([1], {})),
      err(() => owner.groupBy({}, () => 0)),
      err(() => owner.groupBy(1, () => 0)),
      err(() => owner.groupBy({ [Symbol.iterator]: 1 }, () => 0)),
      err(() => owner.groupBy({ [Symbol.iterator]() { return 1; } }, () => 0)),
      err(() => owner.groupBy({ [Symbol.iterator]() { return { next() { return 1; } }; } }, () => 0))], ["Object", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError"], ["Map", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError"]);
    // items is checked before callbackfn
    shown.at(18, [label, "order", err(() => owner.groupBy(null, null))], ["Object", "order", "TypeError"], ["Map", "order", "TypeError"]);
  }

  shown.at(19, ["-- iterator protocol and closing"], ["-- iterator protocol and closing"]);
  for (const [owner, label] of [[Object, "Object"], [Map, "Map"]]) {
    let log = [];
    owner.groupBy(loggingIterable([1, 2], log), (x) => { log.push("cb " + x); return "k"; });
    shown.at(20, [label, "normal:", log.join(", ")], ["Object", "normal:", "@@iterator, get next, next, cb 1, next, cb 2, next"], ["Map", "normal:", "@@iterator, get next, next, cb 1, next, cb 2, next"]);

    log = [];
    shown.at(21, [label, err(() => owner.groupBy(loggingIterable([1, 2, 3], log), (x) => {
      log.push("cb " + x);
      if (x === 2) throw new SyntaxError("boom");
      return "k";
    })), log.join(", ")], ["Object", "SyntaxError", "@@iterator, get next, next, cb 1, next, cb 2, return"], ["Map", "SyntaxError", "@@iterator, get next, next, cb 1, next, cb 2, return"]);

    // callback not callable: no iteration at all
    log = [];
    shown.at(22, [label, err(() => owner.groupBy(loggingIterable([1], log), 5)), JSON.stringify(log.join(", "))], ["Object", "TypeError", "\"\""], ["Map", "TypeError", "\"\""]);
  }
  {
    // ToPropertyKey throwing closes the iterator (Object.groupBy only)
    const log = [];
    const bad = { toString() { throw new EvalError("key"); } };
    shown.at(23, [err(() => Object.groupBy(loggingIterable([1, 2], log), () => bad)), log.join(", ")], ["EvalError", "@@iterator, get next, next, return"]);
    // Map.groupBy does not coerce keys
    const log2 = [];
    const m = Map.groupBy(loggingIterable([1], log2), () => bad);
    shown.at(24, [m.get(bad).join(), log2.join(", ")], ["1", "@@iterator, get next, next, next"]);
  }
  {
    // an error from next() does not close
    const log = [];
    const it = {
      [Symbol.iterator]() {
        return { next() { log.push("next"); throw new URIError("n"); }, return() { log.push("return"); return {}; } };
      },
    };
    shown.at(25, [err(() => Object.groupBy(it, () => "k")), log.join(", ")], ["URIError", "next"]);
  }
  {
    // errors from return() are swallowed when the callback threw
    const it = {
      [Symbol.iterator]() {
        return { next() { return { value: 1, done: false }; }, return() { throw new RangeError("from return"); } };
      },
    };
    shown.at(26, [err(() => Object.groupBy(it, () => { throw new SyntaxError("cb"); }))], ["SyntaxError"]);
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
  shown.done([2, 3, 3, 4, 5, 6, 7, 1, 1, 1, 1, 1, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 17, 18, 19, 20, 21, 22, 20, 21, 22, 23, 24, 25, 26, 1]);
});
