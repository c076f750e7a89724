console.log(globalThis === self, typeof globalThis.setTimeout, typeof queueMicrotask);
console.log(typeof performance.now(), performance.now() >= 0, performance.timeOrigin > 1.6e12);
const m1 = performance.mark("a");
const m2 = performance.mark("b", { detail: { x: 1 } });
const m = performance.measure("a-b", "a", "b");
console.log(m1.entryType, m2.name, m2.detail.x, m.name, m.entryType, m.duration >= 0);
console.log(performance.getEntriesByType("mark").length, performance.getEntriesByName("a-b").length);
try { queueMicrotask(1 as any); } catch (e) { console.log((e as Error).name); }
