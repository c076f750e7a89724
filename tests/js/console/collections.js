// Map, Set, weak collections and iterators.
console.log(new Map());
console.log(new Set());
console.log(new Map([["a", 1], ["b", { c: 2 }]]));
console.log(new Set([1, "two", { three: 3 }, [4]]));
console.log(new Map([[{ key: "object" }, new Set([1])], [NaN, null]]));
console.log({ m: new Map([[1, new Map([[2, new Map([[3, new Map([[4, 5]])]])]])]]) });
console.log(new Set(Array.from({ length: 120 }, (_, i) => i)));
console.log(new Map(Array.from({ length: 30 }, (_, i) => [i, "v" + i])));
class MyMap extends Map {}
class MySet extends Set {}
console.log(new MyMap([[1, 2]]), new MySet([1]), new MyMap(), new MySet());
const m = new Map([[1, 2]]);
m.extra = "prop";
console.log(m);
const s = new Set();
s.extra = "prop";
console.log(s);
console.log(new WeakMap(), new WeakSet());
const key = {};
const wm = new WeakMap([[key, "value"]]);
const ws = new WeakSet([key]);
console.log(Deno.inspect(wm, { showHidden: true }));
console.log(Deno.inspect(ws, { showHidden: true }));
const map = new Map([["k1", "v1"], ["k2", "v2"]]);
console.log(map.entries(), map.keys(), map.values());
const set = new Set(["a", "b"]);
console.log(set.values(), set.entries());
const it = map.keys();
it.next();
console.log(it);
console.log([1, 2].values(), [1, 2].entries(), "abc"[Symbol.iterator]());
console.log((function* () {})());
console.log(Deno.inspect(new Set([1, 2, 3, 4]), { iterableLimit: 2 }));
console.log(Deno.inspect(new Map([[1, 1], [2, 2], [3, 3]]), { iterableLimit: 1 }));
console.log(new Map([["long key number one", "long value number one"], ["long key number two", "long value number two"]]));
console.log(Object.setPrototypeOf(new Map([[1, 2]]), null));
console.log(Object.setPrototypeOf(new Set([1]), null));
