// addEventListener reads all of its options (capture, once, passive, signal)
// before looking at the callback, so a bad signal throws even for a null
// callback; the "abort" event an AbortSignal fires is trusted.
const read: string[] = [];
const options = {
  get capture() { read.push("capture"); return false; },
  get once() { read.push("once"); return false; },
  get passive() { read.push("passive"); return false; },
  get signal() { read.push("signal"); return undefined; },
};
const target = new EventTarget();
target.addEventListener("x", null, options);
console.log("add with a null callback read:", read.join(", "));

for (const signal of [null, {}, 1]) {
  try {
    target.addEventListener("x", null, { signal } as AddEventListenerOptions);
    console.log(signal, "accepted");
  } catch (e) {
    console.log(String(signal), (e as Error).name);
  }
}

// An aborted signal: the listener is not added.
target.addEventListener("x", () => console.log("must not run"), { signal: AbortSignal.abort() });
target.dispatchEvent(new Event("x"));

const controller = new AbortController();
controller.signal.addEventListener("abort", (e) => console.log("abort event isTrusted:", e.isTrusted));
controller.abort();
console.log("script event isTrusted:", new Event("abort").isTrusted);
