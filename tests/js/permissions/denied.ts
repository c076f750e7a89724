// Without flags everything is denied, with the class and message of Deno 2.
for (const [what, fn] of [
  ["env.get", () => Deno.env.get("HOME")],
  ["env.set", () => Deno.env.set("X", "1")],
  ["env.toObject", () => Deno.env.toObject()],
  ["chdir", () => Deno.chdir("/")],
] as const) {
  try {
    fn();
    console.log(what, "allowed?!");
  } catch (e) {
    console.log(what, (e as Error).name, (e as Error).message, e instanceof Deno.errors.NotCapable);
  }
}
console.log((await Deno.permissions.query({ name: "env", variable: "HOME" })).state);
console.log(Deno.permissions.querySync({ name: "read", path: "/" }).state);
console.log(Deno.env.get("NO_COLOR") !== undefined);
try {
  await Deno.permissions.query({ name: "bogus" } as any);
} catch (e) {
  console.log((e as Error).name, (e as Error).message);
}
