// The controller's signal is made when first read: an abort before that must still show.
let ctl;
const ws = new WritableStream({ start(c) { ctl = c; } });
await ws.abort("why");
console.log(ctl.signal.aborted, ctl.signal.reason);
let ctl2;
const ws2 = new WritableStream({ start(c) { ctl2 = c; c.signal.addEventListener("abort", () => console.log("abort event", c.signal.reason.name)); } });
await ws2.abort();
const ws3 = new WritableStream({ start(c) { ctl = c; } });
console.log(ctl.signal.aborted, ctl.signal === ctl.signal);
let ctl4; const ws4 = new WritableStream({ start(c) { ctl4 = c; } });
await ws4.abort();
console.log(ctl4.signal.reason instanceof DOMException, ctl4.signal.reason.name);
