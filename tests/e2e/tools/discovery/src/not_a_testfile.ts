Deno.test("src/not_a_testfile.ts", () => {});
