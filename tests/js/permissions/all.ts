// -A: everything granted; env and cwd belong to this program.
Deno.env.set("TC_X", "x");
console.log(Deno.env.get("TC_X"), Deno.env.toObject().TC_X);
Deno.env.delete("TC_X");
console.log(Deno.env.get("TC_X"), Deno.env.has("TC_X"));
const before = Deno.cwd();
Deno.chdir("..");
console.log(before.endsWith("/permissions"), Deno.cwd() === before.slice(0, before.lastIndexOf("/")));
for (const key of ["", "A=B"]) {
  try {
    Deno.env.get(key);
  } catch (e) {
    console.log((e as Error).name, (e as Error).message);
  }
}
console.log((await Deno.permissions.query({ name: "net", host: "example.com:443" })).state);
try {
  Deno.chdir("/definitely/not/here");
} catch (e) {
  console.log((e as Error).name, (e as Error).message);
}
