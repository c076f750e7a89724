// Reads and reader.closed settled without a pending promise (a closed or
// errored stream, a closed promise made only when asked for, no start
// reaction for a source without pull): the same results, in the same order
// against other microtasks, as through the spec's pending promises.
const log = [];
const tick = (label) => Promise.resolve().then(() => log.push(label));
const show = (label, promise) => promise.then(
  (v) => log.push(`${label} fulfilled ${typeof v === "object" && v !== null ? JSON.stringify(v) : v}`),
  (e) => log.push(`${label} rejected ${e?.constructor?.name} ${e?.message ?? e}`));

// A closed stream: reads settle at once, closed is fulfilled, the stream is disturbed.
const closed = new ReadableStream({ start(c) { c.enqueue(1); c.close(); } });
const r1 = closed.getReader();
tick("t1");
show("read 1", r1.read());
show("read 2", r1.read());
show("closed", r1.closed);
tick("t2");
show("read 3", r1.read());
console.log("closed promise kept", r1.closed === r1.closed);
await new Promise((r) => setTimeout(r, 0));
r1.releaseLock();
show("closed after release", r1.closed);
try { new Response(closed); } catch (e) { log.push(`disturbed: ${e.message}`); }

// An errored stream: reads reject, closed rejects (and is not reported unhandled).
const errored = new ReadableStream({ start(c) { c.error(new RangeError("boom")); } });
const r2 = errored.getReader();
tick("t3");
show("errored read", r2.read());
show("errored closed", r2.closed);
await new Promise((r) => setTimeout(r, 0));
const unread = new ReadableStream({ start(c) { c.error(new TypeError("never asked")); } }).getReader();
await new Promise((r) => setTimeout(r, 0));
show("closed asked late", unread.closed);

// closed asked for before the close, then the close from a read and from the controller.
let controller;
const open = new ReadableStream({ start(c) { controller = c; c.enqueue("x"); } });
const r3 = open.getReader();
const openClosed = r3.closed;
show("open read", r3.read());
const pendingRead = r3.read();
show("pending read", pendingRead);
tick("t4");
controller.close();
tick("t5");
await new Promise((r) => setTimeout(r, 0));
show("open closed", openClosed);
await new Promise((r) => setTimeout(r, 0));

// Released while readable: closed (asked before or after) rejects with a TypeError.
const r4 = new ReadableStream().getReader();
const before = r4.closed;
r4.releaseLock();
show("released, asked before", before);
show("released, asked after", r4.closed);
const r5 = new ReadableStream().getReader();
r5.releaseLock();
show("released, never asked", r5.closed);
show("read after release", r5.read());

// Sources without pull whose start returns undefined, against microtasks.
tick("t6");
const quiet = new ReadableStream({ start(c) { c.enqueue("q"); } });
const r6 = quiet.getReader();
show("quiet read", r6.read());
show("quiet read 2", Promise.race([r6.read(), new Promise((r) => setTimeout(() => r("still pending"), 0))]));
tick("t7");
await new Promise((r) => setTimeout(r, 10));
for (const line of log) console.log(line);
