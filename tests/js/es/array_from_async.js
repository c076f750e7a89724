"use strict";
// Array.fromAsync (ES2026, proposal-array-from-async).

const show = (v) => console.log(JSON.stringify(v));
async function aerr(f) {
  try {
    await f();
    return "no error";
  } catch (e) {
    return e.constructor.name;
  }
}
function err(f) {
  try {
    f();
    return "no error";
  } catch (e) {
    return e.constructor.name;
  }
}

// An async iterable logging its protocol steps.
function asyncLogged(values, log, { returnResult = {}, withReturn = true } = {}) {
  return {
    get [Symbol.asyncIterator]() {
      log.push("get @@asyncIterator");
      return function () {
        log.push("@@asyncIterator()");
        let i = 0;
        const it = {
          get next() {
            log.push("get next");
            return () => {
              const done = i >= values.length;
              log.push(done ? "next:done" : "next:" + String(values[i]));
              return Promise.resolve(done ? { done: true, value: "end" } : { done: false, value: values[i++] });
            };
          },
        };
        if (withReturn) {
          it.return = (...args) => {
            log.push("return(" + args.length + ")");
            return returnResult;
          };
        }
        return it;
      };
    },
  };
}
// A sync iterable logging its protocol steps.
function syncLogged(values, log, { withReturn = true } = {}) {
  return {
    get [Symbol.asyncIterator]() {
      log.push("get @@asyncIterator");
      return undefined;
    },
    get [Symbol.iterator]() {
      log.push("get @@iterator");
      return function () {
        log.push("@@iterator()");
        let i = 0;
        const it = {
          next(...args) {
            const done = i >= values.length;
            log.push((done ? "next:done" : "next:" + i) + "(" + args.length + ")");
            return done ? { done: true, value: "end" } : { done: false, value: values[i++] };
          },
        };
        if (withReturn) {
          it.return = (...args) => {
            log.push("return(" + args.length + ")");
            return {};
          };
        }
        return it;
      };
    },
  };
}

