// AbortController and AbortSignal (DOM Standard §3.1–3.2), including the
// dependent signals of AbortSignal.any and the unref'd timer of AbortSignal.timeout.
const { requiredArguments, inspectAttributes, toStringTag, defineGlobal } = internals.webidl;
const { DOMException } = internals;
const { EventTarget, Event, defineEventHandler, listenersOf, markTrusted } = internals.events;
const { setTimeout } = globalThis;  // captured: a program replacing the global must not break timeout()

const illegal = Symbol("illegal constructor guard");
let refreshTimers;  // (signal) → ref or unref the timeout timers it depends on
let signalAbort;  // (signal, reason) → DOM "signal abort"
let addAlgorithm;  // (signal, algorithm) → run algorithm when signal aborts (nothing if it already has)

class AbortSignal extends EventTarget {
  #aborted = false;
  #reason = undefined;
  #algorithms = [];       // run on abort, before the event (listener removal, dependents)
  #dependent = false;
  #sources = [];          // for a dependent signal: the signals it follows
  #dependents = [];
  #timer = null;          // AbortSignal.timeout's timer id, until it fires

  constructor(key = undefined) {
    if (key !== illegal) throw new TypeError("Illegal constructor");
    super();
  }

  static #check(self) {
    if (self === null || typeof self !== "object" || !(#aborted in self)) throw new TypeError("Illegal invocation");
    return self;
  }

  static abort(reason = undefined) {
    const signal = new AbortSignal(illegal);
    signal.#aborted = true;
    signal.#reason = reason !== undefined ? reason : new DOMException("The signal has been aborted", "AbortError");
    return signal;
  }

  static timeout(milliseconds) {
    const prefix = "Failed to execute 'AbortSignal.timeout'";
    requiredArguments(arguments.length, 1, prefix);
    const ms = +milliseconds;  // ToNumber: a BigInt is a TypeError
    if (!Number.isFinite(ms)) throw new TypeError(`${prefix}: Argument 1 is not a finite number`);
    const whole = Math.trunc(ms);
    if (whole < 0 || whole > Number.MAX_SAFE_INTEGER) {
      throw new TypeError(`${prefix}: Argument 1 is outside the accepted range of 0 to 9007199254740991, inclusive`);
    }
    const signal = new AbortSignal(illegal);
    // The timer must not keep the program alive on its own.
    signal.#timer = +setTimeout(() => {
      signal.#timer = null;
      signal.#signalAbort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    }, whole);
    internals.timers.unrefTimer(signal.#timer);
    return signal;
  }

  static any(signals) {
    const prefix = "Failed to execute 'AbortSignal.any'";
    requiredArguments(arguments.length, 1, prefix);
    if (signals === null || typeof signals !== "object" || typeof signals[Symbol.iterator] !== "function") {
      throw new TypeError(`${prefix}: Argument 1 can not be converted to sequence.`);
    }
    const list = [...signals];
    list.forEach((s, i) => {
      if (!(s instanceof AbortSignal)) throw new TypeError(`${prefix}: Argument 1, index ${i} is not of type AbortSignal`);
    });
    for (const s of list) if (s.#aborted) return AbortSignal.abort(s.#reason);
    const result = new AbortSignal(illegal);
    result.#dependent = true;
    for (const s of list) {
      for (const source of s.#dependent ? s.#sources : [s]) {
        if (result.#sources.includes(source)) continue;
        result.#sources.push(source);
        source.#dependents.push(result);
      }
    }
    return result;
  }

  // Unless someone listens for its abort (on it, or on a signal of
  // AbortSignal.any that follows it), as in Deno: then it keeps the program
  // alive until it fires.
  addEventListener(type, callback, options = undefined) {
    super.addEventListener(...arguments);
    refreshTimers(this);
  }
  removeEventListener(type, callback, options = undefined) {
    super.removeEventListener(...arguments);
    refreshTimers(this);
  }
  static {
    // A brand check (Object.create(AbortSignal.prototype) is no signal).
    internals.isAbortSignal = (value) => typeof value === "object" && value !== null && #aborted in value;
    refreshTimers = (signal) => {
      for (const source of signal.#dependent ? signal.#sources : [signal]) {
        if (source.#timer === null) continue;
        const listened = (s) => (listenersOf(s).get("abort")?.length ?? 0) > 0;
        const ref = listened(source) || source.#dependents.some(listened);
        if (ref) internals.timers.refTimer(source.#timer);
        else internals.timers.unrefTimer(source.#timer);
      }
    };
  }

  get aborted() { return AbortSignal.#check(this).#aborted; }
  get reason() { return AbortSignal.#check(this).#reason; }
  throwIfAborted() {
    if (AbortSignal.#check(this).#aborted) throw this.#reason;
  }

  // DOM "signal abort": this signal and its dependents take the reason, then
  // each runs its algorithms and fires "abort".
  #signalAbort(reason) {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason !== undefined ? reason : new DOMException("The signal has been aborted", "AbortError");
    const toFire = [this];
    for (const dependent of this.#dependents) {
      if (dependent.#aborted) continue;
      dependent.#aborted = true;
      dependent.#reason = this.#reason;
      toFire.push(dependent);
    }
    this.#dependents = [];
    for (const signal of toFire) {
      const algorithms = signal.#algorithms;
      signal.#algorithms = [];
      for (const algorithm of algorithms) algorithm();
      signal.dispatchEvent(markTrusted(new Event("abort")));
    }
  }

  static {
    signalAbort = (signal, reason) => signal.#signalAbort(reason);
    addAlgorithm = (signal, algorithm) => {
      if (!signal.#aborted) signal.#algorithms.push(algorithm);
    };
  }
}
defineEventHandler(AbortSignal.prototype, "abort");
{
  // The handler's listener is added behind the public addEventListener.
  const { get, set } = Object.getOwnPropertyDescriptor(AbortSignal.prototype, "onabort");
  Object.defineProperty(AbortSignal.prototype, "onabort", {
    get,
    set(value) {
      set.call(this, value);
      if (this instanceof AbortSignal) refreshTimers(this);
    },
    enumerable: true,
    configurable: true,
  });
}

class AbortController {
  #signal = new AbortSignal(illegal);
  static #check(self) {
    if (self === null || typeof self !== "object" || !(#signal in self)) throw new TypeError("Illegal invocation");
    return self;
  }
  get signal() { return AbortController.#check(this).#signal; }
  abort(reason = undefined) { signalAbort(AbortController.#check(this).#signal, reason); }
}

for (const cls of [AbortSignal, AbortController]) {
  for (const name of Object.getOwnPropertyNames(cls.prototype)) {
    if (name !== "constructor") Object.defineProperty(cls.prototype, name, { enumerable: true });
  }
  toStringTag(cls);
}
inspectAttributes(AbortSignal, ["aborted", "reason", "onabort"]);
inspectAttributes(AbortController, ["signal"]);

internals.AbortSignal = AbortSignal;
internals.abortAlgorithm = addAlgorithm;
internals.signalAbort = signalAbort;
defineGlobal("AbortSignal", AbortSignal);
defineGlobal("AbortController", AbortController);
