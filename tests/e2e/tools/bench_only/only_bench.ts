Deno.bench("not this", () => {});
Deno.bench({ name: "only this", only: true, fn() {} });
Deno.bench("fails", { only: true }, () => {
  throw new Error("bench boom");
});
