Deno.test("z ok", () => {});
