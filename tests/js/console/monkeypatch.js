// console keeps working after user code replaces built-ins.
const saved = {
  push: Array.prototype.push,
  join: Array.prototype.join,
  map: Array.prototype.map,
  iterator: Array.prototype[Symbol.iterator],
  mapGet: Map.prototype.get,
  mapSet: Map.prototype.set,
  keys: Object.keys,
  slice: String.prototype.slice,
  repeat: String.prototype.repeat,
  replace: String.prototype.replace,
  stringify: JSON.stringify,
  exec: RegExp.prototype.exec,
};
const circular = { list: [1, 2, 3, 4, 5, 6, 7, 8], map: new Map([["k", "v"]]) };
circular.self = circular;
const set = new Set([1]);
Array.prototype.push = () => {
  throw new Error("push");
};
Array.prototype.join = () => "broken";
Array.prototype.map = () => [];
Array.prototype[Symbol.iterator] = function* () {
  yield "broken";
};
Map.prototype.get = () => "broken";
Map.prototype.set = () => {
  throw new Error("set");
};
Object.keys = () => [];
String.prototype.slice = () => "broken";
String.prototype.repeat = () => "broken";
String.prototype.replace = () => "broken";
JSON.stringify = () => "broken";
RegExp.prototype.exec = () => null;

console.log(circular);
console.log("%s %d %j %o", "fmt", 42, { j: 1 }, [1]);
console.group("group");
console.log("indented\nlines");
console.groupEnd();
console.table([{ a: 1, b: "two" }]);
console.count("c");
console.log(class Foo {}, new Error("e").message, set);
console.log(Deno.inspect({ deep: { a: { b: { c: { d: 1 } } } } }));

Object.assign(Array.prototype, {
  push: saved.push,
  join: saved.join,
  map: saved.map,
  [Symbol.iterator]: saved.iterator,
});
Map.prototype.get = saved.mapGet;
Map.prototype.set = saved.mapSet;
Object.keys = saved.keys;
String.prototype.slice = saved.slice;
String.prototype.repeat = saved.repeat;
String.prototype.replace = saved.replace;
JSON.stringify = saved.stringify;
RegExp.prototype.exec = saved.exec;
console.log("restored");
