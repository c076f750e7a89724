// How a structured clone of every serializable type prints (the behaviour of
// structuredClone: tests/js/unit/structured_clone_test.ts).
const source = {
  n: 1, s: "str", b: true, nul: null, u: undefined, big: 10n, neg: -0, nan: NaN,
  date: new Date(0), re: /ab+c/gi, map: new Map<unknown, unknown>([[1, { a: 1 }], ["k", [1, 2]]]),
  set: new Set([1, "two", 3n]), arr: [1, , 3], boxed: [Object(1n), Object("s"), new Boolean(false), new Number(4)],
  u8: new Uint8Array([1, 2, 3]), f64: new Float64Array([1.5, -2]), view: new DataView(new ArrayBuffer(2)),
};
console.log(structuredClone(source));
