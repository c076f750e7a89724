// Plain objects: nesting, depth, line breaking, keys.
console.log({});
console.log({ a: 1, b: "two", c: [3], d: { e: null } });
console.log({ a: { b: { c: { d: { e: { f: 1 } } } } } });
console.log({ a: { b: { c: {} } } });
console.log([[[[[[1]]]]]]);
console.log({ a: [{ b: { c: { d: 1 } } }] });
const wide = {};
for (let i = 0; i < 26; i++) wide[String.fromCharCode(97 + i)] = i;
console.log(wide);
console.log({ key1: "value number one", key2: "value number two", key3: "three" });
console.log({ key1: "value number one", key2: "value number two", key3: "value3" });
console.log({
  "a-b": 1,
  "0": 2,
  "12": 3,
  "01": 4,
  "with space": 5,
  $dollar: 6,
  _under: 7,
  "ünï": 8,
  "": 9,
  "it's": 10,
  "__proto__x": 11,
});
console.log({ ["__proto__"]: 1 });
console.log({ [Symbol("sym")]: 1, [Symbol()]: 2, [Symbol("with space")]: 3, [Symbol.iterator]: 4 });
const hidden = { visible: 1 };
Object.defineProperty(hidden, "hidden", { value: 2, enumerable: false });
Object.defineProperty(hidden, Symbol("hiddenSym"), { value: 3, enumerable: false });
console.log(hidden);
console.log(Deno.inspect(hidden, { showHidden: true }));
console.log(Object.create(null));
console.log(Object.assign(Object.create(null), { a: 1, b: { c: 2 } }));
console.log(Object.create(Object.create(null)));
console.log({ [Symbol.toStringTag]: "Tagged", a: 1 });
console.log(Object.create({ inherited: 1 }));
console.log({ nested: { obj: Object.create(null) } });
const deep = { l1: { l2: { l3: { l4: { l5: { l6: {} } } } } } };
console.log(deep);
console.log([deep]);
console.log({ arr: [1, 2, 3], obj: { x: 1 }, fn() {}, sym: Symbol("s") });
console.log({ a: 1 }, { b: 2 }, "between", { c: 3 });
