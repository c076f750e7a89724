Deno.test("first file", () => {});
