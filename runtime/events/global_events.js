// globalThis as an EventTarget (Deno's Window) and the moments the runtime
// fires events at it. core/runtime.cc calls these hooks:
//   dispatchLoadEvent()                  after the main module has evaluated
//   dispatchBeforeUnloadEvent() -> bool  when the event loop has run dry; true if canceled
//   dispatchUnloadEvent()                at the end (Deno.exit too)
//   dispatchErrorEvent(error, message, filename, lineno, colno) -> bool  true if canceled
//   dispatchRejectionEvent(promise, reason) -> bool                       true if canceled
const { defineGlobal, inspectAttributes, requiredArguments } = internals.webidl;
const { Event, EventTarget, ErrorEvent, PromiseRejectionEvent, defineEventHandler, reportException } = internals.events;

class Window extends EventTarget {
  constructor() {
    throw new TypeError("Illegal constructor");
  }
}
Object.defineProperty(Window.prototype, Symbol.toStringTag, { value: "Window", configurable: true });
inspectAttributes(Window, []);  // `Window {}`, as Deno prints globalThis
for (const type of ["load", "beforeunload", "unload", "error", "unhandledrejection", "rejectionhandled"]) {
  defineEventHandler(Window.prototype, type);
}
Object.setPrototypeOf(globalThis, Window.prototype);
defineGlobal("Window", Window);

// reportError(e) (HTML §8.1.5.3): an ErrorEvent at globalThis; unless a
// listener cancels it, the program ends with the uncaught-error report.
function reportError(error) {
  requiredArguments(arguments.length, 1, "Failed to execute 'reportError'");
  reportException(error);
}
defineGlobal("reportError", reportError, true);

const dispatch = (event) => EventTarget.prototype.dispatchEvent.call(globalThis, event);
let unloadDispatched = false;
let inErrorEvent = false;

core.dispatchLoadEvent = () => {
  dispatch(new Event("load"));
};
core.dispatchBeforeUnloadEvent = () => !dispatch(new Event("beforeunload", { cancelable: true }));
core.dispatchUnloadEvent = internals.dispatchUnloadEvent = () => {
  if (unloadDispatched) return;
  unloadDispatched = true;
  dispatch(new Event("unload"));
};
core.dispatchErrorEvent = (error, message, filename, lineno, colno) => {
  if (inErrorEvent) return false;  // an error listener threw: report that one as it is
  inErrorEvent = true;
  try {
    const event = new ErrorEvent("error", { cancelable: true, message, filename: filename ?? "", lineno, colno, error });
    return !dispatch(event);
  } finally {
    inErrorEvent = false;
  }
};
core.dispatchRejectionEvent = (promise, reason) =>
  !dispatch(new PromiseRejectionEvent("unhandledrejection", { cancelable: true, promise, reason }));
