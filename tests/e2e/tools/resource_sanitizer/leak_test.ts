// The resource sanitizer (sanitizeResources): files opened and not closed,
// resources closed that the test did not open, together with the op sanitizer.
const opts = { sanitizeResources: true };
Deno.test("leaks a file", opts, () => {
  Deno.openSync("leak_test.ts");
});
Deno.test("leaks two files, one line", opts, async () => {
  await Deno.open("leak_test.ts");
  Deno.openSync("leak_test.ts");
});
Deno.test("closes what it opens", opts, async () => {
  const file = await Deno.open("leak_test.ts");
  file.close();
  Deno.openSync("leak_test.ts")[Symbol.dispose]();
  const created = await Deno.makeTempFile();
  const out = await Deno.create(created);
  await out.write(new TextEncoder().encode("x"));
  out.close();
  await Deno.remove(created);
});
Deno.test("a consumed readable closes its file", opts, async () => {
  const file = await Deno.open("leak_test.ts");
  let size = 0;
  for await (const chunk of file.readable) size += chunk.length;
  if (size === 0) throw new Error("empty");
});
const outside = Deno.openSync("leak_test.ts");
Deno.test("closes a file opened before", opts, () => {
  outside.close();
});
Deno.test("defaults are off", () => {
  Deno.openSync("leak_test.ts");
});
Deno.test("a file and a timer", { sanitizeResources: true, sanitizeOps: true }, () => {
  Deno.openSync("leak_test.ts");
  setTimeout(() => {}, 10000);
});
Deno.test("only ops are checked", { sanitizeOps: true }, () => {
  Deno.openSync("leak_test.ts");
});
Deno.test("steps are not checked alone", async (t) => {
  await t.step({ name: "inner", sanitizeResources: true, fn() {
    Deno.openSync("leak_test.ts");
  } });
});
// An FsFile op left pending: waiting for a lock another handle holds.
let holder: Deno.FsFile, waiter: Deno.FsFile, waiting: Promise<void>;
Deno.test("an unawaited lock", { sanitizeOps: true }, () => {
  holder = Deno.openSync("leak_test.ts");
  holder.lockSync(true);
  waiter = Deno.openSync("leak_test.ts");
  waiting = waiter.lock(true);
});
Deno.test("the lock is released", async () => {
  holder.close();
  await waiting;
  waiter.close();
});
