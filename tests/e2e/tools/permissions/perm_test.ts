Deno.test("perm", { permissions: { read: true } }, () => {
  console.log(Deno.permissions.querySync({ name: "env" }).state, Deno.permissions.querySync({ name: "read" }).state);
});
Deno.test("perm none", { permissions: "none" }, () => {
  console.log(Deno.permissions.querySync({ name: "read" }).state);
});
Deno.test("perm list", { permissions: { read: ["."] } }, () => {
  console.log(Deno.permissions.querySync({ name: "read", path: "." }).state, Deno.permissions.querySync({ name: "read", path: "/" }).state);
});
Deno.test("after", () => {
  console.log(Deno.permissions.querySync({ name: "env" }).state);
});
