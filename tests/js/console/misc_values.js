// Assorted values: weak refs, generator objects, number formatting, shared
// references, boxed primitives with extra keys, frozen objects.
console.log(new WeakRef({}), new FinalizationRegistry(() => {}));
console.log((async function* () {})(), new Function("a", "return a"));
console.log(Symbol.prototype[Symbol.toPrimitive], Object(Symbol.iterator));
console.log([1, 2, 3].keys(), "str".matchAll(/s/g));
console.log(new (class extends Error { name = "Fielded"; })("x").name);
console.log({ a: -0, b: [-0], c: new Set([-0]) });
console.log([0.1 + 0.2, 1 / 3, 1e-7, 123e25, 2 ** 64]);
console.log(Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, -1e-7);
console.log({ date: new Date(-62198755200000), far: new Date(253402300800000) });
console.log(new Array(3).fill({ same: true }));
const shared = { s: 1 };
console.log({ a: shared, b: shared, c: [shared, shared] });
console.log(Object.assign(Object.create({ proto: 1 }), { own: 2 }));
console.log(new Boolean(false), new Number(NaN), new String(""));
const str = new String("abc");
str[5] = "extra";
console.log(str);
console.log([undefined, null, , undefined].length, [undefined, , null]);
console.log({ undefined: undefined, null: null });
console.log(Object.freeze({ frozen: true }), Object.seal([1]));
console.log([["a", 1], ["b", 2]], new Map([[[1], [2]]]));
console.log(Array.from({ length: 7 }, (_, i) => ({ i })), Array.from({ length: 7 }, () => null));
console.log(Array.from({ length: 7 }, (_, i) => i % 2 ? "s" : i));
console.log(Array.from({ length: 30 }, (_, i) => i % 3 === 0 ? undefined : i));
console.log([true, false, true, false, true, false, true, false]);
