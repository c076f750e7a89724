const opts = { sanitizeOps: true, sanitizeResources: true };
Deno.test("leaks a timer", opts, () => {
  setTimeout(() => {}, 10000);
});
Deno.test("leaks two timers and an interval", opts, () => {
  setTimeout(() => {}, 10000);
  setTimeout(() => {}, 10000);
  setInterval(() => {}, 10000);
});
Deno.test("clean", opts, async () => {
  const id = setTimeout(() => {}, 10000);
  clearTimeout(id);
  await Deno.readTextFile("leak_test.ts");
  await new Promise((r) => setTimeout(r, 1));
});
Deno.test("defaults are off", () => {
  setTimeout(() => {}, 10000);
});
Deno.test("step leaks", async (t) => {
  await t.step({ name: "inner", sanitizeOps: true, fn() {
    setInterval(() => {}, 10000);
  } });
});
