import { Shown } from "../shown.ts";

Deno.test("iterator_helpers", async () => {
  const shown = new Shown();
  "use strict";
  // Iterator helpers (ES2025): Iterator, Iterator.from, Iterator.prototype.*.

  const hasOwn = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);
  const show = (v) => shown.at(1, [JSON.stringify(v)], ["[{\"value\":2,\"done\":false},{\"value\":4,\"done\":false}]"], ["{\"done\":true}"], ["{\"done\":true}"], ["{\"done\":true}"], ["[{\"value\":1,\"done\":false},{\"value\":3,\"done\":false},{\"value\":5,\"done\":false},{\"done\":true}]"], ["[{\"value\":1,\"done\":false},{\"value\":2,\"done\":false},{\"done\":true},{\"done\":true}]"], ["[{\"done\":true},{\"done\":true}]"], ["[1,2,3]"], ["[1]"], ["[1]"], ["[]"], ["[1,2,3]"], ["[{\"value\":2,\"done\":false},{\"value\":3,\"done\":false},{\"done\":true}]"], ["[1,2,3]"], ["[]"], ["[]"], ["[[3],\"done1 done2 done3 value3 done4\"]"], ["[{\"value\":1,\"done\":false},{\"value\":10,\"done\":false},{\"value\":2,\"done\":false},{\"value\":20,\"done\":false},{\"done\":true}]"], ["[\"s\"]"], ["[\"g\"]"], ["[\"it\",\"it\"]"], ["[\"o\",\"b\"]"], ["[{\"value\":\"a\",\"done\":false},{\"done\":true},{\"done\":true}]"], ["6"], ["16"], ["\"init\""], ["null"], ["[1,2,3]"], ["[[\"a\",1]]"], ["[\"a\",\"b\"]"], ["[1,2]"], ["[{\"done\":true},{\"done\":true},{\"done\":true}]"], ["[{\"value\":1,\"done\":false},{\"done\":true},{\"done\":true}]"], ["[{\"value\":1,\"done\":false},{\"done\":true},{\"done\":true}]"], ["[{\"value\":1,\"done\":false},[\"TypeError\",\"TypeError\"]]"], ["[4,16]"], ["[\"A\",\"B\"]"], ["[2]"], ["\"heo\""], ["[\"aa\",\"bb\",\"cc\"]"], ["[[1],\"finally\"]"], ["[0,6,12,18]"], ["7"], ["[3,4]"], ["[1,2]"], ["[]"]);
  function err(f) {
    try {
      f();
      return "no error";
    } catch (e) {
      return e.constructor.name;
    }
  }
  const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));

  // An iterator (inheriting from Iterator.prototype) over `values` that logs
  // `get next`, each next() and return().
  function logged(values, log, { returnResult = {}, withReturn = true, name = "" } = {}) {
    let i = 0;
    const it = Object.create(IteratorPrototype);
    Object.defineProperty(it, "next", {
      configurable: true,
      get() {
        log.push(name + "get next");
        return function () {
          const done = i >= values.length;
          log.push(name + (done ? "next:done" : "next:" + String(values[i])));
          return done ? { done: true, value: "end" } : { done: false, value: values[i++] };
        };
      },
    });
    if (withReturn) {
      it.return = function (...args) {
        log.push(name + "return(" + args.length + ")");
        return typeof returnResult === "function" ? returnResult() : returnResult;
      };
    }
    return it;
  }

  shown.at(2, ["-- Iterator constructor"], ["-- Iterator constructor"]);
  {
    const d = Object.getOwnPropertyDescriptor(globalThis, "Iterator");
    shown.at(3, [typeof Iterator, d.writable, d.enumerable, d.configurable, Iterator.name, Iterator.length], ["function", true, false, true, "Iterator", 0]);
    const p = Object.getOwnPropertyDescriptor(Iterator, "prototype");
    shown.at(4, [p.value === IteratorPrototype, p.writable, p.enumerable, p.configurable], [true, false, false, false]);
    shown.at(5, [err(() => new Iterator()), err(() => Iterator()), err(() => Iterator.call({})), err(() => Reflect.construct(Iterator, []))], ["TypeError", "TypeError", "TypeError", "TypeError"]);
    class Counter extends Iterator {
      #n = 0;
      next() { return this.#n < 3 ? { value: this.#n++, done: false } : { value: undefined, done: true }; }
    }
    const c = new Counter();
    shown.at(6, [c instanceof Iterator, Object.getPrototypeOf(Counter.prototype) === IteratorPrototype, c.map((x) => x * 10).toArray().join()], [true, true, "0,10,20"]);
    shown.at(7, [Object.getPrototypeOf(Reflect.construct(Iterator, [], Counter)) === Counter.prototype], [true]);
    shown.at(8, [[].values() instanceof Iterator, new Map().entries() instanceof Iterator, new Set().values() instanceof Iterator,
      "x"[Symbol.iterator]() instanceof Iterator, (function* () {})() instanceof Iterator, /a/g[Symbol.matchAll]("a") instanceof Iterator], [true, true, true, true, true, true]);
  }

  shown.at(9, ["-- Iterator.prototype members"], ["-- Iterator.prototype members"]);
  for (const [name, len] of [["map", 1], ["filter", 1], ["take", 1], ["drop", 1], ["flatMap", 1], ["reduce", 1], ["toArray", 0],
    ["forEach", 1], ["some", 1], ["every", 1], ["find", 1]]) {
    const d = Object.getOwnPropertyDescriptor(Iterator.prototype, name);
    shown.at(10, [name, d.value.name, d.value.length, d.value.length === len, d.writable, d.enumerable, d.configurable,
      hasOwn(d.value, "prototype"), err(() => new d.value(() => {}))], ["map", "map", 1, true, true, false, true, false, "TypeError"], ["filter", "filter", 1, true, true, false, true, false, "TypeError"], ["take", "take", 1, true, true, false, true, false, "TypeError"], ["drop", "drop", 1, true, true, false, true, false, "TypeError"], ["flatMap", "flatMap", 1, true, true, false, true, false, "TypeError"], ["reduce", "reduce", 1, true, true, false, true, false, "TypeError"], ["toArray", "toArray", 0, true, true, false, true, false, "TypeError"], ["forEach", "forEach", 1, true, true, false, true, false, "TypeError"], ["some", "some", 1, true, true, false, true, false, "TypeError"], ["every", "every", 1, true, true, false, true, false, "TypeError"], ["find", "find", 1, true, true, false, true, false, "TypeError"]);
  }
  {
    const d = Object.getOwnPropertyDescriptor(Iterator.prototype, "from");
    const f = Object.getOwnPropertyDescriptor(Iterator, "from");
    shown.at(11, ["from", d, f.value.name, f.value.length, f.writable, f.enumerable, f.configurable], ["from", undefined, "from", 1, true, false, true]);
  }

  shown.at(12, ["-- Iterator.prototype[Symbol.toStringTag]"], ["-- Iterator.prototype[Symbol.toStringTag]"]);
  {
    const d = Object.getOwnPropertyDescriptor(Iterator.prototype, Symbol.toStringTag);
    shown.at(13, [typeof d.get, typeof d.set, d.get.name, d.set.name, d.get.length, d.set.length, d.enumerable, d.configurable], ["function", "function", "get [Symbol.toStringTag]", "set [Symbol.toStringTag]", 0, 1, false, true]);
    shown.at(14, [Iterator.prototype[Symbol.toStringTag], Object.prototype.toString.call(Iterator.prototype), String(Object.create(Iterator.prototype))], ["Iterator", "[object Iterator]", "[object Iterator]"]);
    shown.at(15, [err(() => { Iterator.prototype[Symbol.toStringTag] = "x"; }), Iterator.prototype[Symbol.toStringTag]], ["TypeError", "Iterator"]);
    const o = Object.create(Iterator.prototype);
    o[Symbol.toStringTag] = "Mine";
    const od = Object.getOwnPropertyDescriptor(o, Symbol.toStringTag);
    shown.at(16, [o[Symbol.toStringTag], od.writable, od.enumerable, od.configurable, Iterator.prototype[Symbol.toStringTag]], ["Mine", true, true, true, "Iterator"]);
    o[Symbol.toStringTag] = "Again";
    shown.at(17, [o[Symbol.toStringTag]], ["Again"]);
    shown.at(18, [err(() => d.set.call(1, "x")), err(() => d.set.call(undefined, "x")), d.get.call(null)], ["TypeError", "TypeError", "Iterator"]);
    const frozen = Object.freeze(Object.create(Iterator.prototype));
    shown.at(19, [err(() => d.set.call(frozen, "x"))], ["TypeError"]);
    const ro = Object.defineProperty(Object.create(Iterator.prototype), Symbol.toStringTag, { value: "ro", writable: false, configurable: true });
    shown.at(20, [err(() => d.set.call(ro, "x")), ro[Symbol.toStringTag]], ["TypeError", "ro"]);
    shown.at(21, [Object.prototype.toString.call([].values()), Object.prototype.toString.call((function* () {})())], ["[object Array Iterator]", "[object Generator]"]);
  }

  shown.at(22, ["-- Iterator.prototype.constructor"], ["-- Iterator.prototype.constructor"]);
  {
    const d = Object.getOwnPropertyDescriptor(Iterator.prototype, "constructor");
    shown.at(23, [typeof d.get, typeof d.set, d.get.name, d.set.name, d.enumerable, d.configurable, Iterator.prototype.constructor === Iterator], ["function", "function", "get constructor", "set constructor", false, true, true]);
    shown.at(24, [err(() => { Iterator.prototype.constructor = 1; }), Iterator.prototype.constructor === Iterator], ["TypeError", true]);
    const o = Object.create(Iterator.prototype);
    o.constructor = 5;
    shown.at(25, [o.constructor, Object.getOwnPropertyDescriptor(o, "constructor").enumerable, [].values().constructor === Iterator], [5, true, true]);
  }

  shown.at(26, ["-- %IteratorHelperPrototype%"], ["-- %IteratorHelperPrototype%"]);
  {
    const helper = [1].values().map((x) => x);
    const proto = Object.getPrototypeOf(helper);
    shown.at(27, [Object.getPrototypeOf(proto) === IteratorPrototype, Reflect.ownKeys(proto).map(String).join(),
      Object.prototype.toString.call(helper), helper instanceof Iterator, hasOwn(proto, "throw")], [true, "next,return,Symbol(Symbol.toStringTag)", "[object Iterator Helper]", true, false]);
    const t = Object.getOwnPropertyDescriptor(proto, Symbol.toStringTag);
    shown.at(28, [t.value, t.writable, t.enumerable, t.configurable], ["Iterator Helper", false, false, true]);
    for (const name of ["next", "return"]) {
      const d = Object.getOwnPropertyDescriptor(proto, name);
      shown.at(29, [name, d.value.name, d.value.length, d.writable, d.enumerable, d.configurable,
        err(() => d.value.call({})), err(() => d.value.call([].values())), err(() => d.value.call(undefined))], ["next", "next", 0, true, false, true, "TypeError", "TypeError", "TypeError"], ["return", "return", 0, true, false, true, "TypeError", "TypeError", "TypeError"]);
    }
    // every helper method returns an object with the same prototype
    const it = () => [1, 2].values();
    shown.at(30, [[it().map((x) => x), it().filter(() => 1), it().take(1), it().drop(1), it().flatMap((x) => [x])]
      .every((h) => Object.getPrototypeOf(h) === proto)], [true]);
  }

  shown.at(31, ["-- map"], ["-- map"]);
  {
    const log = [];
    const h = logged([1, 2, 3], log).map(function (x, i) { log.push("map(" + x + "," + i + "," + String(this) + ")"); return x * 2; });
    log.push("created");
    show([h.next(), h.next()]);
    show(h.return());
    show(h.next());
    show(h.return());
    shown.at(32, [log.join(" ")], ["get next created next:1 map(1,0,undefined) next:2 map(2,1,undefined) return(0)"]);
  }
  shown.at(33, ["-- filter"], ["-- filter"]);
  {
    const log = [];
    const h = logged([1, 2, 3, 4, 5], log).filter((x, i) => { log.push("f(" + x + "," + i + ")"); return x % 2; });
    show(Array.from({ length: 4 }, () => h.next()));
    shown.at(34, [log.join(" ")], ["get next next:1 f(1,0) next:2 f(2,1) next:3 f(3,2) next:4 f(4,3) next:5 f(5,4) next:done"]);
  }
  shown.at(35, ["-- take"], ["-- take"]);
  {
    const log = [];
    const h = logged([1, 2, 3], log).take(2);
    show([h.next(), h.next(), h.next(), h.next()]);
    shown.at(36, [log.join(" ")], ["get next next:1 next:2 return(0)"]);
    const log0 = [];
    const h0 = logged([1], log0).take(0);
    show([h0.next(), h0.next()]);
    shown.at(37, [log0.join(" ")], ["get next return(0)"]);
    show([1, 2, 3].values().take(Infinity).toArray());
    show([1, 2, 3].values().take("1").toArray());
    show([1, 2, 3].values().take(1.9).toArray());
    show([1, 2, 3].values().take(-0.5).toArray());
    show([1, 2, 3].values().take(10).toArray());
  }
  shown.at(38, ["-- drop"], ["-- drop"]);
  {
    const log = [];
    const h = logged([1, 2, 3], log).drop(1);
    show([h.next(), h.next(), h.next()]);
    shown.at(39, [log.join(" ")], ["get next next:1 next:2 next:3 next:done"]);
    show([1, 2, 3].values().drop(0).toArray());
    show([1, 2, 3].values().drop(5).toArray());
    show([1, 2, 3].values().drop(Infinity).toArray());
    // dropped results: `value` is not read
    const reads = [];
    let n = 0;
    const it = Object.create(IteratorPrototype);
    it.next = () => {
      n++;
      return { get done() { reads.push("done" + n); return n > 3; }, get value() { reads.push("value" + n); return n; } };
    };
    show([it.drop(2).toArray(), reads.join(" ")]);
  }
  shown.at(40, ["-- take/drop argument validation"], ["-- take/drop argument validation"]);
  for (const name of ["take", "drop"]) {
    for (const [label, arg] of [["NaN", NaN], ["undefined", undefined], ["-1", -1], ["-Infinity", -Infinity], ["'x'", "x"],
      ["symbol", Symbol()], ["bigint", 1n], ["{}", {}]]) {
      const log = [];
      const it = logged([1], log);
      shown.at(41, [name, label, err(() => it[name](arg)), log.join(" ")], ["take", "NaN", "RangeError", "return(0)"], ["take", "undefined", "RangeError", "return(0)"], ["take", "-1", "RangeError", "return(0)"], ["take", "-Infinity", "RangeError", "return(0)"], ["take", "'x'", "RangeError", "return(0)"], ["take", "symbol", "TypeError", "return(0)"], ["take", "bigint", "TypeError", "return(0)"], ["take", "{}", "RangeError", "return(0)"], ["drop", "NaN", "RangeError", "return(0)"], ["drop", "undefined", "RangeError", "return(0)"], ["drop", "-1", "RangeError", "return(0)"], ["drop", "-Infinity", "RangeError", "return(0)"], ["drop", "'x'", "RangeError", "return(0)"], ["drop", "symbol", "TypeError", "return(0)"], ["drop", "bigint", "TypeError", "return(0)"], ["drop", "{}", "RangeError", "return(0)"]);
    }
    const log = [];
    const throwing = { valueOf() { log.push("valueOf"); throw new EvalError(); } };
    shown.at(42, [name, "throwing valueOf", err(() => logged([1], log)[name](throwing)), log.join(" ")], ["take", "throwing valueOf", "EvalError", "valueOf return(0)"], ["drop", "throwing valueOf", "EvalError", "valueOf return(0)"]);
    // the limit is converted before `next` is read
    const log2 = [];
    logged([1], log2)[name]({ valueOf() { log2.push("valueOf"); return 1; } });
    shown.at(43, [name, log2.join(" ")], ["take", "valueOf get next"], ["drop", "valueOf get next"]);
    shown.at(44, [name, "non-object this", err(() => Iterator.prototype[name].call(1, 1)), err(() => Iterator.prototype[name].call(null, 1))], ["take", "non-object this", "TypeError", "TypeError"], ["drop", "non-object this", "TypeError", "TypeError"]);
    // return() throwing during argument validation: the RangeError wins
    shown.at(45, [name, err(() => Iterator.prototype[name].call({ return() { throw new EvalError(); } }, NaN))], ["take", "RangeError"], ["drop", "RangeError"]);
  }
  shown.at(46, ["-- flatMap"], ["-- flatMap"]);
  {
    const log = [];
    const h = logged([1, 2], log).flatMap((x, i) => { log.push("fm(" + x + "," + i + ")"); return [x, x * 10]; });
    show([h.next(), h.next(), h.next(), h.next(), h.next()]);
    shown.at(47, [log.join(" ")], ["get next next:1 fm(1,0) next:2 fm(2,1) next:done"]);
    // inner iterables/iterators: arrays, sets, generators, strings rejected, plain iterators accepted
    show([1].values().flatMap(() => new Set(["s"])).toArray());
    show([1].values().flatMap(function* () { yield "g"; }).toArray());
    show([1].values().flatMap(() => ({ i: 0, next() { return this.i++ < 2 ? { value: "it", done: false } : { done: true }; } })).toArray());
    show([1].values().flatMap(() => new String("ob")).toArray());
    shown.at(48, [err(() => [1].values().flatMap(() => "str").toArray()), err(() => [1].values().flatMap(() => 5).toArray()),
      err(() => [1].values().flatMap(() => null).toArray()), err(() => [1].values().flatMap(() => ({ [Symbol.iterator]: 1 })).toArray()),
      err(() => [1].values().flatMap(() => ({ [Symbol.iterator]() { return 1; } })).toArray())], ["TypeError", "TypeError", "TypeError", "TypeError", "TypeError"]);
    // a rejected inner value closes the outer iterator
    const log2 = [];
    shown.at(49, [err(() => logged([1, 2], log2).flatMap(() => "str").next()), log2.join(" ")], ["TypeError", "get next next:1 return(0)"]);
    // return() while inside an inner iterator closes inner then outer
    const outerLog = [];
    const innerLog = [];
    const h2 = logged([1, 2], outerLog, { name: "outer." }).flatMap(() => logged(["a", "b"], innerLog, { name: "inner." }));
    show([h2.next(), h2.return(), h2.next()]);
    shown.at(50, [outerLog.join(" "), "|", innerLog.join(" ")], ["outer.get next outer.next:1 outer.return(0)", "|", "inner.get next inner.next:a inner.return(0)"]);
    // inner return throws: the outer one is still closed, the inner error wins
    const o3 = [];
    const h3 = logged([1], o3, { name: "outer." }).flatMap(() => logged(["a"], o3, { name: "inner.", returnResult: () => { throw new URIError(); } }));
    h3.next();
    shown.at(51, [err(() => h3.return()), o3.join(" ")], ["URIError", "outer.get next outer.next:1 inner.get next inner.next:a inner.return(0) outer.return(0)"]);
    // inner return gives a non-object: TypeError, outer closed
    const o4 = [];
    const h4 = logged([1], o4, { name: "outer." }).flatMap(() => logged(["a"], o4, { name: "inner.", returnResult: 7 }));
    h4.next();
    shown.at(52, [err(() => h4.return()), o4.join(" ")], ["TypeError", "outer.get next outer.next:1 inner.get next inner.next:a inner.return(0) outer.return(0)"]);
    // inner next throws: outer closed
    const o5 = [];
    const h5 = logged([1], o5, { name: "outer." }).flatMap(() => ({ next() { throw new SyntaxError(); } }));
    shown.at(53, [err(() => h5.next()), o5.join(" ")], ["SyntaxError", "outer.get next outer.next:1 outer.return(0)"]);
  }

  shown.at(54, ["-- reduce"], ["-- reduce"]);
  {
    show([1, 2, 3].values().reduce((a, b) => a + b));
    show([1, 2, 3].values().reduce((a, b) => a + b, 10));
    show([].values().reduce((a, b) => a + b, "init"));
    shown.at(55, [err(() => [].values().reduce((a, b) => a + b))], ["TypeError"]);
    const calls = [];
    [5, 6, 7].values().reduce((acc, v, i) => { calls.push(acc + ":" + v + ":" + i); return acc + v; });
    [5, 6].values().reduce((acc, v, i) => { calls.push(acc + ":" + v + ":" + i); return acc + v; }, 0);
    shown.at(56, [calls.join(" ")], ["5:6:1 11:7:2 0:5:0 5:6:1"]);
    show([1, 2].values().reduce((a, b) => a + b, undefined));
    const log = [];
    shown.at(57, [err(() => logged([1, 2, 3], log).reduce(() => { throw new EvalError(); })), log.join(" ")], ["EvalError", "get next next:1 next:2 return(0)"]);
  }
  shown.at(58, ["-- toArray / forEach / some / every / find"], ["-- toArray / forEach / some / every / find"]);
  {
    show([1, 2, 3].values().toArray());
    show(new Map([["a", 1]]).entries().toArray());
    show("ab"[Symbol.iterator]().toArray());
    const fe = [];
    shown.at(59, [String([1, 2].values().forEach((v, i) => fe.push(v + "@" + i))), fe.join()], ["undefined", "1@0,2@1"]);
    for (const name of ["some", "every", "find"]) {
      const log = [];
      const r = logged([1, 2, 3, 4], log)[name]((v, i) => { log.push("p(" + v + "," + i + ")"); return v === 2 ? "yes" : name === "every" ? 1 : 0; });
      shown.at(60, [name, String(r), log.join(" ")], ["some", "true", "get next next:1 p(1,0) next:2 p(2,1) return(0)"], ["every", "true", "get next next:1 p(1,0) next:2 p(2,1) next:3 p(3,2) next:4 p(4,3) next:done"], ["find", "2", "get next next:1 p(1,0) next:2 p(2,1) return(0)"]);
      const log2 = [];
      const r2 = logged([1, 3], log2)[name]((v) => (name === "every" ? v : v === 2));
      shown.at(61, [name, String(r2), log2.join(" ")], ["some", "false", "get next next:1 next:3 next:done"], ["every", "true", "get next next:1 next:3 next:done"], ["find", "undefined", "get next next:1 next:3 next:done"]);
    }
    // closing: return() errors propagate for normal completion; non-object result is a TypeError
    shown.at(62, [err(() => logged([1], [], { returnResult: () => { throw new URIError(); } }).some(() => true)),
      err(() => logged([1], [], { returnResult: 1 }).find(() => true)),
      err(() => logged([1], [], { returnResult: null }).every(() => false))], ["URIError", "TypeError", "TypeError"]);
    // no return method: fine
    shown.at(63, [logged([1], [], { withReturn: false }).some(() => true)], [true]);
    // predicate throwing: closed, return() errors ignored
    shown.at(64, [err(() => logged([1], [], { returnResult: () => { throw new URIError(); } }).forEach(() => { throw new EvalError(); }))], ["EvalError"]);
  }
  shown.at(65, ["-- argument validation closes the receiver"], ["-- argument validation closes the receiver"]);
  for (const name of ["map", "filter", "flatMap", "reduce", "forEach", "some", "every", "find"]) {
    const log = [];
    const it = logged([1], log);
    shown.at(66, [name, err(() => it[name]()), err(() => it[name]({})), log.join(" ")], ["map", "TypeError", "TypeError", "return(0) return(0)"], ["filter", "TypeError", "TypeError", "return(0) return(0)"], ["flatMap", "TypeError", "TypeError", "return(0) return(0)"], ["reduce", "TypeError", "TypeError", "return(0) return(0)"], ["forEach", "TypeError", "TypeError", "return(0) return(0)"], ["some", "TypeError", "TypeError", "return(0) return(0)"], ["every", "TypeError", "TypeError", "return(0) return(0)"], ["find", "TypeError", "TypeError", "return(0) return(0)"]);
    shown.at(67, [name, err(() => Iterator.prototype[name].call(undefined, () => {})), err(() => Iterator.prototype[name].call("str", () => {}))], ["map", "TypeError", "TypeError"], ["filter", "TypeError", "TypeError"], ["flatMap", "TypeError", "TypeError"], ["reduce", "TypeError", "TypeError"], ["forEach", "TypeError", "TypeError"], ["some", "TypeError", "TypeError"], ["every", "TypeError", "TypeError"], ["find", "TypeError", "TypeError"]);
  }
  shown.at(68, ["toArray", err(() => Iterator.prototype.toArray.call(null)), err(() => Iterator.prototype.toArray.call(1))], ["toArray", "TypeError", "TypeError"]);

  shown.at(69, ["-- next is read once, at creation, and not required callable until used"], ["-- next is read once, at creation, and not required callable until used"]);
  {
    const log = [];
    const it = logged([1, 2], log);
    const h = it.map((x) => x);
    Object.defineProperty(it, "next", { value: () => { throw new Error("not used"); } });
    show([h.next().value, h.next().value]);
    shown.at(70, [log.join(" ")], ["get next next:1 next:2"]);
    const h2 = Iterator.prototype.map.call({ next: 5 }, (x) => x);
    shown.at(71, [err(() => h2.next())], ["TypeError"]);
    shown.at(72, [err(() => Iterator.prototype.map.call({ next() { return 1; } }, (x) => x).next())], ["TypeError"]);
  }

  shown.at(73, ["-- helper state machine"], ["-- helper state machine"]);
  {
    // return() before next(): closes the underlying iterator, then done forever
    const log = [];
    const h = logged([1, 2], log).map((x) => x);
    show([h.return(), h.next(), h.return()]);
    shown.at(74, [log.join(" ")], ["get next return(0)"]);
    // return() before next() with return() throwing: error propagates, helper is done
    const log2 = [];
    const h2 = logged([1, 2], log2, { returnResult: () => { throw new EvalError(); } }).filter(() => true);
    shown.at(75, [err(() => h2.return()), JSON.stringify(h2.next()), log2.join(" ")], ["EvalError", "{\"done\":true}", "get next return(0)"]);
    // return() before next() with a non-object result: TypeError
    shown.at(76, [err(() => logged([1], [], { returnResult: 1 }).take(1).return())], ["TypeError"]);
    // no return method on the underlying iterator
    const h3 = logged([1, 2], [], { withReturn: false }).map((x) => x);
    show([h3.next(), h3.return(), h3.next()]);
    // after exhaustion, return() does not call the underlying return
    const log4 = [];
    const h4 = logged([1], log4).map((x) => x);
    show([h4.next(), h4.next(), h4.return()]);
    shown.at(77, [log4.join(" ")], ["get next next:1 next:done"]);
    // the mapper throwing closes the underlying iterator; the helper is then done
    const log5 = [];
    const h5 = logged([1, 2], log5).map(() => { throw new SyntaxError(); });
    shown.at(78, [err(() => h5.next()), JSON.stringify(h5.next()), log5.join(" ")], ["SyntaxError", "{\"done\":true}", "get next next:1 return(0)"]);
    // next() throwing does not close
    const log6 = [];
    const h6 = Iterator.prototype.map.call({ next() { log6.push("next"); throw new RangeError(); }, return() { log6.push("return"); return {}; } }, (x) => x);
    shown.at(79, [err(() => h6.next()), JSON.stringify(h6.next()), log6.join(" ")], ["RangeError", "{\"done\":true}", "next"]);
    // re-entering a running helper: TypeError
    let h7;
    const results = [];
    h7 = [1, 2].values().map((x) => {
      results.push(err(() => h7.next()));
      results.push(err(() => h7.return()));
      return x;
    });
    show([h7.next(), results]);
    // next/return arguments are ignored; next() called with no arguments on the underlying
    const args = [];
    const h8 = Iterator.prototype.map.call({ next(...a) { args.push(a.length); return { done: true }; } }, (x) => x);
    h8.next(1, 2, 3);
    shown.at(80, [args.join()], ["0"]);
    // the result object: fresh, with value and done
    const r = [7].values().map((x) => x).next();
    shown.at(81, [Object.keys(r).join(), Object.getPrototypeOf(r) === Object.prototype], ["value,done", true]);
    // underlying results' extra properties are not forwarded
    const r2 = Iterator.prototype.map.call({ next() { return { value: 1, done: false, extra: true }; } }, (x) => x).next();
    shown.at(82, [Object.keys(r2).join()], ["value,done"]);
  }

  shown.at(83, ["-- Iterator.from"], ["-- Iterator.from"]);
  {
    const d = Object.getOwnPropertyDescriptor(Iterator, "from");
    shown.at(84, [d.value.length, d.value.name], [1, "from"]);
    const arrIt = [1, 2].values();
    shown.at(85, [Iterator.from(arrIt) === arrIt, Iterator.from([1, 2]).toArray().join(), Iterator.from(new Set([3])).next().value], [true, "1,2", 3]);
    shown.at(86, [Iterator.from("ab").toArray().join(), Iterator.from("\uD83D\uDE00x").toArray().length], ["a,b", 2]);
    // an object with next but no Symbol.iterator gets wrapped
    const plain = { i: 0, next() { return this.i < 2 ? { value: this.i++, done: false } : { value: undefined, done: true }; } };
    const w = Iterator.from(plain);
    const wp = Object.getPrototypeOf(w);
    shown.at(87, [w !== plain, w instanceof Iterator, Object.getPrototypeOf(wp) === IteratorPrototype, Reflect.ownKeys(wp).map(String).join(),
      Object.prototype.toString.call(w), w.map((x) => x * 3).toArray().join()], [true, true, true, "next,return", "[object Iterator]", "0,3"]);
    for (const name of ["next", "return"]) {
      const md = Object.getOwnPropertyDescriptor(wp, name);
      shown.at(88, [name, md.value.name, md.value.length, md.writable, md.enumerable, md.configurable, err(() => md.value.call({})), err(() => md.value.call(arrIt))], ["next", "next", 0, true, false, true, "TypeError", "TypeError"], ["return", "return", 0, true, false, true, "TypeError", "TypeError"]);
    }
    // an iterable whose iterator does not inherit from Iterator.prototype gets wrapped
    const log = [];
    const iterable = { [Symbol.iterator]() { log.push("@@iterator"); return { next(...a) { log.push("next(" + a.length + ")"); return { value: 1, done: false }; }, return(...a) { log.push("return(" + a.length + ")"); return { r: 1 }; } }; } };
    const w2 = Iterator.from(iterable);
    shown.at(89, [JSON.stringify(w2.next(9)), JSON.stringify(w2.return(9)), JSON.stringify(w2.return()), log.join(" ")], ["{\"value\":1,\"done\":false}", "{\"r\":1}", "{\"r\":1}", "@@iterator next(0) return(0) return(0)"]);
    // wrapper return() without an underlying return method
    shown.at(90, [JSON.stringify(Iterator.from({ next() { return { done: true }; } }).return())], ["{\"done\":true}"]);
    // wrapper next() passes through whatever the underlying next returns
    shown.at(91, [Iterator.from({ next() { return 42; } }).next()], [42]);
    // an object inheriting from Iterator.prototype is returned as is, even without next
    const sub = Object.create(Iterator.prototype);
    shown.at(92, [Iterator.from(sub) === sub], [true]);
    // errors
    shown.at(93, [err(() => Iterator.from(1)), err(() => Iterator.from(null)), err(() => Iterator.from(undefined)), err(() => Iterator.from(Symbol())),
      err(() => Iterator.from({ [Symbol.iterator]: 1 })), err(() => Iterator.from({ [Symbol.iterator]() { return 1; } }))], ["TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError"]);
    // Symbol.iterator null/undefined: the object itself is used
    shown.at(94, [Iterator.from({ [Symbol.iterator]: null, next() { return { done: true }; } }).toArray().length], [0]);
    // next is read once by from()
    const log3 = [];
    const w3 = Iterator.from({ get next() { log3.push("get next"); return () => ({ done: true }); } });
    w3.next();
    w3.next();
    shown.at(95, [log3.join(" ")], ["get next"]);
    // String objects are iterated
    shown.at(96, [Iterator.from(new String("xy")).toArray().join()], ["x,y"]);
  }

  shown.at(97, ["-- built-in iterators get the helpers"], ["-- built-in iterators get the helpers"]);
  {
    function* gen() { yield 1; yield 2; yield 3; yield 4; }
    show(gen().filter((x) => x % 2 === 0).map((x) => x * x).toArray());
    show(new Map([["a", 1], ["b", 2]]).keys().map((k) => k.toUpperCase()).toArray());
    show(new Set([1, 2, 3]).values().drop(1).take(1).toArray());
    show("hello"[Symbol.iterator]().filter((c) => c !== "l").toArray().join(""));
    show([..."abc"[Symbol.iterator]().map((c) => c + c)]);
    // closing a generator through take()
    const log = [];
    function* g2() { try { yield 1; yield 2; yield 3; } finally { log.push("finally"); } }
    show([g2().take(1).toArray(), log.join()]);
    // an infinite generator with take
    function* naturals() { let n = 0; for (;;) yield n++; }
    show(naturals().map((n) => n * 2).filter((n) => n % 3 === 0).take(4).toArray());
    show(naturals().drop(5).find((n) => n % 7 === 0));
    // for-of over a helper, with break closing the chain
    const log2 = [];
    function* g3() { try { yield "a"; yield "b"; } finally { log2.push("g3 closed"); } }
    for (const v of g3().map((x) => x + "!")) { log2.push(v); break; }
    shown.at(98, [log2.join(" ")], ["a! g3 closed"]);
    shown.at(99, [typeof Iterator.prototype[Symbol.iterator], [].values().map((x) => x)[Symbol.iterator]() !== undefined], ["function", true]);
  }

  shown.at(100, ["-- more closing cases"], ["-- more closing cases"]);
  {
    // take(): reaching the limit closes with a return completion, so a non-object return() result is a TypeError
    const log = [];
    const h = logged([1, 2, 3], log, { returnResult: 1 }).take(1);
    shown.at(101, [JSON.stringify(h.next()), err(() => h.next()), JSON.stringify(h.next()), log.join(" ")], ["{\"value\":1,\"done\":false}", "TypeError", "{\"done\":true}", "get next next:1 return(0)"]);
    // return() while suspended at a yield, underlying return() throws: the error propagates and the helper is done
    const log2 = [];
    const h2 = logged([1, 2], log2, { returnResult: () => { throw new URIError(); } }).map((x) => x);
    h2.next();
    shown.at(102, [err(() => h2.return()), JSON.stringify(h2.next()), log2.join(" ")], ["URIError", "{\"done\":true}", "get next next:1 return(0)"]);
    // return() while suspended, underlying return gives a non-object: TypeError
    const h3 = logged([1, 2], [], { returnResult: "nope" }).drop(0);
    h3.next();
    shown.at(103, [err(() => h3.return())], ["TypeError"]);
    // a non-callable underlying `return` is a TypeError when closing normally...
    const it4 = logged([1, 2], [], { withReturn: false });
    it4.return = 5;
    shown.at(104, [err(() => it4.some(() => true))], ["TypeError"]);
    // ...and ignored when closing because of an error
    const it5 = logged([1, 2], [], { withReturn: false });
    it5.return = 5;
    shown.at(105, [err(() => it5.forEach(() => { throw new EvalError(); }))], ["EvalError"]);
    // `return` null/undefined means nothing to call
    const it6 = logged([1, 2], [], { withReturn: false });
    it6.return = null;
    shown.at(106, [it6.find((x) => x === 1)], [1]);
    // wrapper return() with a non-callable return: TypeError
    const w = Iterator.from({ next() { return { done: false, value: 1 }; }, return: 5 });
    shown.at(107, [err(() => w.return())], ["TypeError"]);
    // the wrapper does not validate the underlying result
    shown.at(108, [Iterator.from({ next() { return "str"; } }).next()], ["str"]);
  }
  shown.at(109, ["-- more validation"], ["-- more validation"]);
  {
    shown.at(110, [err(() => Iterator.prototype.take.call(1, NaN)), err(() => Iterator.prototype.map.call(null, 5))], ["TypeError", "TypeError"]);
    // filter uses ToBoolean on the predicate result
    show([0, 1, 2, 3, 4, 5].values().filter((x) => [0, "", null, {}, [], NaN][x]).toArray());
    // take/drop with large limits (2 ** 53 and above are in iterator_helpers_edge.js)
    show([1, 2].values().take(2 ** 53 - 1).toArray());
    show([1, 2, 3].values().drop(2 ** 32).toArray());
    // reduce counter starts at 1 without initial value, 0 with it
    const seen = [];
    [10, 20, 30].values().reduce((a, v, i) => { seen.push(i); return a; });
    [10, 20].values().reduce((a, v, i) => { seen.push(i); return a; }, 0);
    shown.at(111, [seen.join()], ["1,2,0,1"]);
    // Iterator.from: @@iterator returning an Iterator instance is returned as is
    const inner = [1, 2].values();
    shown.at(112, [Iterator.from({ [Symbol.iterator]() { return inner; } }) === inner], [true]);
    // a subclass instance passes through from() untouched
    class Sub extends Iterator { next() { return { done: true }; } }
    const s = new Sub();
    shown.at(113, [Iterator.from(s) === s, s.toArray().length], [true, 0]);
  }

  shown.at(114, ["-- re-entering a helper from the underlying return()"], ["-- re-entering a helper from the underlying return()"]);
  {
    // return() on a helper that has not started: the helper is already completed
    // when the underlying return() runs, so next() from inside it reports done
    let inner = "";
    const it = Iterator.prototype.take.call({
      next() { throw new Error("next must not be called"); },
      return() { inner = JSON.stringify(it.next()); return {}; },
    }, 0);
    shown.at(115, [JSON.stringify(it.return()), inner], ["{\"done\":true}", "{\"done\":true}"]);
    // return() on a helper suspended at a yield: the helper is running while the
    // underlying return() runs, so next() from inside it is a TypeError
    let inner2 = "";
    const it2 = Iterator.prototype.map.call({
      next() { return { value: 123, done: false }; },
      return() { inner2 = err(() => it2.next()); return {}; },
    }, (x) => x);
    shown.at(116, [JSON.stringify(it2.next()), JSON.stringify(it2.return()), inner2], ["{\"value\":123,\"done\":false}", "{\"done\":true}", "TypeError"]);
  }
  shown.done([2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 29, 30, 31, 1, 1, 1, 1, 32, 33, 1, 34, 35, 1, 36, 1, 37, 1, 1, 1, 1, 1, 38, 1, 39, 1, 1, 1, 1, 40, 41, 41, 41, 41, 41, 41, 41, 41, 42, 43, 44, 45, 41, 41, 41, 41, 41, 41, 41, 41, 42, 43, 44, 45, 46, 1, 47, 1, 1, 1, 1, 48, 49, 1, 50, 51, 52, 53, 54, 1, 1, 1, 55, 56, 1, 57, 58, 1, 1, 1, 59, 60, 61, 60, 61, 60, 61, 62, 63, 64, 65, 66, 67, 66, 67, 66, 67, 66, 67, 66, 67, 66, 67, 66, 67, 66, 67, 68, 69, 1, 70, 71, 72, 73, 1, 74, 75, 76, 1, 1, 77, 78, 79, 1, 80, 81, 82, 83, 84, 85, 86, 87, 88, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 1, 1, 1, 1, 1, 1, 1, 1, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 1, 1, 1, 111, 112, 113, 114, 115, 116]);
});
