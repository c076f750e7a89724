"use strict";
// Promise.withResolvers (ES2024).

const hasOwn = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);
function err(f) {
  try {
    f();
    return "no error";
  } catch (e) {
    return e.constructor.name;
  }
}

const d = Object.getOwnPropertyDescriptor(Promise, "withResolvers");
console.log(d.value.name, d.value.length, d.writable, d.enumerable, d.configurable, err(() => new d.value()));

const r = Promise.withResolvers();
console.log(Object.getPrototypeOf(r) === Object.prototype, Object.keys(r).join(), r.promise instanceof Promise,
  typeof r.resolve, typeof r.reject, r.resolve.length, r.reject.length);
const pd = Object.getOwnPropertyDescriptor(r, "promise");
console.log(pd.writable, pd.enumerable, pd.configurable);

console.log("-- errors");
console.log(err(() => Promise.withResolvers.call(undefined)), err(() => Promise.withResolvers.call(null)),
  err(() => Promise.withResolvers.call({})), err(() => Promise.withResolvers.call(() => {})),
  err(() => Promise.withResolvers.call(Math.max)));
// a constructor that never calls the executor
console.log(err(() => Promise.withResolvers.call(function () {})));
// a constructor that passes non-callables
console.log(err(() => Promise.withResolvers.call(function (ex) { ex(1, () => {}); })));
console.log(err(() => Promise.withResolvers.call(function (ex) { ex(() => {}, 1); })));
// executor called twice with functions
console.log(err(() => Promise.withResolvers.call(function (ex) { ex(() => {}, () => {}); ex(() => {}, () => {}); })));
// executor called first with undefined, then with functions: allowed
{
  const res = Promise.withResolvers.call(function (ex) {
    ex(undefined, undefined);
    ex(() => "R", () => "J");
  });
  console.log(res.resolve(), res.reject(), typeof res.promise);
}
// the executor GetCapabilitiesExecutor: length 2, name ""
{
  let executor;
  Promise.withResolvers.call(function (ex) { executor = ex; ex(() => {}, () => {}); });
  console.log(executor.length, JSON.stringify(executor.name), hasOwn(executor, "prototype"), err(() => new executor()));
}

console.log("-- subclassing");
{
  class MyPromise extends Promise {}
  const s = MyPromise.withResolvers();
  console.log(s.promise instanceof MyPromise, s.promise.constructor === MyPromise);
  let calls = 0;
  function Thenable(executor) {
    calls++;
    executor((v) => "resolved " + v, (e) => "rejected " + e);
    this.tag = "custom";
  }
  const c = Promise.withResolvers.call(Thenable);
  console.log(calls, c.promise.tag, c.resolve(1), c.reject(2));
}

console.log("-- settling");
{
  const a = Promise.withResolvers();
  const b = Promise.withResolvers();
  a.promise.then((v) => {
    console.log("a resolved", v);
    b.reject(new TypeError("later"));
  });
  b.promise.catch((e) => console.log("b rejected", e.constructor.name));
  a.resolve("yes");
  a.resolve("ignored");
}
