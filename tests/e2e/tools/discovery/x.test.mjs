Deno.test("x.test.mjs", () => {});
