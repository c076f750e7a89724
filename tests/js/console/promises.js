// Promises in each state.
console.log(Promise.resolve(1));
console.log(new Promise(() => {}));
const rejected = Promise.reject(new Error("nope"));
rejected.catch(() => {});
console.log(Deno.inspect(rejected).split("\n")[0]);
const rejectedValue = Promise.reject(42);
rejectedValue.catch(() => {});
console.log(rejectedValue);
console.log(Promise.resolve({ a: [1, 2, { b: Promise.resolve("inner") }] }));
console.log([Promise.resolve(Promise)], { p: new Promise(() => {}) });
class MyPromise extends Promise {}
console.log(MyPromise.resolve(2));
const withProp = Promise.resolve("v");
withProp.extra = 1;
console.log(withProp);
console.log(Promise.resolve("a".repeat(100)));
const settled = Promise.resolve(3);
await settled;
console.log(settled, (async () => 5)());
console.log(Deno.inspect(Promise.resolve(1), { colors: true }));
