// Functions and classes.
function named() {}
const anon = function () {};
const arrow = () => {};
async function asyncFn() {}
function* gen() {}
async function* asyncGen() {}
class A {}
class B extends A {}
const AnonClass = class {};
console.log(named, anon, arrow, asyncFn, gen, asyncGen);
console.log(A, B, AnonClass, class extends B {}, class Named {});
console.log(function () {}, () => {}, async () => {}, class {});
console.log({ method() {}, async am() {}, *gm() {}, get g() { return 1; } });
const withProps = function withProps() {};
withProps.prop = 1;
withProps.nested = { a: [1] };
console.log(withProps);
class Static {
  static count = 2;
  static helper() {}
  instanceMethod() {}
}
console.log(Static);
console.log(named.bind(null), Math.max, Array.prototype.push, Symbol);
console.log(Object.setPrototypeOf(function nullProto() {}, null));
console.log(Object.setPrototypeOf(class NullClass {}, null));
const renamed = function original() {};
Object.defineProperty(renamed, "name", { value: "changed" });
console.log(renamed);
const noName = function () {};
Object.defineProperty(noName, "name", { value: "" });
console.log(noName);
class /* comment */ Commented /* here */ {}
console.log(Commented);
console.log([named, A], { fn: arrow, cls: B });
console.log(Deno.inspect(class Hidden {}, { showHidden: true }));
console.log(Object.assign(() => {}, { a: 1 }));
console.log(Error, Promise, Map, Function.prototype);
const kinds = {
  async() {},
  async *ag() {},
  f4: function  *  () {},
  a1: async (x, y = (1)) => x,
  a2: async x => x,
  a3: async => async,
  gs: function/* comment */*() {},
};
console.log(kinds);
console.log(Object.setPrototypeOf(async function reprotoAsync() {}, Function.prototype));
console.log(Object.setPrototypeOf(function* reprotoGen() {}, null));
