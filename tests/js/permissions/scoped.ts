// --allow-env=TC_A --allow-read=. : scoped grants, queries and revoke.
Deno.env.set("TC_A", "one");
console.log(Deno.env.get("TC_A"), Deno.env.has("TC_A"));
try {
  Deno.env.get("TC_B");
} catch (e) {
  console.log((e as Error).name, (e as Error).message);
}
console.log((await Deno.permissions.query({ name: "env", variable: "TC_A" })).state);
console.log((await Deno.permissions.query({ name: "env" })).state);
console.log((await Deno.permissions.query({ name: "read", path: "." })).state);
console.log((await Deno.permissions.query({ name: "read", path: "/etc" })).state);
console.log((await Deno.permissions.revoke({ name: "env", variable: "TC_A" })).state);
try {
  Deno.env.get("TC_A");
} catch (e) {
  console.log((e as Error).name, (e as Error).message);
}
