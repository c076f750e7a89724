// unhandledrejection at globalThis: preventDefault() keeps the program alive.
addEventListener("unhandledrejection", (e) => {
  console.log("unhandledrejection", e.constructor.name, e.reason instanceof Error ? e.reason.message : e.reason, e.promise instanceof Promise, e.cancelable);
  e.preventDefault();
});
onunhandledrejection = (e) => console.log("handler attribute sees", String(e.reason));
Promise.reject(new Error("first"));
setTimeout(() => {
  Promise.reject(2);
  setTimeout(() => console.log("still running"), 5);
}, 5);