async function main() {
  console.log("-- descriptor");
  {
    const d = Object.getOwnPropertyDescriptor(Array, "fromAsync");
    console.log(d.value.name, d.value.length, d.writable, d.enumerable, d.configurable, err(() => new d.value([])),
      Object.getPrototypeOf(d.value) === Function.prototype);
    const p = Array.fromAsync([]);
    console.log(p instanceof Promise, Object.getPrototypeOf(p) === Promise.prototype);
    await p;
  }

  console.log("-- sources");
  show(await Array.fromAsync([1, 2, 3]));
  show(await Array.fromAsync([Promise.resolve(1), 2, Promise.resolve(3)]));
  show(await Array.fromAsync(new Set(["a", "b"])));
  show(await Array.fromAsync("héllo"));
  show(await Array.fromAsync({ length: 3, 0: "x", 1: Promise.resolve("y") }));
  show(await Array.fromAsync({ length: 2 }));
  show(await Array.fromAsync({}));
  show(await Array.fromAsync(5));
  show(await Array.fromAsync((async function* () { yield 1; yield Promise.resolve(2); yield 3; })()));
  show(await Array.fromAsync((function* () { yield 1; yield Promise.resolve(2); })()));
  show(await Array.fromAsync([, 1, ,]));
  {
    // thenables are awaited
    const thenable = { then(resolve) { resolve("from thenable"); } };
    show(await Array.fromAsync([thenable]));
    show(await Array.fromAsync({ length: 1, 0: thenable }));
  }
  {
    // async iterator values are NOT awaited (only sync iterator values and array-like values are)
    const p = Promise.resolve("inner");
    const r = await Array.fromAsync({ async *[Symbol.asyncIterator]() { yield* [p]; } });
    console.log(r.length, typeof r[0]);
    const manual = {
      [Symbol.asyncIterator]() {
        let done = false;
        return { next() { const r = { value: p, done }; done = true; return r; } };
      },
    };
    const r2 = await Array.fromAsync(manual);
    console.log(r2[0] === p);
  }

  console.log("-- mapfn and thisArg");
  show(await Array.fromAsync([1, 2], (x, i) => x * 10 + i));
  show(await Array.fromAsync([1, 2], async (x) => x + 100));
  show(await Array.fromAsync({ length: 2, 0: "a", 1: "b" }, function (x, i) { return x + i + this.suffix; }, { suffix: "!" }));
  show(await Array.fromAsync([1], function () { return String(this); }));
  {
    // mapfn gets the awaited value for sync iterables and array-likes
    const seen = [];
    await Array.fromAsync([Promise.resolve("p")], (v) => seen.push(typeof v));
    await Array.fromAsync({ length: 1, 0: Promise.resolve("p") }, (v) => seen.push(typeof v));
    console.log(seen.join());
  }
  console.log(await aerr(() => Array.fromAsync([1], 5)), await aerr(() => Array.fromAsync([1], {})), await aerr(() => Array.fromAsync([1], null)));
  {
    // mapfn is validated inside the async closure: a rejection, not a throw, and before touching asyncItems
    const log = [];
    let threw = false;
    let p;
    try { p = Array.fromAsync(asyncLogged([1], log), "nope"); } catch { threw = true; }
    console.log(threw, await aerr(() => p), JSON.stringify(log.join(", ")));
    show(await Array.fromAsync([1, 2], undefined));
  }

  console.log("-- this as constructor");
  {
    function C(...args) { this.args = args; }
    const fromIterable = await Array.fromAsync.call(C, [1, 2]);
    console.log(fromIterable instanceof C, JSON.stringify(fromIterable.args), fromIterable.length, fromIterable[0], fromIterable[1]);
    const fromArrayLike = await Array.fromAsync.call(C, { length: 2, 0: "a", 1: "b" });
    console.log(fromArrayLike instanceof C, JSON.stringify(fromArrayLike.args), fromArrayLike.length, fromArrayLike[1]);
    const d = Object.getOwnPropertyDescriptor(fromIterable, "0");
    console.log(d.writable, d.enumerable, d.configurable);
    class MyArray extends Array {}
    const m = await Array.fromAsync.call(MyArray, [1, 2, 3]);
    console.log(m instanceof MyArray, m.length);
    // non-constructors give a plain Array
    const plain = await Array.fromAsync.call({}, [1]);
    const arrow = await Array.fromAsync.call(() => {}, { length: 1, 0: 1 });
    const method = await Array.fromAsync.call(Math.max, [1]);
    console.log(Array.isArray(plain), Array.isArray(arrow), Array.isArray(method), Object.getPrototypeOf(plain) === Array.prototype);
    const undef = await Array.fromAsync.call(undefined, [1]);
    console.log(Array.isArray(undef));
    // Set(A, "length") failing rejects
    // (a non-extensible result with an empty iterable is in array_from_async_edge.js)
    function ReadOnlyLength() {
      Object.defineProperty(this, "length", { value: 99, writable: false, enumerable: true, configurable: true });
    }
    console.log(await aerr(() => Array.fromAsync.call(ReadOnlyLength, [1])), await aerr(() => Array.fromAsync.call(ReadOnlyLength, { length: 1, 0: 1 })));
    // defining an element failing rejects (and closes the iterator)
    const log = [];
    const NoDefine = function () { return Object.preventExtensions({}); };
    console.log(await aerr(() => Array.fromAsync.call(NoDefine, asyncLogged([1, 2], log))), log.join(", "));
    // length is set with Set, through setters
    const setLog = [];
    const WithSetter = function () { return { set length(v) { setLog.push("length=" + v); } }; };
    await Array.fromAsync.call(WithSetter, [1, 2]);
    await Array.fromAsync.call(WithSetter, { length: 3 });
    console.log(setLog.join(", "));
    // a constructor that throws rejects
    console.log(await aerr(() => Array.fromAsync.call(function () { throw new EvalError(); }, [1])));
  }

  console.log("-- errors");
  console.log(await aerr(() => Array.fromAsync(undefined)), await aerr(() => Array.fromAsync(null)));
  console.log(await aerr(() => Array.fromAsync({ [Symbol.asyncIterator]: 1 })), await aerr(() => Array.fromAsync({ [Symbol.iterator]: 1 })));
  console.log(await aerr(() => Array.fromAsync({ [Symbol.asyncIterator]() { return 1; } })));
  console.log(await aerr(() => Array.fromAsync({ [Symbol.asyncIterator]() { return { next() { return 1; } }; } })));
  console.log(await aerr(() => Array.fromAsync({ [Symbol.asyncIterator]() { return { next() { return Promise.resolve(1); } }; } })));
  console.log(await aerr(() => Array.fromAsync({ [Symbol.iterator]() { return { next() { return 1; } }; } })));
  console.log(await aerr(() => Array.fromAsync({ length: 2 ** 32 })));
  console.log(await aerr(() => Array.fromAsync([Promise.reject(new SyntaxError())])));
  console.log(await aerr(() => Array.fromAsync({ length: 1, 0: Promise.reject(new URIError()) })));
  console.log(await aerr(() => Array.fromAsync({ get length() { throw new EvalError(); } })));
  // Symbol.asyncIterator null/undefined falls back to Symbol.iterator
  show(await Array.fromAsync({ [Symbol.asyncIterator]: null, [Symbol.iterator]: function* () { yield "sync"; } }));

  console.log("-- protocol traces");
  {
    const log = [];
    show(await Array.fromAsync(asyncLogged([1, 2], log)));
    console.log(log.join(", "));
  }
  {
    const log = [];
    show(await Array.fromAsync(syncLogged(["a", "b"], log)));
    console.log(log.join(", "));
  }
  {
    const log = [];
    const arrayLike = new Proxy({ length: 2, 0: "x", 1: "y" }, {
      get(t, k, r) { log.push("get " + String(k)); return Reflect.get(t, k, r); },
      has(t, k) { log.push("has " + String(k)); return Reflect.has(t, k); },
    });
    show(await Array.fromAsync(arrayLike, (v, i) => { log.push("map " + v + i); return v; }));
    console.log(log.join(", "));
  }

  console.log("-- closing");
  {
    // mapfn throws: async iterator closed (return called without arguments)
    const log = [];
    console.log(await aerr(() => Array.fromAsync(asyncLogged([1, 2, 3], log), (x) => { if (x === 2) throw new SyntaxError(); return x; })), log.join(", "));
  }
  {
    // mapfn returns a rejected promise: closed
    const log = [];
    console.log(await aerr(() => Array.fromAsync(asyncLogged([1, 2], log), () => Promise.reject(new RangeError()))), log.join(", "));
  }
  {
    // the return() error/result is ignored when closing for an error
    const log = [];
    // (a return() giving a rejected promise is in array_from_async_edge.js)
    console.log(await aerr(() => Array.fromAsync(asyncLogged([1], log, { returnResult: 5 }), () => { throw new SyntaxError(); })));
  }
  {
    // sync iterable, mapfn throws: the sync iterator is closed
    const log = [];
    console.log(await aerr(() => Array.fromAsync(syncLogged([1, 2], log), () => { throw new SyntaxError(); })), log.join(", "));
  }
  // (a sync iterable yielding a rejected promise, and next() throwing or
  // rejecting, are in array_from_async_edge.js)
  {
    // done is read before value, value only when not done
    const log = [];
    let n = 0;
    const it = {
      [Symbol.asyncIterator]() {
        return {
          next() {
            n++;
            return { get done() { log.push("done" + n); return n > 2; }, get value() { log.push("value" + n); return n; } };
          },
        };
      },
    };
    show([await Array.fromAsync(it), log.join(" ")]);
  }

  console.log("-- monkey-patching");
  {
    const saved = {
      push: Array.prototype.push,
      then: Promise.prototype.then,
      iter: Array.prototype[Symbol.iterator],
    };
    Array.prototype.push = function () { throw new Error("push"); };
    Array.prototype[Symbol.iterator] = saved.iter; // arrays must stay iterable for the input
    const r = await Array.fromAsync([1, 2], (x) => x * 2);
    Array.prototype.push = saved.push;
    show(r);
  }
}

main().then(() => console.log("done"), (e) => console.log("main failed", e.constructor.name, String(e.message)));
