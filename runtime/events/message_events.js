// MessageEvent (HTML §9.2) and CloseEvent (WebSockets Standard §5): the
// events a WebSocket and a MessagePort dispatch, as Deno exposes them.
const { requiredArguments, inspectAttributes, toStringTag, toDOMString, toDictionary, defineGlobal } = internals.webidl;
const { Event } = internals.events;

const eventKeys = ["bubbles", "cancelable", "composed", "currentTarget", "defaultPrevented", "eventPhase",
  "srcElement", "target", "returnValue", "timeStamp", "type"];

class MessageEvent extends Event {
  #data; #origin; #lastEventId; #source; #ports;
  constructor(type, eventInitDict = undefined) {
    const prefix = "Failed to construct 'MessageEvent'";
    requiredArguments(arguments.length, 1, prefix);
    const init = toDictionary(eventInitDict, prefix, 2);
    super(type, init);
    this.#data = init.data === undefined ? null : init.data;
    this.#origin = init.origin === undefined ? "" : toDOMString(init.origin);
    this.#lastEventId = init.lastEventId === undefined ? "" : toDOMString(init.lastEventId);
    this.#source = init.source ?? null;
    this.#ports = Object.freeze(init.ports === undefined ? [] : [...init.ports]);
  }
  static #check(self) {
    if (self === null || typeof self !== "object" || !(#data in self)) throw new TypeError("Illegal invocation");
    return self;
  }
  get data() { return MessageEvent.#check(this).#data; }
  get origin() { return MessageEvent.#check(this).#origin; }
  get lastEventId() { return MessageEvent.#check(this).#lastEventId; }
  get source() { return MessageEvent.#check(this).#source; }
  get ports() { return MessageEvent.#check(this).#ports; }
}

class CloseEvent extends Event {
  #wasClean; #code; #reason;
  constructor(type, eventInitDict = undefined) {
    const prefix = "Failed to construct 'CloseEvent'";
    requiredArguments(arguments.length, 1, prefix);
    const init = toDictionary(eventInitDict, prefix, 2);
    super(type, init);
    this.#wasClean = Boolean(init.wasClean);
    this.#code = init.code === undefined ? 0 : +init.code & 0xffff;
    this.#reason = init.reason === undefined ? "" : toDOMString(init.reason);
  }
  static #check(self) {
    if (self === null || typeof self !== "object" || !(#code in self)) throw new TypeError("Illegal invocation");
    return self;
  }
  get wasClean() { return CloseEvent.#check(this).#wasClean; }
  get code() { return CloseEvent.#check(this).#code; }
  get reason() { return CloseEvent.#check(this).#reason; }
}

for (const cls of [MessageEvent, CloseEvent]) {
  for (const name of Object.getOwnPropertyNames(cls.prototype)) {
    if (Object.getOwnPropertyDescriptor(cls.prototype, name).get !== undefined) {
      Object.defineProperty(cls.prototype, name, { enumerable: true });
    }
  }
  toStringTag(cls);
  defineGlobal(cls.name, cls);
}
inspectAttributes(MessageEvent, [...eventKeys, "data", "origin", "lastEventId"]);  // as Deno shows it
inspectAttributes(CloseEvent, [...eventKeys, "wasClean", "code", "reason"]);

internals.events.MessageEvent = MessageEvent;
internals.events.CloseEvent = CloseEvent;
