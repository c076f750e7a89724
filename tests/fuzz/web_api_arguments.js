// Calls every constructor, static and prototype method, getter and setter of
// the web API globals with odd receivers and arguments (undefined, null, a
// Symbol, huge and odd numbers, detached buffers, a Proxy whose every trap
// throws, objects whose conversions throw, …). Anything may throw or reject;
// nothing may crash the process. Prints "done" and the number of calls.
const detached = new ArrayBuffer(8);
structuredClone(detached, { transfer: [detached] });
const detachedView = (() => {
  const buffer = new ArrayBuffer(4);
  const view = new Uint8Array(buffer);
  structuredClone(buffer, { transfer: [buffer] });
  return view;
})();
const trap = () => {
  throw new Error("trap");
};
const throwingProxy = new Proxy({}, {
  get: trap, has: trap, ownKeys: trap, getPrototypeOf: trap, getOwnPropertyDescriptor: trap, set: trap, apply: trap,
});
const odd = [
  undefined, null, Symbol("s"), 2 ** 53, 2 ** 32, -1, NaN, Infinity, -Infinity, 1e300, -0, "", "x".repeat(10), "\ud800",
  {}, [], detached, detachedView, throwingProxy, { toString: trap, valueOf: trap }, { [Symbol.iterator]: trap },
  { [Symbol.asyncIterator]: trap }, () => {}, 10n, new DataView(new ArrayBuffer(2)), new SharedArrayBuffer(4),
  new Float64Array(3), Promise.reject(new Error("rejected")).catch(() => {}) && Promise.resolve(),
];
const seconds = [undefined, null, throwingProxy, detached, 2 ** 53, {}, { type: "bytes" }, { mode: "byob" }];

const makers = {
  Headers: () => new Headers({ a: "1" }),
  Request: () => new Request("http://a/", { method: "POST", body: "x" }),
  Response: () => new Response("x"),
  Blob: () => new Blob(["x"]),
  File: () => new File(["x"], "f"),
  FormData: () => {
    const form = new FormData();
    form.append("a", "b");
    return form;
  },
  URL: () => new URL("http://u:p@a/b?c#d"),
  URLSearchParams: () => new URLSearchParams("a=1&b=2"),
  TextEncoder: () => new TextEncoder(),
  TextDecoder: () => new TextDecoder(),
  ReadableStream: () => new ReadableStream({ type: "bytes" }),
  WritableStream: () => new WritableStream(),
  TransformStream: () => new TransformStream(),
  ReadableStreamDefaultReader: () => new ReadableStream().getReader(),
  ReadableStreamBYOBReader: () => new ReadableStream({ type: "bytes" }).getReader({ mode: "byob" }),
  WritableStreamDefaultWriter: () => new WritableStream().getWriter(),
  ByteLengthQueuingStrategy: () => new ByteLengthQueuingStrategy({ highWaterMark: 1 }),
  CountQueuingStrategy: () => new CountQueuingStrategy({ highWaterMark: 1 }),
  TextEncoderStream: () => new TextEncoderStream(),
  TextDecoderStream: () => new TextDecoderStream(),
  CompressionStream: () => new CompressionStream("gzip"),
  DecompressionStream: () => new DecompressionStream("deflate"),
  Event: () => new Event("e"),
  EventTarget: () => new EventTarget(),
  CustomEvent: () => new CustomEvent("c"),
  ErrorEvent: () => new ErrorEvent("e"),
  PromiseRejectionEvent: () => new PromiseRejectionEvent("p", { promise: Promise.resolve() }),
  MessageEvent: () => new MessageEvent("m"),
  AbortController: () => new AbortController(),
  AbortSignal: () => new AbortController().signal,
  DOMException: () => new DOMException("m"),
  MessageChannel: () => new MessageChannel(),
  MessagePort: () => new MessageChannel().port1,
  Crypto: () => crypto,
  SubtleCrypto: () => crypto.subtle,
};

let calls = 0;
function attempt(f) {
  calls++;
  try {
    const result = f();
    if (result !== null && typeof result === "object" && typeof result.then === "function") {
      Promise.prototype.then.call(result, undefined, () => {});
    }
    return result;
  } catch {
    return undefined;
  }
}

for (const [name, make] of Object.entries(makers)) {
  const cls = globalThis[name];
  for (const a of odd) {
    for (const b of odd) attempt(() => new cls(a, b));
    attempt(() => cls(a));
  }
  for (const target of [cls, cls.prototype]) {
    for (const key of Reflect.ownKeys(target)) {
      if (key === "constructor" || key === "prototype") continue;
      const descriptor = Object.getOwnPropertyDescriptor(target, key);
      for (const fn of [descriptor.value, descriptor.get, descriptor.set]) {
        if (typeof fn !== "function") continue;
        const receivers = [undefined, null, {}, throwingProxy, cls, attempt(make), attempt(make)];
        for (const self of receivers) {
          attempt(() => fn.call(self));
          for (const a of odd) {
            attempt(() => fn.call(self, a));
            for (const b of seconds) attempt(() => fn.call(self, a, b));
          }
        }
      }
    }
  }
}
for (const name of ["structuredClone", "atob", "btoa", "fetch", "queueMicrotask", "clearTimeout", "clearInterval",
  "dispatchEvent", "addEventListener", "removeEventListener"]) {
  const fn = globalThis[name];
  for (const a of odd) for (const b of odd) attempt(() => fn(a, b));
}
for (const fn of [crypto.getRandomValues, crypto.randomUUID, crypto.subtle.digest]) {
  for (const self of [crypto, crypto.subtle]) for (const a of odd) for (const b of odd) attempt(() => fn.call(self, a, b));
}
// The platform-object base classes behind DOMException, Blob and File.
const base = Object.getPrototypeOf(Blob);
for (const cls of [base, Object.getPrototypeOf(base)]) {
  for (const target of [Array, Blob, File, DOMException, cls]) {
    const made = attempt(() => Reflect.construct(cls, [], target));
    attempt(() => cls());
    for (const proto of [Blob.prototype, File.prototype, DOMException.prototype, null]) {
      attempt(() => structuredClone(Object.setPrototypeOf(attempt(() => Reflect.construct(cls, [], target)) ?? {}, proto)));
    }
    attempt(() => structuredClone([made, made]));
  }
}
await new Promise((resolve) => setTimeout(resolve, 50));
console.log("done", calls > 100000 ? "(over 100000 calls)" : `(only ${calls} calls)`);
