Deno.test("logs", () => { console.log("hello"); console.error("to err"); });
Deno.test("quiet", () => {});
Deno.test("step logs", async (t) => {
  await t.step("s1", () => { console.log("in step"); });
});
