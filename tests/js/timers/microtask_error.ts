queueMicrotask(() => {
  throw new Error("from a microtask");
});
