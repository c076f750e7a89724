// Without a canceling error listener, a listener's exception ends the program.
const target = new EventTarget();
addEventListener("error", (e) => console.log("error event:", e.message));
target.addEventListener("x", () => {
  throw new Error("listener boom");
});
target.addEventListener("x", () => console.log("not reached"));
target.dispatchEvent(new Event("x"));
console.log("not reached either");
