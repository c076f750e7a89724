"use strict";
// WebAssembly's promise APIs settle from a task V8 posts to the embedder's
// foreground runner (runtime/core/loop_platform.cc) once compilation is done.
// A module exporting add(i32, i32) -> i32.
const bytes = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 7, 1, 96, 2, 127, 127, 1, 127, 3, 2, 1, 0, 7, 7, 1, 3, 97, 100, 100, 0, 0, 10, 9,
  1, 7, 0, 32, 0, 32, 1, 106, 11,
]);
const guard = setTimeout(() => console.log("not settled after 5 s"), 5000);
(async () => {
  const { instance, module } = await WebAssembly.instantiate(bytes);
  console.log(`instantiate: add(2, 3) = ${instance.exports.add(2, 3)}`);
  const compiled = await WebAssembly.compile(bytes);
  console.log(`compile: ${compiled instanceof WebAssembly.Module}, exports ${JSON.stringify(WebAssembly.Module.exports(module))}`);
  const again = await WebAssembly.instantiate(compiled);
  console.log(`instantiate(module): add(40, 2) = ${again.exports.add(40, 2)}`);
  try {
    await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 2, 0, 0, 0]));
  } catch (e) {
    console.log(`bad module: ${e.constructor.name}`);
  }
  clearTimeout(guard);
})();
