Deno.test("src/testing.ts", () => {});
