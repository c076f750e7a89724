Deno.test("passes", () => {});
Deno.test({ name: "ignored", ignore: true, fn() {} });
Deno.test(function namedFn() {});
Deno.test("with options", { permissions: { read: true } }, () => {});
Deno.test("fails", () => {
  throw new Error("boom");
});
Deno.test("steps", async (t) => {
  console.log("name", t.name, t.origin);
  await t.step("inner 1", () => {});
  await t.step("inner 2", async (t) => {
    await t.step("deep", () => {
      throw new TypeError("deep fail");
    });
  });
  await t.step({ name: "ign", ignore: true, fn() {} });
});
