"use strict";
// Array.fromAsync cases where Deno 2.9.6 (V8 15.0) does not follow the
// specification, so array_from_async_edge.js.out was written from the spec
// steps instead of from Deno's output:
//
// 1. Array.fromAsync.call(C, emptyIterable) where `new C()` is non-extensible:
//    step "If done is true: Perform ? Set(A, "length", 𝔽(k), true)" fails
//    (OrdinarySet cannot add "length" to a non-extensible object), so the
//    promise rejects with a TypeError. Deno resolves it.
// 2. mapfn throws and the async iterator's return() gives a rejected promise:
//    AsyncIteratorClose(iteratorRecord, throwCompletion) awaits that promise,
//    ignores its rejection and returns the original throw completion, so the
//    promise rejects with mapfn's error. Deno never settles (and runs out of
//    memory). test262: built-ins/Array/fromAsync/
//    mapfn-throws-close-rejection-not-masked.js.
// 3. next() throws or returns a rejected promise: "Let nextResult be
//    ? Call(iteratorRecord.[[NextMethod]], ...)" and "Set nextResult to
//    ? Await(nextResult)" propagate the error without closing the iterator.
//    Deno calls return().
// 4. A sync iterable yields a rejected promise: the async-from-sync wrapper
//    closes the sync iterator once (AsyncFromSyncIteratorContinuation with
//    closeOnRejection = true); the rejection then reaches fromAsync through
//    "? Await(nextResult)", which does not close again. Deno calls return()
//    twice.

async function aerr(f) {
  try {
    await f();
    return "no error";
  } catch (e) {
    return e.constructor.name;
  }
}

async function main() {
  const NonExtensible = function () { return Object.preventExtensions({}); };
  console.log(await aerr(() => Array.fromAsync.call(NonExtensible, [])));
  console.log(await aerr(() => Array.fromAsync.call(NonExtensible, { length: 0 })));

  const log = [];
  let returnCalls = 0;
  const iterable = {
    [Symbol.asyncIterator]() {
      return {
        next() {
          log.push("next");
          return Promise.resolve({ value: 1, done: false });
        },
        return() {
          returnCalls++;
          log.push("return");
          return Promise.reject(new URIError("from return"));
        },
      };
    },
  };
  console.log(await aerr(() => Array.fromAsync(iterable, () => { throw new SyntaxError("from mapfn"); })), log.join(", "), returnCalls);

  const log3 = [];
  const throwingNext = { [Symbol.asyncIterator]() { return { next() { log3.push("next"); throw new EvalError(); }, return() { log3.push("return"); return {}; } }; } };
  console.log(await aerr(() => Array.fromAsync(throwingNext)), log3.join(", "));
  const log4 = [];
  const rejectingNext = { [Symbol.asyncIterator]() { return { next() { log4.push("next"); return Promise.reject(new EvalError()); }, return() { log4.push("return"); return {}; } }; } };
  console.log(await aerr(() => Array.fromAsync(rejectingNext)), log4.join(", "));

  const log5 = [];
  let i = 0;
  const values = [1, Promise.reject(new RangeError()), 3];
  const syncIterable = {
    [Symbol.iterator]() {
      return {
        next() { log5.push("next:" + i); return { value: values[i++], done: false }; },
        return() { log5.push("return"); return {}; },
      };
    },
  };
  console.log(await aerr(() => Array.fromAsync(syncIterable)), log5.join(", "));
}

main().then(() => console.log("done"), (e) => console.log("main failed", e.constructor.name));
