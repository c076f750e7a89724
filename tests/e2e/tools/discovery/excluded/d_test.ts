Deno.test("excluded/d_test.ts", () => {});
