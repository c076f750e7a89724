// Event, EventTarget and the events built on them (DOM Standard §2), for a
// world without a node tree: an event's path is its target alone, so capture
// and bubble listeners both run at the target (AT_TARGET), capture first.
// An exception thrown by a listener is reported as uncaught (an ErrorEvent at
// globalThis first, as Deno does) and the other listeners still run.
const { requiredArguments, inspectAttributes, toStringTag, toDOMString, toDictionary, defineGlobal } = internals.webidl;
const { DOMException } = internals;

const NONE = 0, CAPTURING_PHASE = 1, AT_TARGET = 2, BUBBLING_PHASE = 3;

let markTrusted;  // (event) → the event, now isTrusted
let isEvent;  // (value) → whether value is an Event
let dispatch;  // (target, event) → DOM "dispatch" (false if canceled)
class Event {
  #type;
  #bubbles;
  #cancelable;
  #composed;
  #target = null;
  #currentTarget = null;
  #eventPhase = NONE;
  #canceled = false;
  #stopPropagation = false;
  #stopImmediatePropagation = false;
  #inPassiveListener = false;
  #dispatching = false;
  #trusted = false;
  #path = [];

  constructor(type, eventInitDict = undefined) {
    const prefix = "Failed to construct 'Event'";
    requiredArguments(arguments.length, 1, prefix);
    const init = toDictionary(eventInitDict, prefix, 2);
    this.#type = toDOMString(type);
    this.#bubbles = Boolean(init.bubbles);
    this.#cancelable = Boolean(init.cancelable);
    this.#composed = Boolean(init.composed);
  }

