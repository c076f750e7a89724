// Where Deno 2.9.6 departs from the DOM Standard, we follow the standard; the
// expected output here is written from it, not recorded from Deno:
// - at the target, capture listeners run before non-capture ones, whatever
//   the order they were added in (DOM "dispatch", steps 5.13-5.14; Deno runs
//   them in the order added);
// - stopPropagation() in a capture listener stops the non-capture ones;
// - CustomEvent's detail defaults to null (Deno: undefined);
// - bad arguments are TypeErrors (Deno accepts some of them silently).
const target = new EventTarget();
const log: string[] = [];
target.addEventListener("order", () => log.push("non-capture"));
target.addEventListener("order", () => log.push("capture"), true);
target.dispatchEvent(new Event("order"));
target.addEventListener("stop", () => log.push("never"));
target.addEventListener("stop", (e) => { log.push("capture stops"); e.stopPropagation(); }, { capture: true });
target.dispatchEvent(new Event("stop"));
console.log(log);
console.log(new CustomEvent("c").detail);
for (const bad of [
  () => new Event("x", 5 as any),
  () => target.addEventListener("x", 5 as any),
  () => target.dispatchEvent({} as any),
  () => new (PromiseRejectionEvent as any)("x", {}),
  () => Object.getOwnPropertyDescriptor(Event.prototype, "type")!.get!.call({}),
]) {
  try {
    bad();
    console.log("no error");
  } catch (err) {
    console.log((err as Error).name, (err as Error).message);
  }
}
