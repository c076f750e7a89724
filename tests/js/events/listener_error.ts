// An exception in a listener is reported at globalThis as an ErrorEvent; a
// canceled one lets the other listeners and the program go on.
addEventListener("error", (e) => {
  console.log("error event:", e.message, e.error?.message, e.filename.endsWith("listener_error.ts"), e.lineno, e.cancelable);
  e.preventDefault();
});
const target = new EventTarget();
target.addEventListener("x", () => {
  throw new Error("listener boom");
});
target.addEventListener("x", () => console.log("second listener runs"));
console.log("dispatch returned", target.dispatchEvent(new Event("x")));
queueMicrotask(() => {
  throw new Error("microtask boom");
});
setTimeout(() => {
  throw new Error("timer boom");
}, 1);
setTimeout(() => console.log("program continues"), 10);
