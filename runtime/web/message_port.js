// MessageChannel and MessagePort (HTML §9.4), between two ports
// of the same program. postMessage clones (and transfers: the sender's buffers
// are detached at once) with structuredClone; the other port gets a "message"
// event in a later task, once its queue is enabled (start(), or setting
// onmessage). Decision where Deno differs: a started port does not keep the
// program alive by itself, only a message on its way does.
const { requiredArguments, toDictionary, toDOMString, defineGlobal, toStringTag, inspectAttributes } =
  internals.webidl;
const { EventTarget, MessageEvent, defineEventHandler } = internals.events;  // events/message_events.js
const { setTimeout, structuredClone } = globalThis;  // captured: a program may replace the globals

const illegal = Symbol("illegal constructor guard");
let entangle;  // (a, b) → the two ports are each other's other end

class MessagePort extends EventTarget {
  #other = null;        // the entangled port; null once either side closed
  #enabled = false;     // the port message queue delivers
  #queue = [];          // messages that arrived before the queue was enabled

  constructor(key = undefined) {
    if (key !== illegal) throw new TypeError("Illegal constructor");
    super();
  }
  static #check(self) {
    if (self === null || typeof self !== "object" || !(#other in self)) throw new TypeError("Illegal invocation");
    return self;
  }
  static {
    entangle = (a, b) => {
      a.#other = b;
      b.#other = a;
    };
  }

  postMessage(message, transferOrOptions = undefined) {
    MessagePort.#check(this);
    const prefix = "Failed to execute 'postMessage' on 'MessagePort'";
    requiredArguments(arguments.length, 1, prefix);
    let transfer = [];
    if (transferOrOptions !== undefined && transferOrOptions !== null &&
        typeof transferOrOptions[Symbol.iterator] === "function") {
      transfer = [...transferOrOptions];
    } else {
      transfer = toDictionary(transferOrOptions, prefix, 2).transfer ?? [];
    }
    // Cloned (and transferred) even when nobody is at the other end.
    const data = structuredClone(message, { transfer });
    const target = this.#other;
    if (target === null) return;
    target.#queue.push(data);
    if (target.#enabled) target.#scheduleDelivery();
  }

  start() {
    MessagePort.#check(this);
    if (this.#enabled) return;
    this.#enabled = true;
    if (this.#queue.length > 0) this.#scheduleDelivery();
  }

  close() {
    MessagePort.#check(this);
    const other = this.#other;
    this.#other = null;
    this.#queue = [];
    if (other !== null) other.#other = null;
  }

  // One task per message, as the port message queue is a task source.
  #scheduleDelivery() {
    setTimeout(() => {
      if (this.#queue.length === 0) return;
      const data = this.#queue.shift();
      this.dispatchEvent(new MessageEvent("message", { data }));
    }, 0);
  }
}
defineEventHandler(MessagePort.prototype, "message");
defineEventHandler(MessagePort.prototype, "messageerror");
{
  // Setting onmessage enables the port's queue, as start() does.
  const { get, set } = Object.getOwnPropertyDescriptor(MessagePort.prototype, "onmessage");
  Object.defineProperty(MessagePort.prototype, "onmessage", {
    get,
    set(value) {
      set.call(this, value);
      this.start();
    },
    enumerable: true,
    configurable: true,
  });
}

class MessageChannel {
  #port1 = new MessagePort(illegal);
  #port2 = new MessagePort(illegal);
  constructor() {
    entangle(this.#port1, this.#port2);
  }
  static #check(self) {
    if (self === null || typeof self !== "object" || !(#port1 in self)) throw new TypeError("Illegal invocation");
    return self;
  }
  get port1() { return MessageChannel.#check(this).#port1; }
  get port2() { return MessageChannel.#check(this).#port2; }
}

for (const cls of [MessagePort, MessageChannel]) {
  for (const name of Object.getOwnPropertyNames(cls.prototype)) {
    if (name !== "constructor") Object.defineProperty(cls.prototype, name, { enumerable: true });
  }
  toStringTag(cls);
}
inspectAttributes(MessageChannel, ["port1", "port2"]);
defineGlobal("MessagePort", MessagePort);
internals.MessagePort = MessagePort;  // structuredClone refuses it (web/structured_clone.js)
defineGlobal("MessageChannel", MessageChannel);
