// An unhandledrejection listener that does not cancel: the rejection is fatal.
addEventListener("unhandledrejection", (e) => console.log("seen", e.reason));
addEventListener("unload", () => console.log("no unload after a fatal error"));
Promise.reject(42);
