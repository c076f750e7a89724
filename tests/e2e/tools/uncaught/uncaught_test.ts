Deno.test("first", () => {});
Deno.test("leaves a rejection", () => {
  Promise.reject(new Error("dangling"));
});
Deno.test("after", () => {});
