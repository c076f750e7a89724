Deno.test("f1 fails", () => { throw new Error("one"); });
Deno.test("f2 fails", () => { throw new Error("two"); });
Deno.test("f3 ok", () => {});
