// Event and EventTarget: flags, phases, listener options, handleEvent,
// propagation control, subclasses and their printing, bad input.
import { inspected, Shown } from "../shown.ts";

Deno.test("Event and EventTarget: flags, phases, listener options, handleEvent, propagation control, subclasses and their printing, bad input", async () => {
  const shown = new Shown();
  const e = new Event("ping", { cancelable: true, bubbles: true, composed: true });
  shown.at(1, [e], [inspected("Event {\n  bubbles: true,\n  cancelable: true,\n  composed: true,\n  currentTarget: null,\n  defaultPrevented: false,\n  eventPhase: 0,\n  srcElement: null,\n  target: null,\n  returnValue: true,\n  timeStamp: 0,\n  type: \"ping\"\n}")]);
  shown.at(2, [e.type, e.bubbles, e.cancelable, e.composed, e.isTrusted, e.timeStamp, e.eventPhase, e.composedPath()], ["ping", true, true, true, false, 0, 0, []]);
  shown.at(3, [Event.NONE, Event.CAPTURING_PHASE, Event.AT_TARGET, Event.BUBBLING_PHASE, e.AT_TARGET], [0, 1, 2, 3, 2]);
  shown.at(4, [Object.prototype.toString.call(e), Object.keys(Event)], ["[object Event]", ["NONE", "CAPTURING_PHASE", "AT_TARGET", "BUBBLING_PHASE"]]);

  const target = new EventTarget();
  shown.at(5, [target], [inspected("EventTarget {}")]);
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
  shown.at(6, [target.dispatchEvent(e), e.defaultPrevented, e.returnValue, e.eventPhase, e.currentTarget, e.target === target], [false, true, false, 0, null, true]);
  shown.at(7, [log.join("\n")], ["capture object\ncapture boolean\nbubble this=true phase=2 path=1 current=true\nhandleEvent this=true ping"]);
  shown.at(8, ["handler count", handler.count], ["handler count", 1]);

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
  shown.at(9, [target.dispatchEvent(tick), target.dispatchEvent(tick), log], [true, true, ["once", "passive prevented=false", "passive prevented=false"]]);

  // A listener removed by an earlier one does not run; one added during dispatch waits.
  log.length = 0;
  const later = () => log.push("added during dispatch");
  const victim = () => log.push("victim");
  target.addEventListener("x", () => { target.removeEventListener("x", victim); target.addEventListener("x", later); log.push("first"); });
  target.addEventListener("x", victim);
  target.dispatchEvent(new Event("x"));
  target.dispatchEvent(new Event("x"));
  shown.at(10, [log], [["first", "first", "added during dispatch"]]);

  // stopImmediatePropagation and stopPropagation
  log.length = 0;
  target.addEventListener("stop", (ev) => { log.push("first"); ev.stopPropagation(); });
  target.addEventListener("stop", () => log.push("same target still runs"));
  target.addEventListener("imm", (ev) => { log.push("one"); ev.stopImmediatePropagation(); });
  target.addEventListener("imm", () => log.push("two"));
  const stop = new Event("stop");
  target.dispatchEvent(stop);
  target.dispatchEvent(new Event("imm"));
  shown.at(11, [log, stop.cancelBubble], [["first", "same target still runs", "one"], false]);

  // Not cancelable: preventDefault does nothing.
  const plain = new Event("plain");
  target.addEventListener("plain", (ev) => ev.preventDefault());
  shown.at(12, [target.dispatchEvent(plain), plain.defaultPrevented], [true, false]);

  // signal removes the listener when aborted; an aborted signal adds nothing.
  log.length = 0;
  const controller = new AbortController();
  target.addEventListener("sig", () => log.push("with signal"), { signal: controller.signal });
  target.dispatchEvent(new Event("sig"));
  controller.abort();
  target.dispatchEvent(new Event("sig"));
  target.addEventListener("sig", () => log.push("never"), { signal: controller.signal });
  target.dispatchEvent(new Event("sig"));
  shown.at(13, [log], [["with signal"]]);

  // Subclasses
  class MyTarget extends EventTarget {}
  const mine = new MyTarget();
  mine.addEventListener("custom", (ev) => shown.at(14, ["custom detail", (ev as CustomEvent).detail], ["custom detail", { n: 1 }]));
  mine.dispatchEvent(new CustomEvent("custom", { detail: { n: 1 } }));
  shown.at(15, [new CustomEvent("c", { detail: "d" })], [inspected("CustomEvent {\n  bubbles: false,\n  cancelable: false,\n  composed: false,\n  currentTarget: null,\n  defaultPrevented: false,\n  eventPhase: 0,\n  srcElement: null,\n  target: null,\n  returnValue: true,\n  timeStamp: 0,\n  type: \"c\",\n  detail: \"d\"\n}")]);
  shown.at(16, [new CustomEvent("c", { detail: [1, 2] }).detail], [[1, 2]]);
  shown.at(17, [new ErrorEvent("error", { message: "m", filename: "f.js", lineno: 3, colno: 4, error: 42 })], [inspected("ErrorEvent {\n  bubbles: false,\n  cancelable: false,\n  composed: false,\n  currentTarget: null,\n  defaultPrevented: false,\n  eventPhase: 0,\n  srcElement: null,\n  target: null,\n  returnValue: true,\n  timeStamp: 0,\n  type: \"error\",\n  message: \"m\",\n  filename: \"f.js\",\n  lineno: 3,\n  colno: 4,\n  error: 42\n}")]);
  const promise = Promise.resolve(1);
  shown.at(18, [new PromiseRejectionEvent("unhandledrejection", { promise, reason: "r" })], [inspected("PromiseRejectionEvent {\n  bubbles: false,\n  cancelable: false,\n  composed: false,\n  currentTarget: null,\n  defaultPrevented: false,\n  eventPhase: 0,\n  srcElement: null,\n  target: null,\n  returnValue: true,\n  timeStamp: 0,\n  type: \"unhandledrejection\",\n  promise: Promise { 1 },\n  reason: \"r\"\n}")]);
  class Named extends Event { constructor() { super("named"); } }
  shown.at(19, [new Named().type, new Named() instanceof Event], ["named", true]);

  // Bad input
  for (const bad of [
    () => new (Event as any)(),
    () => (Event as any)("x"),
    () => (target as any).addEventListener("x"),
    () => target.addEventListener("x", () => {}, { signal: {} as any }),
  ]) {
    try {
      bad();
      shown.at(20, ["no error"]);
    } catch (err) {
      shown.at(21, [(err as Error).name, (err as Error).message], ["TypeError", "Failed to construct 'Event': 1 argument required, but only 0 present"], ["TypeError", "Class constructor Event cannot be invoked without 'new'"], ["TypeError", "Failed to execute 'addEventListener' on 'EventTarget': 2 arguments required, but only 1 present"], ["TypeError", "Failed to execute 'addEventListener' on 'EventTarget': 'signal' of 'AddEventListenerOptions' (Argument 3) is not of type AbortSignal"]);
    }
  }
  // Re-entrant dispatch of the same event is an InvalidStateError.
  const again = new Event("again");
  target.addEventListener("again", () => {
    try {
      target.dispatchEvent(again);
    } catch (err) {
      shown.at(22, [(err as DOMException).name, err instanceof DOMException], ["InvalidStateError", true]);
    }
  });
  target.dispatchEvent(again);
  target.addEventListener("nullcb", null);
  shown.at(23, [target.dispatchEvent(new Event("nullcb"))], [true]);
  shown.done([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 21, 21, 21, 22, 23]);
});
