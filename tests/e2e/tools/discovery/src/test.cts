Deno.test("src/test.cts", () => {});
