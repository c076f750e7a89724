// ProgressEvent (XHR §6): what FileReader fires.
const { inspectAttributes, toStringTag, toDictionary, defineGlobal } = internals.webidl;
const { Event } = internals.events;

// WebIDL `unsigned long long` without [EnforceRange]: ToNumber, truncated,
// modulo 2^64 (not finite: 0).
function toUnsignedLongLong(value) {
  const x = Math.trunc(Number(value));
  if (!Number.isFinite(x)) return 0;
  const m = x % 2 ** 64;
  return m < 0 ? m + 2 ** 64 : m;
}

class ProgressEvent extends Event {
  #lengthComputable; #loaded; #total;
  constructor(type, eventInitDict = undefined) {
    // No check of the argument count: Deno takes `new ProgressEvent()` (type "undefined").
    const prefix = "Failed to construct 'ProgressEvent'";
    const init = toDictionary(eventInitDict, prefix, 2);
    super(type, init);
    this.#lengthComputable = Boolean(init.lengthComputable);
    this.#loaded = init.loaded === undefined ? 0 : toUnsignedLongLong(init.loaded);
    this.#total = init.total === undefined ? 0 : toUnsignedLongLong(init.total);
  }
  static #check(self) {
    if (self === null || typeof self !== "object" || !(#loaded in self)) throw new TypeError("Illegal invocation");
    return self;
  }
  get lengthComputable() { return ProgressEvent.#check(this).#lengthComputable; }
  get loaded() { return ProgressEvent.#check(this).#loaded; }
  get total() { return ProgressEvent.#check(this).#total; }
}
for (const name of ["lengthComputable", "loaded", "total"]) {
  Object.defineProperty(ProgressEvent.prototype, name, { enumerable: true });
}
toStringTag(ProgressEvent);
inspectAttributes(ProgressEvent, ["type", "lengthComputable", "loaded", "total"]);
defineGlobal("ProgressEvent", ProgressEvent);
internals.events.ProgressEvent = ProgressEvent;
