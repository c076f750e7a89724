// --allow-env --deny-env=SECRET: deny wins over allow.
console.log(typeof Deno.env.get("PATH"));
try {
  Deno.env.get("SECRET");
} catch (e) {
  console.log((e as Error).name, (e as Error).message);
}
console.log((await Deno.permissions.query({ name: "env", variable: "SECRET" })).state);
console.log((await Deno.permissions.query({ name: "env" })).state);
