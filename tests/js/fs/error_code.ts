// OS errors carry Deno 2's `code` (the errno name) beside their class.
for (const f of [
  () => Deno.readTextFileSync("/nonexistent/x"),
  () => Deno.mkdirSync("/tmp"),
  () => Deno.removeSync("/"),
  () => Deno.readDirSync("/etc/hostname"),
]) {
  try {
    f();
  } catch (e) {
    const err = e as Deno.errors.NotFound & { code?: string };
    console.log(err.name, err.code, Object.keys(err));
  }
}
await Deno.stat("/nonexistent").catch((e) => console.log("async:", e.name, e.code));
