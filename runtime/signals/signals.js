// Deno.addSignalListener / Deno.removeSignalListener (Deno 2.9.6). Listeners
// are kept here, per signal number; C++ (signals/signal_hub.cc) is told when a
// signal gains its first listener or loses its last, and calls
// core.dispatchSignal(signo) when the signal arrives.
const { op_signal_bind, op_signal_unbind } = core.ops;
const SetCtor = Set;
const MapCtor = Map;
const ArrayFrom = Array.from;
const TypeErrorCtor = TypeError;

const bySignal = new MapCtor(); // signo -> Set of listeners
const numbers = new MapCtor(); // name -> signo, for names bound before

function checkListener(listener) {
  if (typeof listener !== "function") {
    throw new TypeErrorCtor(`Signal listener must be a function. "${typeof listener}" is given.`);
  }
}

function addSignalListener(signal, listener) {
  checkListener(listener);
  const name = `${signal}`;
  let signo = numbers.get(name);
  let listeners = signo === undefined ? undefined : bySignal.get(signo);
  if (listeners === undefined) {
    signo = op_signal_bind(name); // throws for unknown and forbidden signals
    numbers.set(name, signo);
    listeners = new SetCtor();
    bySignal.set(signo, listeners);
  }
  listeners.add(listener);
}

function removeSignalListener(signal, listener) {
  checkListener(listener);
  const signo = numbers.get(`${signal}`);
  const listeners = signo === undefined ? undefined : bySignal.get(signo);
  if (listeners === undefined || !listeners.delete(listener)) return;
  if (listeners.size === 0) {
    bySignal.delete(signo);
    op_signal_unbind(signo);
  }
}

// Async as in Deno: a listener that throws makes an unhandled rejection
// ("Uncaught (in promise)") and the listeners after it do not run.
core.dispatchSignal = async function dispatchSignal(signo) {
  const listeners = bySignal.get(signo);
  if (listeners === undefined) return;
  for (const listener of ArrayFrom(listeners)) listener();
};

const Deno = globalThis.Deno;
for (const [name, fn] of [["addSignalListener", addSignalListener], ["removeSignalListener", removeSignalListener]]) {
  Object.defineProperty(Deno, name, { value: fn, writable: true, enumerable: true, configurable: true });
}
