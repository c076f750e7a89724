// Last built-in: the global object's own names, as Deno sets them.
Object.defineProperty(globalThis, "self", {
  get() { return globalThis; },
  enumerable: true,
  configurable: true,
});

// See es2022.js: give V8 back its own Object.hasOwn once the built-ins have captured ours.
for (const [target, name] of internals.es2022Shims) {
  if (target === Object && name === "hasOwn") delete Object.hasOwn;
}
