// AbortSignal.timeout's timer keeps the program alive only while someone
// listens for the abort: on the signal itself, through onabort, or on a
// signal of AbortSignal.any that follows it.
const direct = AbortSignal.timeout(20);
direct.addEventListener("abort", () => console.log("direct:", direct.reason.name));

const handler = AbortSignal.timeout(30);
handler.onabort = () => console.log("onabort:", handler.reason.name);

const combined = AbortSignal.any([AbortSignal.timeout(40), new AbortController().signal]);
combined.addEventListener("abort", () => console.log("any:", combined.reason.message));

// A listener added and removed again leaves the timer unref'd: it never fires.
const removed = AbortSignal.timeout(10_000);
const listener = () => console.log("removed: must not print");
removed.addEventListener("abort", listener);
removed.removeEventListener("abort", listener);

// No listener at all: nothing waits for this one either.
AbortSignal.timeout(10_000);
console.log("main done");
