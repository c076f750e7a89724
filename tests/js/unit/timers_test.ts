import { assert, assertEquals, assertThrows } from "./assert.ts";

Deno.test("timers fire by deadline then creation; microtasks run between them", async () => {
  const log: string[] = [];
  const done = Promise.withResolvers<void>();
  setTimeout(() => log.push("t200"), 200);
  setTimeout(() => {
    log.push("t0-a");
    Promise.resolve().then(() => log.push("micro after t0-a"));
  }, 0);
  setTimeout(() => log.push("t0-b"), 0);
  queueMicrotask(() => log.push("microtask"));
  Promise.resolve().then(() => log.push("promise"));
  const cancelled = setTimeout(() => log.push("never"), 5);
  clearTimeout(cancelled);
  let n = 0;
  const interval = setInterval(() => {
    log.push(`interval ${++n}`);
    if (n === 3) clearInterval(interval);
  }, 1);
  setTimeout((a: string, b: number) => log.push(`args ${a} ${b}`), 250, "x", 2);
  setTimeout(done.resolve, 300);
  await done.promise;
  assert(Number(cancelled) > 0, "a timer id converts to a positive number");
  assertEquals(log, [
    "microtask", "promise", "t0-a", "micro after t0-a", "t0-b",
    "interval 1", "interval 2", "interval 3", "t200", "args x 2",
  ]);
});

Deno.test("performance marks and measures", () => {
  assert(globalThis === self);
  assert(typeof performance.now() === "number" && performance.now() >= 0);
  assert(performance.timeOrigin > 1.6e12);
  const m1 = performance.mark("a");
  const m2 = performance.mark("b", { detail: { x: 1 } });
  const m = performance.measure("a-b", "a", "b");
  assertEquals([m1.entryType, m2.name, m2.detail.x, m.name, m.entryType], ["mark", "b", 1, "a-b", "measure"]);
  assert(m.duration >= 0);
  assert(performance.getEntriesByType("mark").length >= 2);
  assertEquals(performance.getEntriesByName("a-b").length, 1);
  performance.clearMarks();
  performance.clearMeasures();
});

Deno.test("queueMicrotask wants a function", () => {
  assertThrows(() => queueMicrotask(1 as unknown as () => void), TypeError);
});
