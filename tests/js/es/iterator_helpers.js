"use strict";
// Iterator helpers (ES2025): Iterator, Iterator.from, Iterator.prototype.*.

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

console.log("-- Iterator constructor");
{
  const d = Object.getOwnPropertyDescriptor(globalThis, "Iterator");
  console.log(typeof Iterator, d.writable, d.enumerable, d.configurable, Iterator.name, Iterator.length);
  const p = Object.getOwnPropertyDescriptor(Iterator, "prototype");
  console.log(p.value === IteratorPrototype, p.writable, p.enumerable, p.configurable);
  console.log(err(() => new Iterator()), err(() => Iterator()), err(() => Iterator.call({})), err(() => Reflect.construct(Iterator, [])));
  class Counter extends Iterator {
    #n = 0;
    next() { return this.#n < 3 ? { value: this.#n++, done: false } : { value: undefined, done: true }; }
  }
  const c = new Counter();
  console.log(c instanceof Iterator, Object.getPrototypeOf(Counter.prototype) === IteratorPrototype, c.map((x) => x * 10).toArray().join());
  console.log(Object.getPrototypeOf(Reflect.construct(Iterator, [], Counter)) === Counter.prototype);
  console.log([].values() instanceof Iterator, new Map().entries() instanceof Iterator, new Set().values() instanceof Iterator,
    "x"[Symbol.iterator]() instanceof Iterator, (function* () {})() instanceof Iterator, /a/g[Symbol.matchAll]("a") instanceof Iterator);
}

console.log("-- Iterator.prototype members");
for (const [name, len] of [["map", 1], ["filter", 1], ["take", 1], ["drop", 1], ["flatMap", 1], ["reduce", 1], ["toArray", 0],
  ["forEach", 1], ["some", 1], ["every", 1], ["find", 1]]) {
  const d = Object.getOwnPropertyDescriptor(Iterator.prototype, name);
  console.log(name, d.value.name, d.value.length, d.value.length === len, d.writable, d.enumerable, d.configurable,
    hasOwn(d.value, "prototype"), err(() => new d.value(() => {})));
}
{
  const d = Object.getOwnPropertyDescriptor(Iterator.prototype, "from");
  const f = Object.getOwnPropertyDescriptor(Iterator, "from");
  console.log("from", d, f.value.name, f.value.length, f.writable, f.enumerable, f.configurable);
}

console.log("-- Iterator.prototype[Symbol.toStringTag]");
{
  const d = Object.getOwnPropertyDescriptor(Iterator.prototype, Symbol.toStringTag);
  console.log(typeof d.get, typeof d.set, d.get.name, d.set.name, d.get.length, d.set.length, d.enumerable, d.configurable);
  console.log(Iterator.prototype[Symbol.toStringTag], Object.prototype.toString.call(Iterator.prototype), String(Object.create(Iterator.prototype)));
  console.log(err(() => { Iterator.prototype[Symbol.toStringTag] = "x"; }), Iterator.prototype[Symbol.toStringTag]);
  const o = Object.create(Iterator.prototype);
  o[Symbol.toStringTag] = "Mine";
  const od = Object.getOwnPropertyDescriptor(o, Symbol.toStringTag);
  console.log(o[Symbol.toStringTag], od.writable, od.enumerable, od.configurable, Iterator.prototype[Symbol.toStringTag]);
  o[Symbol.toStringTag] = "Again";
  console.log(o[Symbol.toStringTag]);
  console.log(err(() => d.set.call(1, "x")), err(() => d.set.call(undefined, "x")), d.get.call(null));
  const frozen = Object.freeze(Object.create(Iterator.prototype));
  console.log(err(() => d.set.call(frozen, "x")));
  const ro = Object.defineProperty(Object.create(Iterator.prototype), Symbol.toStringTag, { value: "ro", writable: false, configurable: true });
  console.log(err(() => d.set.call(ro, "x")), ro[Symbol.toStringTag]);
  console.log(Object.prototype.toString.call([].values()), Object.prototype.toString.call((function* () {})()));
}

console.log("-- Iterator.prototype.constructor");
{
  const d = Object.getOwnPropertyDescriptor(Iterator.prototype, "constructor");
  console.log(typeof d.get, typeof d.set, d.get.name, d.set.name, d.enumerable, d.configurable, Iterator.prototype.constructor === Iterator);
  console.log(err(() => { Iterator.prototype.constructor = 1; }), Iterator.prototype.constructor === Iterator);
  const o = Object.create(Iterator.prototype);
  o.constructor = 5;
  console.log(o.constructor, Object.getOwnPropertyDescriptor(o, "constructor").enumerable, [].values().constructor === Iterator);
}

console.log("-- %IteratorHelperPrototype%");
{
  const helper = [1].values().map((x) => x);
  const proto = Object.getPrototypeOf(helper);
  console.log(Object.getPrototypeOf(proto) === IteratorPrototype, Reflect.ownKeys(proto).map(String).join(),
    Object.prototype.toString.call(helper), helper instanceof Iterator, hasOwn(proto, "throw"));
  const t = Object.getOwnPropertyDescriptor(proto, Symbol.toStringTag);
  console.log(t.value, t.writable, t.enumerable, t.configurable);
  for (const name of ["next", "return"]) {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    console.log(name, d.value.name, d.value.length, d.writable, d.enumerable, d.configurable,
      err(() => d.value.call({})), err(() => d.value.call([].values())), err(() => d.value.call(undefined)));
  }
  // every helper method returns an object with the same prototype
  const it = () => [1, 2].values();
  console.log([it().map((x) => x), it().filter(() => 1), it().take(1), it().drop(1), it().flatMap((x) => [x])]
    .every((h) => Object.getPrototypeOf(h) === proto));
}

console.log("-- map");
{
  const log = [];
  const h = logged([1, 2, 3], log).map(function (x, i) { log.push("map(" + x + "," + i + "," + String(this) + ")"); return x * 2; });
  log.push("created");
  show([h.next(), h.next()]);
  show(h.return());
  show(h.next());
  show(h.return());
  console.log(log.join(" "));
}
console.log("-- filter");
{
  const log = [];
  const h = logged([1, 2, 3, 4, 5], log).filter((x, i) => { log.push("f(" + x + "," + i + ")"); return x % 2; });
  show(Array.from({ length: 4 }, () => h.next()));
  console.log(log.join(" "));
}
console.log("-- take");
{
  const log = [];
  const h = logged([1, 2, 3], log).take(2);
  show([h.next(), h.next(), h.next(), h.next()]);
  console.log(log.join(" "));
  const log0 = [];
  const h0 = logged([1], log0).take(0);
  show([h0.next(), h0.next()]);
  console.log(log0.join(" "));
  show([1, 2, 3].values().take(Infinity).toArray());
  show([1, 2, 3].values().take("1").toArray());
  show([1, 2, 3].values().take(1.9).toArray());
  show([1, 2, 3].values().take(-0.5).toArray());
  show([1, 2, 3].values().take(10).toArray());
}
console.log("-- drop");
{
  const log = [];
  const h = logged([1, 2, 3], log).drop(1);
  show([h.next(), h.next(), h.next()]);
  console.log(log.join(" "));
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
console.log("-- take/drop argument validation");
for (const name of ["take", "drop"]) {
  for (const [label, arg] of [["NaN", NaN], ["undefined", undefined], ["-1", -1], ["-Infinity", -Infinity], ["'x'", "x"],
    ["symbol", Symbol()], ["bigint", 1n], ["{}", {}]]) {
    const log = [];
    const it = logged([1], log);
    console.log(name, label, err(() => it[name](arg)), log.join(" "));
  }
  const log = [];
  const throwing = { valueOf() { log.push("valueOf"); throw new EvalError(); } };
  console.log(name, "throwing valueOf", err(() => logged([1], log)[name](throwing)), log.join(" "));
  // the limit is converted before `next` is read
  const log2 = [];
  logged([1], log2)[name]({ valueOf() { log2.push("valueOf"); return 1; } });
  console.log(name, log2.join(" "));
  console.log(name, "non-object this", err(() => Iterator.prototype[name].call(1, 1)), err(() => Iterator.prototype[name].call(null, 1)));
  // return() throwing during argument validation: the RangeError wins
  console.log(name, err(() => Iterator.prototype[name].call({ return() { throw new EvalError(); } }, NaN)));
}
console.log("-- flatMap");
{
  const log = [];
  const h = logged([1, 2], log).flatMap((x, i) => { log.push("fm(" + x + "," + i + ")"); return [x, x * 10]; });
  show([h.next(), h.next(), h.next(), h.next(), h.next()]);
  console.log(log.join(" "));
  // inner iterables/iterators: arrays, sets, generators, strings rejected, plain iterators accepted
  show([1].values().flatMap(() => new Set(["s"])).toArray());
  show([1].values().flatMap(function* () { yield "g"; }).toArray());
  show([1].values().flatMap(() => ({ i: 0, next() { return this.i++ < 2 ? { value: "it", done: false } : { done: true }; } })).toArray());
  show([1].values().flatMap(() => new String("ob")).toArray());
  console.log(err(() => [1].values().flatMap(() => "str").toArray()), err(() => [1].values().flatMap(() => 5).toArray()),
    err(() => [1].values().flatMap(() => null).toArray()), err(() => [1].values().flatMap(() => ({ [Symbol.iterator]: 1 })).toArray()),
    err(() => [1].values().flatMap(() => ({ [Symbol.iterator]() { return 1; } })).toArray()));
  // a rejected inner value closes the outer iterator
  const log2 = [];
  console.log(err(() => logged([1, 2], log2).flatMap(() => "str").next()), log2.join(" "));
  // return() while inside an inner iterator closes inner then outer
  const outerLog = [];
  const innerLog = [];
  const h2 = logged([1, 2], outerLog, { name: "outer." }).flatMap(() => logged(["a", "b"], innerLog, { name: "inner." }));
  show([h2.next(), h2.return(), h2.next()]);
  console.log(outerLog.join(" "), "|", innerLog.join(" "));
  // inner return throws: the outer one is still closed, the inner error wins
  const o3 = [];
  const h3 = logged([1], o3, { name: "outer." }).flatMap(() => logged(["a"], o3, { name: "inner.", returnResult: () => { throw new URIError(); } }));
  h3.next();
  console.log(err(() => h3.return()), o3.join(" "));
  // inner return gives a non-object: TypeError, outer closed
  const o4 = [];
  const h4 = logged([1], o4, { name: "outer." }).flatMap(() => logged(["a"], o4, { name: "inner.", returnResult: 7 }));
  h4.next();
  console.log(err(() => h4.return()), o4.join(" "));
  // inner next throws: outer closed
  const o5 = [];
  const h5 = logged([1], o5, { name: "outer." }).flatMap(() => ({ next() { throw new SyntaxError(); } }));
  console.log(err(() => h5.next()), o5.join(" "));
}

console.log("-- reduce");
{
  show([1, 2, 3].values().reduce((a, b) => a + b));
  show([1, 2, 3].values().reduce((a, b) => a + b, 10));
  show([].values().reduce((a, b) => a + b, "init"));
  console.log(err(() => [].values().reduce((a, b) => a + b)));
  const calls = [];
  [5, 6, 7].values().reduce((acc, v, i) => { calls.push(acc + ":" + v + ":" + i); return acc + v; });
  [5, 6].values().reduce((acc, v, i) => { calls.push(acc + ":" + v + ":" + i); return acc + v; }, 0);
  console.log(calls.join(" "));
  show([1, 2].values().reduce((a, b) => a + b, undefined));
  const log = [];
  console.log(err(() => logged([1, 2, 3], log).reduce(() => { throw new EvalError(); })), log.join(" "));
}
console.log("-- toArray / forEach / some / every / find");
{
  show([1, 2, 3].values().toArray());
  show(new Map([["a", 1]]).entries().toArray());
  show("ab"[Symbol.iterator]().toArray());
  const fe = [];
  console.log(String([1, 2].values().forEach((v, i) => fe.push(v + "@" + i))), fe.join());
  for (const name of ["some", "every", "find"]) {
    const log = [];
    const r = logged([1, 2, 3, 4], log)[name]((v, i) => { log.push("p(" + v + "," + i + ")"); return v === 2 ? "yes" : name === "every" ? 1 : 0; });
    console.log(name, String(r), log.join(" "));
    const log2 = [];
    const r2 = logged([1, 3], log2)[name]((v) => (name === "every" ? v : v === 2));
    console.log(name, String(r2), log2.join(" "));
  }
  // closing: return() errors propagate for normal completion; non-object result is a TypeError
  console.log(err(() => logged([1], [], { returnResult: () => { throw new URIError(); } }).some(() => true)),
    err(() => logged([1], [], { returnResult: 1 }).find(() => true)),
    err(() => logged([1], [], { returnResult: null }).every(() => false)));
  // no return method: fine
  console.log(logged([1], [], { withReturn: false }).some(() => true));
  // predicate throwing: closed, return() errors ignored
  console.log(err(() => logged([1], [], { returnResult: () => { throw new URIError(); } }).forEach(() => { throw new EvalError(); })));
}
console.log("-- argument validation closes the receiver");
for (const name of ["map", "filter", "flatMap", "reduce", "forEach", "some", "every", "find"]) {
  const log = [];
  const it = logged([1], log);
  console.log(name, err(() => it[name]()), err(() => it[name]({})), log.join(" "));
  console.log(name, err(() => Iterator.prototype[name].call(undefined, () => {})), err(() => Iterator.prototype[name].call("str", () => {})));
}
console.log("toArray", err(() => Iterator.prototype.toArray.call(null)), err(() => Iterator.prototype.toArray.call(1)));

console.log("-- next is read once, at creation, and not required callable until used");
{
  const log = [];
  const it = logged([1, 2], log);
  const h = it.map((x) => x);
  Object.defineProperty(it, "next", { value: () => { throw new Error("not used"); } });
  show([h.next().value, h.next().value]);
  console.log(log.join(" "));
  const h2 = Iterator.prototype.map.call({ next: 5 }, (x) => x);
  console.log(err(() => h2.next()));
  console.log(err(() => Iterator.prototype.map.call({ next() { return 1; } }, (x) => x).next()));
}

console.log("-- helper state machine");
{
  // return() before next(): closes the underlying iterator, then done forever
  const log = [];
  const h = logged([1, 2], log).map((x) => x);
  show([h.return(), h.next(), h.return()]);
  console.log(log.join(" "));
  // return() before next() with return() throwing: error propagates, helper is done
  const log2 = [];
  const h2 = logged([1, 2], log2, { returnResult: () => { throw new EvalError(); } }).filter(() => true);
  console.log(err(() => h2.return()), JSON.stringify(h2.next()), log2.join(" "));
  // return() before next() with a non-object result: TypeError
  console.log(err(() => logged([1], [], { returnResult: 1 }).take(1).return()));
  // no return method on the underlying iterator
  const h3 = logged([1, 2], [], { withReturn: false }).map((x) => x);
  show([h3.next(), h3.return(), h3.next()]);
  // after exhaustion, return() does not call the underlying return
  const log4 = [];
  const h4 = logged([1], log4).map((x) => x);
  show([h4.next(), h4.next(), h4.return()]);
  console.log(log4.join(" "));
  // the mapper throwing closes the underlying iterator; the helper is then done
  const log5 = [];
  const h5 = logged([1, 2], log5).map(() => { throw new SyntaxError(); });
  console.log(err(() => h5.next()), JSON.stringify(h5.next()), log5.join(" "));
  // next() throwing does not close
  const log6 = [];
  const h6 = Iterator.prototype.map.call({ next() { log6.push("next"); throw new RangeError(); }, return() { log6.push("return"); return {}; } }, (x) => x);
  console.log(err(() => h6.next()), JSON.stringify(h6.next()), log6.join(" "));
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
  console.log(args.join());
  // the result object: fresh, with value and done
  const r = [7].values().map((x) => x).next();
  console.log(Object.keys(r).join(), Object.getPrototypeOf(r) === Object.prototype);
  // underlying results' extra properties are not forwarded
  const r2 = Iterator.prototype.map.call({ next() { return { value: 1, done: false, extra: true }; } }, (x) => x).next();
  console.log(Object.keys(r2).join());
}

console.log("-- Iterator.from");
{
  const d = Object.getOwnPropertyDescriptor(Iterator, "from");
  console.log(d.value.length, d.value.name);
  const arrIt = [1, 2].values();
  console.log(Iterator.from(arrIt) === arrIt, Iterator.from([1, 2]).toArray().join(), Iterator.from(new Set([3])).next().value);
  console.log(Iterator.from("ab").toArray().join(), Iterator.from("\uD83D\uDE00x").toArray().length);
  // an object with next but no Symbol.iterator gets wrapped
  const plain = { i: 0, next() { return this.i < 2 ? { value: this.i++, done: false } : { value: undefined, done: true }; } };
  const w = Iterator.from(plain);
  const wp = Object.getPrototypeOf(w);
  console.log(w !== plain, w instanceof Iterator, Object.getPrototypeOf(wp) === IteratorPrototype, Reflect.ownKeys(wp).map(String).join(),
    Object.prototype.toString.call(w), w.map((x) => x * 3).toArray().join());
  for (const name of ["next", "return"]) {
    const md = Object.getOwnPropertyDescriptor(wp, name);
    console.log(name, md.value.name, md.value.length, md.writable, md.enumerable, md.configurable, err(() => md.value.call({})), err(() => md.value.call(arrIt)));
  }
  // an iterable whose iterator does not inherit from Iterator.prototype gets wrapped
  const log = [];
  const iterable = { [Symbol.iterator]() { log.push("@@iterator"); return { next(...a) { log.push("next(" + a.length + ")"); return { value: 1, done: false }; }, return(...a) { log.push("return(" + a.length + ")"); return { r: 1 }; } }; } };
  const w2 = Iterator.from(iterable);
  console.log(JSON.stringify(w2.next(9)), JSON.stringify(w2.return(9)), JSON.stringify(w2.return()), log.join(" "));
  // wrapper return() without an underlying return method
  console.log(JSON.stringify(Iterator.from({ next() { return { done: true }; } }).return()));
  // wrapper next() passes through whatever the underlying next returns
  console.log(Iterator.from({ next() { return 42; } }).next());
  // an object inheriting from Iterator.prototype is returned as is, even without next
  const sub = Object.create(Iterator.prototype);
  console.log(Iterator.from(sub) === sub);
  // errors
  console.log(err(() => Iterator.from(1)), err(() => Iterator.from(null)), err(() => Iterator.from(undefined)), err(() => Iterator.from(Symbol())),
    err(() => Iterator.from({ [Symbol.iterator]: 1 })), err(() => Iterator.from({ [Symbol.iterator]() { return 1; } })));
  // Symbol.iterator null/undefined: the object itself is used
  console.log(Iterator.from({ [Symbol.iterator]: null, next() { return { done: true }; } }).toArray().length);
  // next is read once by from()
  const log3 = [];
  const w3 = Iterator.from({ get next() { log3.push("get next"); return () => ({ done: true }); } });
  w3.next();
  w3.next();
  console.log(log3.join(" "));
  // String objects are iterated
  console.log(Iterator.from(new String("xy")).toArray().join());
}

console.log("-- built-in iterators get the helpers");
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
  console.log(log2.join(" "));
  console.log(typeof Iterator.prototype[Symbol.iterator], [].values().map((x) => x)[Symbol.iterator]() !== undefined);
}

console.log("-- more closing cases");
{
  // take(): reaching the limit closes with a return completion, so a non-object return() result is a TypeError
  const log = [];
  const h = logged([1, 2, 3], log, { returnResult: 1 }).take(1);
  console.log(JSON.stringify(h.next()), err(() => h.next()), JSON.stringify(h.next()), log.join(" "));
  // return() while suspended at a yield, underlying return() throws: the error propagates and the helper is done
  const log2 = [];
  const h2 = logged([1, 2], log2, { returnResult: () => { throw new URIError(); } }).map((x) => x);
  h2.next();
  console.log(err(() => h2.return()), JSON.stringify(h2.next()), log2.join(" "));
  // return() while suspended, underlying return gives a non-object: TypeError
  const h3 = logged([1, 2], [], { returnResult: "nope" }).drop(0);
  h3.next();
  console.log(err(() => h3.return()));
  // a non-callable underlying `return` is a TypeError when closing normally...
  const it4 = logged([1, 2], [], { withReturn: false });
  it4.return = 5;
  console.log(err(() => it4.some(() => true)));
  // ...and ignored when closing because of an error
  const it5 = logged([1, 2], [], { withReturn: false });
  it5.return = 5;
  console.log(err(() => it5.forEach(() => { throw new EvalError(); })));
  // `return` null/undefined means nothing to call
  const it6 = logged([1, 2], [], { withReturn: false });
  it6.return = null;
  console.log(it6.find((x) => x === 1));
  // wrapper return() with a non-callable return: TypeError
  const w = Iterator.from({ next() { return { done: false, value: 1 }; }, return: 5 });
  console.log(err(() => w.return()));
  // the wrapper does not validate the underlying result
  console.log(Iterator.from({ next() { return "str"; } }).next());
}
console.log("-- more validation");
{
  console.log(err(() => Iterator.prototype.take.call(1, NaN)), err(() => Iterator.prototype.map.call(null, 5)));
  // filter uses ToBoolean on the predicate result
  show([0, 1, 2, 3, 4, 5].values().filter((x) => [0, "", null, {}, [], NaN][x]).toArray());
  // take/drop with large limits (2 ** 53 and above are in iterator_helpers_edge.js)
  show([1, 2].values().take(2 ** 53 - 1).toArray());
  show([1, 2, 3].values().drop(2 ** 32).toArray());
  // reduce counter starts at 1 without initial value, 0 with it
  const seen = [];
  [10, 20, 30].values().reduce((a, v, i) => { seen.push(i); return a; });
  [10, 20].values().reduce((a, v, i) => { seen.push(i); return a; }, 0);
  console.log(seen.join());
  // Iterator.from: @@iterator returning an Iterator instance is returned as is
  const inner = [1, 2].values();
  console.log(Iterator.from({ [Symbol.iterator]() { return inner; } }) === inner);
  // a subclass instance passes through from() untouched
  class Sub extends Iterator { next() { return { done: true }; } }
  const s = new Sub();
  console.log(Iterator.from(s) === s, s.toArray().length);
}

console.log("-- re-entering a helper from the underlying return()");
{
  // return() on a helper that has not started: the helper is already completed
  // when the underlying return() runs, so next() from inside it reports done
  let inner = "";
  const it = Iterator.prototype.take.call({
    next() { throw new Error("next must not be called"); },
    return() { inner = JSON.stringify(it.next()); return {}; },
  }, 0);
  console.log(JSON.stringify(it.return()), inner);
  // return() on a helper suspended at a yield: the helper is running while the
  // underlying return() runs, so next() from inside it is a TypeError
  let inner2 = "";
  const it2 = Iterator.prototype.map.call({
    next() { return { value: 123, done: false }; },
    return() { inner2 = err(() => it2.next()); return {}; },
  }, (x) => x);
  console.log(JSON.stringify(it2.next()), JSON.stringify(it2.return()), inner2);
}
