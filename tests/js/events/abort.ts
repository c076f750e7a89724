// AbortController and AbortSignal: abort(reason), static abort/timeout/any,
// throwIfAborted, onabort, and the order of abort events.
const controller = new AbortController();
const { signal } = controller;
console.log(controller);
console.log(signal.aborted, signal.reason, Object.prototype.toString.call(signal), signal instanceof EventTarget);
const order: string[] = [];
signal.onabort = (e) => order.push(`onabort ${e.type} ${e.target === signal}`);
signal.addEventListener("abort", () => order.push("listener"));
signal.throwIfAborted();
controller.abort("because");
controller.abort("again");
console.log(order, signal.aborted, signal.reason, controller.signal === signal);
try {
  signal.throwIfAborted();
} catch (e) {
  console.log("thrown", e);
}

const plain = new AbortController();
plain.abort();
const reason = plain.signal.reason as DOMException;
console.log(reason.name, reason.message, reason.code, reason instanceof DOMException);
console.log(AbortSignal.abort().reason.name, AbortSignal.abort(null).reason, AbortSignal.abort(0).aborted);

// any: follows its sources, flattened, aborts with the first reason.
const a = new AbortController();
const b = new AbortController();
const any = AbortSignal.any([a.signal, b.signal]);
const anyOfAny = AbortSignal.any([any]);
any.addEventListener("abort", () => console.log("any aborted", any.reason));
anyOfAny.onabort = () => console.log("any of any aborted", anyOfAny.reason);
b.abort("b first");
a.abort("a second");
console.log(any.reason, anyOfAny.reason, AbortSignal.any([]).aborted);
console.log(AbortSignal.any([new AbortController().signal, AbortSignal.abort("pre")]).reason);

// timeout: a TimeoutError, and a pending one does not keep the program alive.
AbortSignal.timeout(1_000_000);
const t = AbortSignal.timeout(5);
t.onabort = () => {
  const r = t.reason as DOMException;
  console.log("timeout", r.name, r.message, r.code, t.aborted);
};
setTimeout(() => console.log("after timeout", t.aborted), 50);

for (const bad of [
  () => new (AbortSignal as any)(),
  () => (AbortSignal as any).timeout(),
  () => AbortSignal.timeout(-1),
  () => AbortSignal.timeout(NaN),
  () => AbortSignal.timeout(2 ** 53),
  () => (AbortSignal as any).any(),
  () => AbortSignal.any([1 as any]),
  () => AbortSignal.any(5 as any),
  () => AbortController.prototype.abort.call({}),
  () => Object.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted")!.get!.call({}),
]) {
  try {
    bad();
    console.log("no error");
  } catch (err) {
    console.log((err as Error).name, (err as Error).message);
  }
}
