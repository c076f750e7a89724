// Rejections a program cannot see (closed and ready promises nobody asked
// for, pipeThrough's pipe) are never reported; pipeTo's own promise is.
const rs = new ReadableStream({ start(c) { c.error(new Error("quiet")); } });
rs.getReader();
const ws = new WritableStream({ start(c) { c.error(new Error("quiet too")); } });
ws.getWriter();
const broken = new ReadableStream({ pull(c) { c.error(new Error("quiet through")); } });
broken.pipeThrough(new TransformStream());
await new Promise((r) => setTimeout(r, 5));
console.log("nothing reported so far");
new ReadableStream({ start(c) { c.error(new Error("unhandled pipe")); } }).pipeTo(new WritableStream());
