// performance: now(), timeOrigin, mark() and measure() (User Timing, the parts Deno has).
const { op_now, op_time_origin } = core.ops;

class PerformanceEntry {
  #name; #entryType; #startTime; #duration;
  constructor(name, entryType, startTime, duration) {
    this.#name = name;
    this.#entryType = entryType;
    this.#startTime = startTime;
    this.#duration = duration;
  }
  get name() { return this.#name; }
  get entryType() { return this.#entryType; }
  get startTime() { return this.#startTime; }
  get duration() { return this.#duration; }
  toJSON() {
    return { name: this.name, entryType: this.entryType, startTime: this.startTime, duration: this.duration };
  }
}

class PerformanceMark extends PerformanceEntry {
  #detail;
  constructor(name, options = {}) {
    name = String(name);
    const startTime = options.startTime ?? op_now();
    if (startTime < 0) throw new TypeError("startTime cannot be negative");
    super(name, "mark", startTime, 0);
    this.#detail = options.detail === undefined ? null : structuredCloneIfPossible(options.detail);
  }
  get detail() { return this.#detail; }
}

class PerformanceMeasure extends PerformanceEntry {
  #detail;
  constructor(name, startTime, duration, detail) {
    super(name, "measure", startTime, duration);
    this.#detail = detail;
  }
  get detail() { return this.#detail; }
}

function structuredCloneIfPossible(value) {
  return typeof globalThis.structuredClone === "function" ? globalThis.structuredClone(value) : value;
}

const entries = [];

function markTime(nameOrTime) {
  if (typeof nameOrTime === "number") return nameOrTime;
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i].entryType === "mark" && entries[i].name === nameOrTime) return entries[i].startTime;
  }
  throw new SyntaxError(`Cannot find mark: "${nameOrTime}".`);
}

class Performance extends EventTargetBase() {
  get timeOrigin() { return op_time_origin(); }
  now() { return op_now(); }
  mark(name, options) {
    const mark = new PerformanceMark(name, options);
    entries.push(mark);
    return mark;
  }
  measure(name, startOrOptions, endMark) {
    let start, end, detail = null;
    if (startOrOptions !== null && typeof startOrOptions === "object") {
      const o = startOrOptions;
      detail = o.detail ?? null;
      end = o.end !== undefined ? markTime(o.end)
        : o.start !== undefined && o.duration !== undefined ? markTime(o.start) + o.duration : op_now();
      start = o.start !== undefined ? markTime(o.start)
        : o.duration !== undefined && o.end !== undefined ? end - o.duration : 0;
    } else {
      end = endMark !== undefined ? markTime(endMark) : op_now();
      start = startOrOptions !== undefined ? markTime(startOrOptions) : 0;
    }
    const measure = new PerformanceMeasure(String(name), start, end - start, detail);
    entries.push(measure);
    return measure;
  }
  getEntries() { return entries.slice(); }
  getEntriesByName(name, type) {
    return entries.filter((e) => e.name === name && (type === undefined || e.entryType === type));
  }
  getEntriesByType(type) { return entries.filter((e) => e.entryType === type); }
  clearMarks(name) { remove("mark", name); }
  clearMeasures(name) { remove("measure", name); }
  toJSON() { return { timeOrigin: this.timeOrigin }; }
  get [Symbol.toStringTag]() { return "Performance"; }
}

function remove(type, name) {
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i].entryType === type && (name === undefined || entries[i].name === name)) entries.splice(i, 1);
  }
}

// Performance is an EventTarget once EventTarget exists (web APIs issue).
function EventTargetBase() {
  return globalThis.EventTarget ?? Object;
}

internals.webidl.inspectAttributes(Performance, ["timeOrigin"]);
const performance = new Performance();
Object.defineProperty(globalThis, "performance", { value: performance, writable: true, enumerable: true, configurable: true });
for (const cls of [Performance, PerformanceEntry, PerformanceMark, PerformanceMeasure]) {
  Object.defineProperty(globalThis, cls.name, { value: cls, writable: true, enumerable: false, configurable: true });
}
