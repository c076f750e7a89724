// Last built-in: the global object's own names, as Deno sets them.
Object.defineProperty(globalThis, "self", {
  get() { return globalThis; },
  enumerable: true,
  configurable: true,
});
