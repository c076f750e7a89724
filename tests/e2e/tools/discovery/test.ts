Deno.test("test.ts", () => {});
