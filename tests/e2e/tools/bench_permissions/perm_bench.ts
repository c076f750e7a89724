// Deno.bench's `permissions`: a bench runs with the permissions it asks for
// (never more than the run's), and the run's own come back after it.
const state = () => Deno.permissions.querySync({ name: "read" }).state;
Deno.bench("inherits", () => {
  if (state() !== "granted") throw new Error(`read is ${state()}`);
});
Deno.bench({ name: "read off", permissions: { read: false }, fn() {
  if (state() !== "prompt" && state() !== "denied") throw new Error(`read is ${state()}`);
  Deno.readTextFileSync("perm_bench.ts");
} });
Deno.bench({ name: "none", permissions: "none", fn() {
  Deno.readTextFileSync("perm_bench.ts");
} });
Deno.bench("granted again", () => {
  if (state() !== "granted") throw new Error(`read is ${state()}`);
});
