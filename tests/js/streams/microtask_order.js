// When the start, pull and write reactions of streams run, against other
// microtasks: sources without pull or start, transformers without start,
// start results that are values, and a transform stream's
// backpressure as writes and reads alternate.
const log = [];
const tick = (label) => Promise.resolve().then(() => log.push(label));

// A source without pull: reads of queued chunks, then one that waits.
const rs = new ReadableStream({ start(c) { c.enqueue("a"); c.enqueue("b"); } });
const reader = rs.getReader();
tick("t1");
reader.read().then((r) => log.push(`read ${r.value} ${r.done}`));
reader.read().then((r) => log.push(`read ${r.value} ${r.done}`));
tick("t2");
const pending = reader.read().then((r) => log.push(`read ${r.value} ${r.done}`));
await null;
await null;
log.push(`desired ${rs.locked}`);

// A pull source: how many pulls happen and when.
let pulls = 0;
const pulled = new ReadableStream({
  pull(c) { pulls++; log.push(`pull ${pulls}`); if (pulls <= 2) c.enqueue(pulls); else c.close(); },
}, { highWaterMark: 2 });
tick("t3");
await new Promise((r) => setTimeout(r, 0));
for await (const chunk of pulled) log.push(`chunk ${chunk}`);

// Start results: undefined, a value (a promise is left out: Deno 2.9.6 runs
// its pull one microtask turn earlier than "a promise resolved with" says).
for (const [name, result] of [["undefined", undefined], ["value", 42]]) {
  new ReadableStream({ start() { return result; }, pull() { log.push(`pull after start ${name}`); } });
  new WritableStream({ start() { return result; }, write() {} });
  tick(`after ${name}`);
}
await new Promise((r) => setTimeout(r, 0));

// A transform stream without start, written and read in turn.
const ts = new TransformStream({ transform(chunk, c) { log.push(`transform ${chunk}`); c.enqueue(chunk * 2); } });
const writer = ts.writable.getWriter();
const tsReader = ts.readable.getReader();
log.push(`ready desired ${writer.desiredSize}`);
const w1 = writer.write(1).then(() => log.push("w1 done"));
const w2 = writer.write(2).then(() => log.push("w2 done"));
tick("t4");
log.push(`desired after writes ${writer.desiredSize}`);
log.push(`got ${(await tsReader.read()).value}`);
log.push(`got ${(await tsReader.read()).value}`);
await w1;
await w2;
writer.close();
log.push(`end ${JSON.stringify(await tsReader.read())}`);
// An identity transform stream: a read waits for a write.
const id = new TransformStream();
const idRead = id.readable.getReader().read().then((r) => log.push(`id read ${r.value}`));
tick("t5");
await id.writable.getWriter().write("x");
await idRead;
reader.releaseLock();
await pending.catch((e) => log.push(`pending ${e.constructor.name}`));
console.log(log.join("\n"));