  static #check(self) {
    if (self === null || typeof self !== "object" || !(#type in self)) throw new TypeError("Illegal invocation");
    return self;
  }
  static {
    isEvent = (value) => value !== null && typeof value === "object" && #type in value;
    dispatch = (target, event) => Event.#dispatch(target, event);
  }

  get type() { return Event.#check(this).#type; }
  get target() { return Event.#check(this).#target; }
  get srcElement() { Event.#check(this); return null; }  // null as in Deno: there is no DOM
  get currentTarget() { return Event.#check(this).#currentTarget; }
  get eventPhase() { return Event.#check(this).#eventPhase; }
  get bubbles() { return Event.#check(this).#bubbles; }
  get cancelable() { return Event.#check(this).#cancelable; }
  get returnValue() { return !Event.#check(this).#canceled; }
  set returnValue(value) { if (!value) this.#cancel(); }
  get defaultPrevented() { return Event.#check(this).#canceled; }
  get composed() { return Event.#check(this).#composed; }
  get timeStamp() { Event.#check(this); return 0; }  // 0 as in Deno
  get isTrusted() { return Event.#check(this).#trusted; }
  static {
    // For events the platform itself fires (an AbortSignal's "abort"), not scripts.
    markTrusted = (event) => {
      event.#trusted = true;
      return event;
    };
  }
  get cancelBubble() { return Event.#check(this).#stopPropagation; }
  set cancelBubble(value) { if (value) Event.#check(this).#stopPropagation = true; }

  composedPath() { return Event.#check(this).#path.slice(); }
  stopPropagation() { Event.#check(this).#stopPropagation = true; }
  stopImmediatePropagation() {
    Event.#check(this);
    this.#stopPropagation = true;
    this.#stopImmediatePropagation = true;
  }
  preventDefault() { Event.#check(this).#cancel(); }
  #cancel() {
    if (this.#cancelable && !this.#inPassiveListener) this.#canceled = true;
  }

  // DOM "dispatch" at a target with no parent; returns false if canceled.
  static #dispatch(target, event) {
    if (event.#dispatching) throw new DOMException("Invalid event state", "InvalidStateError");
    event.#dispatching = true;
    event.#target = target;
    event.#path = [target];
    event.#eventPhase = AT_TARGET;
    try {
      Event.#invoke(target, event, true);
      Event.#invoke(target, event, false);
    } finally {
      event.#eventPhase = NONE;
      event.#currentTarget = null;
      event.#path = [];
      event.#dispatching = false;
      event.#stopPropagation = false;
      event.#stopImmediatePropagation = false;
    }
    return !event.#canceled;
  }

  static #invoke(target, event, capturePhase) {
    if (event.#stopPropagation) return;
    event.#currentTarget = target;
    const listeners = listenersOf(target).get(event.#type);
    if (listeners === undefined) return;
    for (const listener of listeners.slice()) {
      if (listener.removed || listener.capture !== capturePhase) continue;
      if (listener.once) removeListener(target, event.#type, listener);
      event.#inPassiveListener = listener.passive;
      try {
        const callback = listener.callback;
        if (typeof callback === "function") {
          Reflect.apply(callback, target, [event]);
        } else {
          const handleEvent = callback.handleEvent;
          if (typeof handleEvent !== "function") throw new TypeError("'handleEvent' property of event listener should be a function");
          Reflect.apply(handleEvent, callback, [event]);
        }
      } catch (error) {
        reportException(error);
      }
      event.#inPassiveListener = false;
      if (event.#stopImmediatePropagation) break;
    }
  }
}

for (const [name, value] of [["NONE", NONE], ["CAPTURING_PHASE", CAPTURING_PHASE], ["AT_TARGET", AT_TARGET], ["BUBBLING_PHASE", BUBBLING_PHASE]]) {
  Object.defineProperty(Event, name, { value, enumerable: true });
  Object.defineProperty(Event.prototype, name, { value });
}

const eventKeys = ["bubbles", "cancelable", "composed", "currentTarget", "defaultPrevented", "eventPhase",
  "srcElement", "target", "returnValue", "timeStamp", "type"];

// Listeners live under a symbol, not a private field, so that globalThis (made
// an EventTarget after the fact, bootstrap/global_events.js) can have them too.
const kListeners = Symbol("listeners");

function listenersOf(target) {
  let map = target[kListeners];
  if (map === undefined) {
    map = new Map();
    Object.defineProperty(target, kListeners, { value: map });
  }
  return map;
}

function removeListener(target, type, listener) {
  listener.removed = true;
  const list = listenersOf(target).get(type);
  if (list === undefined) return;
  const i = list.indexOf(listener);
  if (i !== -1) list.splice(i, 1);
}

// (AddEventListenerOptions or boolean): anything but an object is the capture flag.
function flattenOptions(options) {
  if (options !== null && (typeof options === "object" || typeof options === "function")) return options;
  return { capture: Boolean(options) };
}

function checkCallback(callback, method) {
  if (callback !== null && typeof callback !== "object" && typeof callback !== "function") {
    throw new TypeError(`Failed to execute '${method}' on 'EventTarget': parameter 2 is not of type 'Object'.`);
  }
}

function targetOf(self) {
  self ??= globalThis;
  if (typeof self !== "object" && typeof self !== "function") throw new TypeError("Illegal invocation");
  return self;
}

class EventTarget {
  constructor() {
    listenersOf(this);
  }

  addEventListener(type, callback, options = undefined) {
    const target = targetOf(this);
    requiredArguments(arguments.length, 2, "Failed to execute 'addEventListener' on 'EventTarget'");
    checkCallback(callback, "addEventListener");
    type = toDOMString(type);
    // "Flatten more": every option is read (in WebIDL's dictionary order)
    // before anything else happens, even for a null callback.
    options = flattenOptions(options);
    const capture = Boolean(options.capture);
    const once = Boolean(options.once);
    const passive = Boolean(options.passive);
    const signal = options.signal;
    if (signal !== undefined && !(signal instanceof internals.AbortSignal)) {
      throw new TypeError("Failed to execute 'addEventListener' on 'EventTarget': 'signal' of 'AddEventListenerOptions' (Argument 3) is not of type AbortSignal");
    }
    if (callback === null || signal?.aborted) return;
    const map = listenersOf(target);
    let list = map.get(type);
    if (list === undefined) map.set(type, list = []);
    if (list.some((l) => l.callback === callback && l.capture === capture)) return;
    const listener = { callback, capture, once, passive, removed: false };
    list.push(listener);
    if (signal !== undefined) internals.abortAlgorithm(signal, () => removeListener(target, type, listener));
  }

  removeEventListener(type, callback, options = undefined) {
    const target = targetOf(this);
    requiredArguments(arguments.length, 2, "Failed to execute 'removeEventListener' on 'EventTarget'");
    checkCallback(callback, "removeEventListener");
    type = toDOMString(type);
    const capture = Boolean(flattenOptions(options).capture);
    const list = listenersOf(target).get(type);
    const listener = list?.find((l) => l.callback === callback && l.capture === capture);
    if (listener !== undefined) removeListener(target, type, listener);
  }

  dispatchEvent(event) {
    const target = targetOf(this);
    requiredArguments(arguments.length, 1, "Failed to execute 'dispatchEvent' on 'EventTarget'");
    if (!isEvent(event)) {
      throw new TypeError("Failed to execute 'dispatchEvent' on 'EventTarget': parameter 1 is not of type 'Event'.");
    }
    return dispatch(target, event);
  }
}

class CustomEvent extends Event {
  #detail;
  constructor(type, eventInitDict = undefined) {
    const prefix = "Failed to construct 'CustomEvent'";
    requiredArguments(arguments.length, 1, prefix);
    const init = toDictionary(eventInitDict, prefix, 2);
    super(type, init);
    this.#detail = init.detail ?? null;
  }
  get detail() {
    if (!(this instanceof CustomEvent)) throw new TypeError("Illegal invocation");
    return this.#detail;
  }
}

class ErrorEvent extends Event {
  #message; #filename; #lineno; #colno; #error;
  constructor(type, eventInitDict = undefined) {
    const prefix = "Failed to construct 'ErrorEvent'";
    requiredArguments(arguments.length, 1, prefix);
    const init = toDictionary(eventInitDict, prefix, 2);
    super(type, init);
    this.#message = init.message === undefined ? "" : toDOMString(init.message);
    this.#filename = init.filename === undefined ? "" : toDOMString(init.filename);
    this.#lineno = init.lineno === undefined ? 0 : +init.lineno >>> 0;
    this.#colno = init.colno === undefined ? 0 : +init.colno >>> 0;
    this.#error = init.error;
  }
  static #check(self) {
    if (self === null || typeof self !== "object" || !(#message in self)) throw new TypeError("Illegal invocation");
    return self;
  }
  get message() { return ErrorEvent.#check(this).#message; }
  get filename() { return ErrorEvent.#check(this).#filename; }
  get lineno() { return ErrorEvent.#check(this).#lineno; }
  get colno() { return ErrorEvent.#check(this).#colno; }
  get error() { return ErrorEvent.#check(this).#error; }
}

class PromiseRejectionEvent extends Event {
  #promise; #reason;
  constructor(type, eventInitDict = undefined) {
    const prefix = "Failed to construct 'PromiseRejectionEvent'";
    requiredArguments(arguments.length, 2, prefix);
    const init = toDictionary(eventInitDict, prefix, 2);
    if (!("promise" in init)) {
      throw new TypeError(`${prefix}: 'promise' of 'PromiseRejectionEventInit' (Argument 2) is required, but missing.`);
    }
    super(type, init);
    this.#promise = init.promise;
    this.#reason = init.reason;
  }
  static #check(self) {
    if (self === null || typeof self !== "object" || !(#promise in self)) throw new TypeError("Illegal invocation");
    return self;
  }
  get promise() { return PromiseRejectionEvent.#check(this).#promise; }
  get reason() { return PromiseRejectionEvent.#check(this).#reason; }
}

// Enumerable as in Deno: attributes of events, methods of EventTarget.
for (const cls of [Event, EventTarget, CustomEvent, ErrorEvent, PromiseRejectionEvent]) {
  for (const name of Object.getOwnPropertyNames(cls.prototype)) {
    const desc = Object.getOwnPropertyDescriptor(cls.prototype, name);
    const shown = cls === EventTarget ? name !== "constructor" : desc.get !== undefined && name !== "cancelBubble";
    if (shown) Object.defineProperty(cls.prototype, name, { enumerable: true });
  }
  toStringTag(cls);
}
inspectAttributes(Event, eventKeys);
inspectAttributes(CustomEvent, [...eventKeys, "detail"]);
inspectAttributes(ErrorEvent, [...eventKeys, "message", "filename", "lineno", "colno", "error"]);
inspectAttributes(PromiseRejectionEvent, [...eventKeys, "promise", "reason"]);

// An `on<type>` attribute: one listener that calls whatever the attribute holds.
function defineEventHandler(proto, type) {
  const key = Symbol(`on${type}`);
  Object.defineProperty(proto, `on${type}`, {
    get() { return targetOf(this)[key]?.handler ?? null; },
    set(value) {
      const target = targetOf(this);
      const handler = typeof value === "function" || (typeof value === "object" && value !== null) ? value : null;
      if (target[key] === undefined) {
        const slot = { handler };
        Object.defineProperty(target, key, { value: slot });
        EventTarget.prototype.addEventListener.call(target, type, (event) => {
          if (typeof slot.handler !== "function") return;
          const result = Reflect.apply(slot.handler, target, [event]);
          if (result === false) event.preventDefault();
        });
      } else {
        target[key].handler = handler;
      }
    },
    enumerable: true,
    configurable: true,
  });
}

// "Report an exception": an ErrorEvent at globalThis; unless a listener
// cancels it, the program ends with the uncaught-error report.
function reportException(error) {
  core.ops.op_report_exception(error);
}

internals.events = {
  Event, EventTarget, CustomEvent, ErrorEvent, PromiseRejectionEvent, defineEventHandler, reportException, listenersOf,
  markTrusted,
};
for (const cls of [Event, EventTarget, CustomEvent, ErrorEvent, PromiseRejectionEvent]) defineGlobal(cls.name, cls);
