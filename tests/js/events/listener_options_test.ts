// addEventListener reads all of its options (capture, once, passive, signal)
// before looking at the callback, so a bad signal throws even for a null
// callback; the "abort" event an AbortSignal fires is trusted.
import { Shown } from "../shown.ts";

Deno.test("addEventListener reads all of its options (capture, once, passive, signal) before looking at the callback, so a bad signal throws even for a null callback; the \"abort\" event an AbortSignal fires is trusted", async () => {
  const shown = new Shown();
  const read: string[] = [];
  const options = {
    get capture() { read.push("capture"); return false; },
    get once() { read.push("once"); return false; },
    get passive() { read.push("passive"); return false; },
    get signal() { read.push("signal"); return undefined; },
  };
  const target = new EventTarget();
  target.addEventListener("x", null, options);
  shown.at(1, ["add with a null callback read:", read.join(", ")], ["add with a null callback read:", "capture, once, passive, signal"]);

  for (const signal of [null, {}, 1]) {
    try {
      target.addEventListener("x", null, { signal } as AddEventListenerOptions);
      shown.at(2, [signal, "accepted"]);
    } catch (e) {
      shown.at(3, [String(signal), (e as Error).name], ["null", "TypeError"], ["[object Object]", "TypeError"], ["1", "TypeError"]);
    }
  }

  // An aborted signal: the listener is not added.
  target.addEventListener("x", () => shown.at(4, ["must not run"]), { signal: AbortSignal.abort() });
  target.dispatchEvent(new Event("x"));

  const controller = new AbortController();
  controller.signal.addEventListener("abort", (e) => shown.at(5, ["abort event isTrusted:", e.isTrusted], ["abort event isTrusted:", true]));
  controller.abort();
  shown.at(6, ["script event isTrusted:", new Event("abort").isTrusted], ["script event isTrusted:", false]);
  shown.done([1, 3, 3, 3, 5, 6]);
});
