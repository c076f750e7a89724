// OS errors carry Deno 2's `code` (the errno name) beside their class.
import { Shown } from "../shown.ts";

Deno.test("OS errors carry Deno 2's `code` (the errno name) beside their class", async () => {
  const shown = new Shown();
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
      shown.at(1, [err.name, err.code, Object.keys(err)], ["NotFound", "ENOENT", ["name", "code"]], ["AlreadyExists", "EEXIST", ["name", "code"]], ["Error", "EBUSY", ["code"]], ["NotADirectory", "ENOTDIR", ["name", "code"]]);
    }
  }
  await Deno.stat("/nonexistent").catch((e) => shown.at(2, ["async:", e.name, e.code], ["async:", "NotFound", "ENOENT"]));
  shown.done([1, 1, 1, 1, 2]);
});
