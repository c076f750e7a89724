Deno.test("name and fn", () => {});
Deno.test({ name: "options object", fn: () => {} });
Deno.test(function namedFunction() {});
Deno.test({ ignore: true }, function optionsThenNamedFn() {});
Deno.test({ name: "options then fn" }, () => {});
Deno.test("name, options, fn", { ignore: false }, () => {});
Deno.test({ name: "ignored object", ignore: true, fn() {} });
Deno.test("context", async (t) => {
  console.log(t.name, t.origin.endsWith("/sig_test.ts"), t.parent);
  await t.step({ name: "step object", fn: async (t2) => {
    console.log(t2.name, t2.parent?.name);
    await t2.step(function namedStep() {});
    await t2.step("step three", async (t3) => {
      await t3.step("step four", () => {});
    });
  } });
  const ran = await t.step({ name: "ignored step", ignore: true, fn() {} });
  console.log("ignored step returned", ran);
});
for (const bad of [
  () => Deno.test(""),
  () => Deno.test("no fn"),
  () => Deno.test(function () {}),
  () => Deno.test({ fn() {} }),
  () => Deno.test("x", { fn() {} }, () => {}),
  () => Deno.test("x", { name: "y" }, () => {}),
  () => Deno.test(function f() {}, { ignore: true }),
  () => Deno.test({}, () => {}),
]) {
  try {
    bad();
  } catch (e) {
    console.log(`${e.name}: ${e.message}`);
  }
}
