Deno.test("not this", () => {});
Deno.test({ name: "this one", only: true, fn() {} });
