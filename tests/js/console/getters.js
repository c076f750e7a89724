// Accessor properties and the `getters` option.
const obj = {
  get g() {
    return 1;
  },
  set s(_v) {},
  get gs() {
    return "both";
  },
  set gs(_v) {},
  get obj() {
    return { nested: true };
  },
  get nul() {
    return null;
  },
  get thrower() {
    throw new Error("getter failed");
  },
  plain: 0,
};
console.log(obj);
console.log(Deno.inspect(obj, { getters: true }));
console.log(Deno.inspect(obj, { getters: "get" }));
console.log(Deno.inspect(obj, { getters: "set" }));
class WithAccessor {
  #secret = 42;
  get secret() {
    return this.#secret;
  }
}
console.log(new WithAccessor());
console.log(Deno.inspect(new WithAccessor(), { getters: true }));
const defined = {};
Object.defineProperty(defined, "hiddenGetter", { get: () => 1, enumerable: false });
Object.defineProperty(defined, "visibleGetter", { get: () => 2, enumerable: true });
console.log(defined);
console.log(Deno.inspect(defined, { showHidden: true, getters: true }));
console.log(Deno.inspect({ get long() { return "x".repeat(100); } }, { getters: true }));
