Deno.test("never runs", () => {});
throw new Error("top level");
