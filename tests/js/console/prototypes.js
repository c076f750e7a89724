// Objects whose prototype chain was changed, null prototypes, fake brands
// and Symbol.toStringTag.
console.log(Object.setPrototypeOf(new Map([[1, 2]]), null));
console.log(Object.setPrototypeOf(new Set([1]), null));
console.log(Object.setPrototypeOf([1, 2], null));
console.log(Object.setPrototypeOf(new Date(0), null));
console.log(Object.setPrototypeOf(/x/g, null));
console.log(Object.setPrototypeOf(new Uint8Array(2), null));
console.log(Object.setPrototypeOf(new Number(1), null));
console.log(Object.setPrototypeOf(Promise.resolve(1), null));
console.log(Object.setPrototypeOf(new WeakMap(), null));
console.log(Object.setPrototypeOf(new ArrayBuffer(1), null));
console.log(Object.setPrototypeOf(new Error("e"), null).message);
console.log(Object.create(Map.prototype));
console.log(Object.create(Date.prototype));
console.log(Object.create(RegExp.prototype));
console.log(Object.create(Promise.prototype));
console.log(Object.create(Error.prototype));
console.log(Object.create(Number.prototype));
console.log(Object.setPrototypeOf({ a: 1 }, Array.prototype));
console.log({ [Symbol.toStringTag]: "Own" });
console.log(Object.defineProperty(new Map(), Symbol.toStringTag, { value: "TaggedMap" }));
class Tagged {
  get [Symbol.toStringTag]() {
    return "Tag";
  }
}
class TaggedMap extends Map {
  get [Symbol.toStringTag]() {
    return "TM";
  }
}
console.log(new Tagged(), new TaggedMap([[1, 1]]), Object.setPrototypeOf(new Tagged(), null));
class NullBase {}
Object.setPrototypeOf(NullBase.prototype, null);
console.log(new NullBase());
function Legacy() {}
Legacy.prototype = Object.create(null);
console.log(new Legacy());
const grand = Object.create(Object.create(Object.create(null)));
console.log(grand);
console.log(Deno.inspect(grand, { depth: 0 }));
console.log(Object.create(Object.create(null, { [Symbol.toStringTag]: { value: "Inner" } })));
const mixed = Object.setPrototypeOf(new Map([[1, 2]]), Object.create(null));
console.log(mixed);
class Base {}
class Derived extends Base {}
const d = new Derived();
Object.defineProperty(Derived.prototype, "constructor", { value: undefined });
console.log(d);
console.log([Object.create(Array.prototype)], Object.create(Set.prototype));
console.log(Object.setPrototypeOf(function f() {}, Object.create(null)));
console.log(Object.setPrototypeOf(class C {}, Array));
console.log(Object.setPrototypeOf(async function af() {}, Function.prototype));
