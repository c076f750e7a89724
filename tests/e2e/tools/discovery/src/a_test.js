Deno.test("src/a_test.js", () => {});
