// setTimeout/setInterval and friends. JavaScript keeps the timers in a binary
// heap ordered by (deadline, creation order); C++ keeps one native Asio timer
// armed for the earliest deadline (Runtime::arm_timer) and calls
// core.runTimers when it fires. Each call runs one due timer, so microtasks run
// between timers as the HTML spec requires.
const { op_now, op_arm_timer, op_disarm_timer } = core.ops;

const timers = new Map(); // id -> timer
const heap = [];          // timers by (deadline, seq); cancelled ones are skipped when popped
let nextId = 1;
let nextSeq = 0;
let refCount = 0;

function before(a, b) {
  return a.deadline < b.deadline || (a.deadline === b.deadline && a.seq < b.seq);
}
function push(timer) {
  heap.push(timer);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!before(heap[i], heap[parent])) break;
    [heap[i], heap[parent]] = [heap[parent], heap[i]];
    i = parent;
  }
}
function pop() {
  const top = heap[0];
  const last = heap.pop();
  if (heap.length > 0) {
    heap[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < heap.length && before(heap[l], heap[m])) m = l;
      if (r < heap.length && before(heap[r], heap[m])) m = r;
      if (m === i) break;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  }
  return top;
}

function rearm() {
  while (heap.length > 0 && heap[0].cancelled) pop();
  if (heap.length === 0) {
    op_disarm_timer();
    return;
  }
  op_arm_timer(Math.max(0, heap[0].deadline - op_now()), refCount > 0);
}

const kRefed = Symbol("refed");
const kTimerId = Symbol("timerId");

// What setTimeout/setInterval return, as in Deno 2 (Node's Timeout): it
// converts to the numeric id, so `clearTimeout(+t)` and `t > 0` work too.
class Timeout {
  constructor(id, callback, delay, args, repeat) {
    this._idleTimeout = delay;
    this._onTimeout = callback;
    this._timerArgs = args;
    this._repeat = repeat ? delay : false;
    this._destroyed = false;
    this[kRefed] = true;
    this[kTimerId] = id;
  }
  refresh() {
    const timer = timers.get(this[kTimerId]);
    if (timer !== undefined) {
      timer.cancelled = true;
      const fresh = { ...timer, deadline: op_now() + timer.delay, seq: nextSeq++, cancelled: false };
      timers.set(timer.id, fresh);
      push(fresh);
      rearm();
    }
    return this;
  }
  ref() {
    setRef(this[kTimerId], true);
    return this;
  }
  unref() {
    setRef(this[kTimerId], false);
    return this;
  }
  hasRef() {
    return this[kRefed];
  }
  close() {
    cancel(this[kTimerId]);
    return this;
  }
  [Symbol.toPrimitive]() {
    return this[kTimerId];
  }
}

// Node's words for what was given instead of a function, as Deno 2 reports
// (it no longer evaluates a string callback).
function describeReceived(value) {
  if (value === null || value === undefined) return `${value}`;
  if (typeof value === "object") {
    const name = value.constructor?.name;
    return name ? `an instance of ${name}` : internals.inspect(value, { depth: -1, colors: false });
  }
  let shown = typeof value === "string" ? `'${value}'` : typeof value === "bigint" ? `${value}n` : String(value);
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return `type ${typeof value} (${shown})`;
}

function schedule(callback, delay, args, repeat) {
  if (typeof callback !== "function") {
    throw new TypeError(`The "callback" argument must be of type function. Received ${describeReceived(callback)}`);
  }
  delay = Number(delay);
  if (!(delay >= 1) || delay > 2147483647) delay = 1; // HTML: NaN, < 1 and overflow mean 1 ms
  const id = nextId++;
  const handle = new Timeout(id, callback, delay, args, repeat);
  const timer = { id, callback, args, delay, repeat, handle, deadline: op_now() + delay, seq: nextSeq++, ref: true, cancelled: false };
  // Where it was set, for the test runner's --trace-leaks.
  if (internals.traceTimers) timer.stack = new Error().stack;
  timers.set(id, timer);
  refCount++;
  push(timer);
  rearm();
  return handle;
}

function idOf(idOrTimeout) {
  return idOrTimeout instanceof Timeout ? idOrTimeout[kTimerId] : Number(idOrTimeout);
}

function cancel(idOrTimeout) {
  const id = idOf(idOrTimeout);
  const timer = timers.get(id);
  if (timer === undefined) return;
  timers.delete(id);
  timer.cancelled = true;
  timer.handle._destroyed = true;
  if (timer.ref) refCount--;
  rearm();
}

core.runTimers = function runTimers() {
  while (heap.length > 0 && heap[0].cancelled) pop();
  if (heap.length === 0 || heap[0].deadline > op_now()) {
    rearm();
    return;
  }
  const timer = pop();
  if (timer.repeat) {
    timer.deadline = op_now() + timer.delay;
    timer.seq = nextSeq++;
    push(timer);
  } else {
    timers.delete(timer.id);
    timer.cancelled = true;
    timer.handle._destroyed = true;
    if (timer.ref) refCount--;
  }
  rearm();
  Reflect.apply(timer.callback, globalThis, timer.args);
};

function setTimeout(callback, delay = 0, ...args) {
  return schedule(callback, delay, args, false);
}
function setInterval(callback, delay = 0, ...args) {
  return schedule(callback, delay, args, true);
}
function clearTimeout(id = undefined) {
  cancel(id);
}
function clearInterval(id = undefined) {
  cancel(id);
}
function setRef(idOrTimeout, ref) {
  const timer = timers.get(idOf(idOrTimeout));
  if (timer === undefined || timer.ref === ref) return;
  timer.ref = ref;
  timer.handle[kRefed] = ref;
  refCount += ref ? 1 : -1;
  rearm();
}

function queueMicrotask(callback) {
  core.ops.op_queue_microtask(callback);
}

internals.timers = {
  refTimer: (id) => setRef(id, true),
  unrefTimer: (id) => setRef(id, false),
  // Timers not yet fired or cleared (the test runner's leak sanitizer).
  active: () => [...timers.values()].filter((t) => !t.cancelled).map((t) => ({ id: t.id, repeat: t.repeat, stack: t.stack })),
};
for (const fn of [setTimeout, setInterval, clearTimeout, clearInterval, queueMicrotask]) {
  Object.defineProperty(globalThis, fn.name, { value: fn, writable: true, enumerable: true, configurable: true });
}
