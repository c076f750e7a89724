Deno.test("src/nested/skip_test.ts", () => {});
