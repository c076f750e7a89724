Deno.test("vendor/c_test.mts", () => {});
