// A strategy's size() result is converted to a number (WebIDL unrestricted double).
const rs = new ReadableStream({}, { highWaterMark: 10, size: (c) => String(c.length) });
const c = (() => { let ctl; new ReadableStream({ start(x) { ctl = x; } }, { highWaterMark: 10, size: (ch) => `${ch.length}` }); return ctl; })();
c.enqueue("abc");
console.log("readable desiredSize", c.desiredSize);
const ws = new WritableStream({}, { highWaterMark: 10, size: () => ({ valueOf: () => 4 }) });
const w = ws.getWriter();
w.write("x");
console.log("writable desiredSize", w.desiredSize);
for (const bad of [() => "abc", () => -1, () => Symbol("s"), () => 1n]) {
  let ctl;
  const s = new ReadableStream({ start(x) { ctl = x; } }, { size: bad });
  try { ctl.enqueue("x"); console.log("enqueued"); } catch (e) { console.log(e.name, e.message); }
  await s.getReader().read().then((r) => console.log("read", r), (e) => console.log("read error", e.name));
}
console.log(rs.locked);
