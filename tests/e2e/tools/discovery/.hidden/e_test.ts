Deno.test(".hidden/e_test.ts", () => {});
