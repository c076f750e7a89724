// console.table layouts.
console.table([1, 2, 3]);
console.table(["apples", "oranges", "bananas"]);
console.table([{ a: 1, b: "Y" }, { a: "Z", b: 2 }]);
console.table({ first: { name: "Ada", born: 1815 }, second: { name: "Alan", born: 1912 } });
console.table([[1, 2], [3, 4, 5]]);
console.table([1, "two", { three: 3 }, [4]]);
console.table([{ a: 1, b: 2 }, { a: 3, c: 4 }], ["a", "c"]);
console.table([{ a: 1 }, { b: 2 }], ["b", "missing"]);
console.table([1, 2], []);
console.table([]);
console.table({});
console.table(new Set(["x", "y"]));
console.table(new Map([["key1", "value1"], ["key2", { v: 2 }]]));
console.table([3, 4].values());
console.table("not tabular");
console.table(42);
console.table(null);
console.table(function notTabular() {});
console.table();
console.table([{ nested: { deep: { deeper: { x: 1 } } }, arr: [1, 2, 3], fn() {} }]);
console.table([{ s: "it's", d: 'say "hi"', n: null, u: undefined, b: true, big: 5n, neg: -1, f: 1.5 }]);
console.table([{ long: "x".repeat(50) }, { long: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }]);
console.table(["日本語", "한국어", "emoji 🎉", "ascii"]);
console.table([{ "1": "one", b: "bee", "0": "zero" }]);
console.table({ 2: { x: 1 }, 1: { x: 2 }, a: { x: 3 } });
try {
  console.table([], "not an array");
} catch (e) {
  console.log(e.message);
}
console.table([1], undefined);
console.table([{ a: 1 }], ["a", "a"]);
console.table(Object.assign(Object.create(null), { row: { col: 1 } }));
