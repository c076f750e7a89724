// globalThis is an EventTarget (a Window): load after the main module has
// evaluated (top-level await included), beforeunload when the loop runs dry
// (cancelable: a canceled one with new work keeps the program going), then unload.
console.log(globalThis instanceof EventTarget, Object.getPrototypeOf(globalThis).constructor.name, globalThis);
addEventListener("load", (e) => console.log("load", e.constructor.name, e.target === globalThis, e.cancelable));
onload = () => console.log("onload");
let extra = 1;
addEventListener("beforeunload", (e) => {
  console.log("beforeunload", e.cancelable);
  if (extra-- > 0) {
    e.preventDefault();
    setTimeout(() => console.log("more work"), 1);
  }
});
addEventListener("unload", (e) => console.log("unload", e.cancelable));
console.log(typeof onunload, onunload);
setTimeout(() => console.log("timer"), 1);
await new Promise((r) => setTimeout(r, 5));
console.log("after top-level await");
