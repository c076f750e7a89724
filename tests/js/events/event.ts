// Event and EventTarget: flags, phases, listener options, handleEvent,
// propagation control, subclasses and their printing, bad input.
const e = new Event("ping", { cancelable: true, bubbles: true, composed: true });
console.log(e);
console.log(e.type, e.bubbles, e.cancelable, e.composed, e.isTrusted, e.timeStamp, e.eventPhase, e.composedPath());
console.log(Event.NONE, Event.CAPTURING_PHASE, Event.AT_TARGET, Event.BUBBLING_PHASE, e.AT_TARGET);
console.log(Object.prototype.toString.call(e), Object.keys(Event));

const target = new EventTarget();
console.log(target);
const log: string[] = [];
target.addEventListener("ping", () => log.push("capture object"), { capture: true });
target.addEventListener("ping", () => log.push("capture boolean"), true);
target.addEventListener("ping", function (this: unknown, ev) {
  log.push(`bubble this=${this === target} phase=${ev.eventPhase} path=${ev.composedPath().length} current=${ev.currentTarget === target}`);
  ev.preventDefault();
});
const handler = { count: 0, handleEvent(ev: Event) { this.count++; log.push(`handleEvent this=${this === handler} ${ev.type}`); } };
target.addEventListener("ping", handler);
target.addEventListener("ping", handler); // a duplicate is ignored
console.log(target.dispatchEvent(e), e.defaultPrevented, e.returnValue, e.eventPhase, e.currentTarget, e.target === target);
console.log(log.join("\n"));
console.log("handler count", handler.count);

// once, removal, passive
log.length = 0;
const once = () => log.push("once");
target.addEventListener("tick", once, { once: true });
target.addEventListener("tick", (ev) => { ev.preventDefault(); log.push(`passive prevented=${ev.defaultPrevented}`); }, { passive: true });
const removed = () => log.push("never");
target.addEventListener("tick", removed);
target.removeEventListener("tick", removed);
target.addEventListener("tick", removed, true);
target.removeEventListener("tick", removed, { capture: true });
const tick = new Event("tick", { cancelable: true });
console.log(target.dispatchEvent(tick), target.dispatchEvent(tick), log);

// A listener removed by an earlier one does not run; one added during dispatch waits.
log.length = 0;
const later = () => log.push("added during dispatch");
const victim = () => log.push("victim");
target.addEventListener("x", () => { target.removeEventListener("x", victim); target.addEventListener("x", later); log.push("first"); });
target.addEventListener("x", victim);
target.dispatchEvent(new Event("x"));
target.dispatchEvent(new Event("x"));
console.log(log);

// stopImmediatePropagation and stopPropagation
log.length = 0;
target.addEventListener("stop", (ev) => { log.push("first"); ev.stopPropagation(); });
target.addEventListener("stop", () => log.push("same target still runs"));
target.addEventListener("imm", (ev) => { log.push("one"); ev.stopImmediatePropagation(); });
target.addEventListener("imm", () => log.push("two"));
const stop = new Event("stop");
target.dispatchEvent(stop);
target.dispatchEvent(new Event("imm"));
console.log(log, stop.cancelBubble);

// Not cancelable: preventDefault does nothing.
const plain = new Event("plain");
target.addEventListener("plain", (ev) => ev.preventDefault());
console.log(target.dispatchEvent(plain), plain.defaultPrevented);

// signal removes the listener when aborted; an aborted signal adds nothing.
log.length = 0;
const controller = new AbortController();
target.addEventListener("sig", () => log.push("with signal"), { signal: controller.signal });
target.dispatchEvent(new Event("sig"));
controller.abort();
target.dispatchEvent(new Event("sig"));
target.addEventListener("sig", () => log.push("never"), { signal: controller.signal });
target.dispatchEvent(new Event("sig"));
console.log(log);

// Subclasses
class MyTarget extends EventTarget {}
const mine = new MyTarget();
mine.addEventListener("custom", (ev) => console.log("custom detail", (ev as CustomEvent).detail));
mine.dispatchEvent(new CustomEvent("custom", { detail: { n: 1 } }));
console.log(new CustomEvent("c", { detail: "d" }));
console.log(new CustomEvent("c", { detail: [1, 2] }).detail);
console.log(new ErrorEvent("error", { message: "m", filename: "f.js", lineno: 3, colno: 4, error: 42 }));
const promise = Promise.resolve(1);
console.log(new PromiseRejectionEvent("unhandledrejection", { promise, reason: "r" }));
class Named extends Event { constructor() { super("named"); } }
console.log(new Named().type, new Named() instanceof Event);

// Bad input
for (const bad of [
  () => new (Event as any)(),
  () => (Event as any)("x"),
  () => (target as any).addEventListener("x"),
  () => target.addEventListener("x", () => {}, { signal: {} as any }),
]) {
  try {
    bad();
    console.log("no error");
  } catch (err) {
    console.log((err as Error).name, (err as Error).message);
  }
}
// Re-entrant dispatch of the same event is an InvalidStateError.
const again = new Event("again");
target.addEventListener("again", () => {
  try {
    target.dispatchEvent(again);
  } catch (err) {
    console.log((err as DOMException).name, err instanceof DOMException);
  }
});
target.dispatchEvent(again);
target.addEventListener("nullcb", null);
console.log(target.dispatchEvent(new Event("nullcb")));
