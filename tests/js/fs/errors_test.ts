// Error classes of fs failures: Deno.errors.* instances with Deno's messages.
import { Shown } from "../shown.ts";

Deno.test("Error classes of fs failures: Deno.errors.* instances with Deno's messages", async () => {
  const shown = new Shown();
  const dir = Deno.makeTempDirSync({ prefix: "fs_errors_" });
  const check = async (label: string, f: () => unknown) => {
    try {
      await f();
      shown.at(1, [label, "ok"]);
    } catch (e) {
      const err = e as Error;
      const cls = Object.entries(Deno.errors).find(([, c]) => err instanceof c)?.[0] ?? err.constructor.name;
      shown.at(2, [label, cls, err.name, err instanceof Error, err.message.replaceAll(dir, "<dir>")], ["NotFound", "NotFound", "NotFound", true, "No such file or directory (os error 2): readfile '<dir>/missing'"], ["NotFound async", "NotFound", "NotFound", true, "No such file or directory (os error 2): readfile '<dir>/missing'"], ["AlreadyExists", "AlreadyExists", "AlreadyExists", true, "File exists (os error 17): mkdir '<dir>/file'"], ["AlreadyExists async", "AlreadyExists", "AlreadyExists", true, "File exists (os error 17): mkdir '<dir>/full'"], ["NotADirectory", "NotADirectory", "NotADirectory", true, "Not a directory (os error 20): readdir '<dir>/file'"], ["IsADirectory", "IsADirectory", "IsADirectory", true, "Is a directory (os error 21): readfile '<dir>/full'"], ["IsADirectory write", "IsADirectory", "IsADirectory", true, "Is a directory (os error 21): writefile '<dir>/full'"], ["DirectoryNotEmpty", "Error", "Error", true, "Directory not empty (os error 39): remove '<dir>/full'"], ["DirectoryNotEmpty async", "Error", "Error", true, "Directory not empty (os error 39): remove '<dir>/full'"], ["InvalidInput", "TypeError", "TypeError", true, "Invalid argument (os error 22): readlink '<dir>/file'"], ["FilesystemLoop", "FilesystemLoop", "FilesystemLoop", true, "Too many levels of symbolic links (os error 40): stat '<dir>/loop1'"], ["FilesystemLoop read", "FilesystemLoop", "FilesystemLoop", true, "Too many levels of symbolic links (os error 40)"], ["NameTooLong", "Error", "Error", true, "File name too long (os error 36): stat '<dir>/nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn'"], ["TypeError data", "TypeError", "TypeError", true, "expected type `Uint8Array`, got `array`"], ["TypeError data async", "TypeError", "TypeError", true, "expected type `Uint8Array`, got `Uint16Array`"], ["TypeError data buffer", "TypeError", "TypeError", true, "expected type `Uint8Array`, got `ArrayBuffer`"], ["TypeError data view", "TypeError", "TypeError", true, "expected type `Uint8Array`, got `DataView`"], ["TypeError data null", "TypeError", "TypeError", true, "expected type `Uint8Array`, got `null`"], ["TypeError data object", "TypeError", "TypeError", true, "expected type `Uint8Array`, got `unknown`"], ["TypeError data number", "TypeError", "TypeError", true, "expected type `Uint8Array`, got `Number`"], ["TypeError data map", "TypeError", "TypeError", true, "expected type `Uint8Array`, got `Map`"], ["TypeError data fn", "TypeError", "TypeError", true, "expected type `Uint8Array`, got `function`"], ["TypeError data async fn", "TypeError", "TypeError", true, "expected type `Uint8Array`, got `Async function`"], ["TypeError mode", "TypeError", "TypeError", true, "expected u32"]);
    }
  };
  try {
    Deno.writeTextFileSync(`${dir}/file`, "x");
    Deno.mkdirSync(`${dir}/full/inner`, { recursive: true });
    Deno.symlinkSync(`${dir}/loop1`, `${dir}/loop2`);
    Deno.symlinkSync(`${dir}/loop2`, `${dir}/loop1`);
    await check("NotFound", () => Deno.readFileSync(`${dir}/missing`));
    await check("NotFound async", () => Deno.readFile(`${dir}/missing`));
    await check("AlreadyExists", () => Deno.mkdirSync(`${dir}/file`));
    await check("AlreadyExists async", () => Deno.mkdir(`${dir}/full`));
    await check("NotADirectory", () => Deno.readDirSync(`${dir}/file`));
    await check("IsADirectory", () => Deno.readTextFileSync(`${dir}/full`));
    await check("IsADirectory write", () => Deno.writeTextFileSync(`${dir}/full`, "x"));
    await check("DirectoryNotEmpty", () => Deno.removeSync(`${dir}/full`));
    await check("DirectoryNotEmpty async", () => Deno.remove(`${dir}/full`));
    await check("InvalidInput", () => Deno.readLinkSync(`${dir}/file`));
    await check("FilesystemLoop", () => Deno.statSync(`${dir}/loop1`));
    await check("FilesystemLoop read", () => Deno.readTextFileSync(`${dir}/loop1`));
    await check("NameTooLong", () => Deno.statSync(`${dir}/${"n".repeat(300)}`));
    await check("TypeError data", () => Deno.writeFileSync(`${dir}/x`, [1, 2] as unknown as Uint8Array));
    await check("TypeError data async", () => Deno.writeFile(`${dir}/x`, new Uint16Array(2) as unknown as Uint8Array));
    await check("TypeError data buffer", () => Deno.writeFileSync(`${dir}/x`, new ArrayBuffer(2) as unknown as Uint8Array));
    await check("TypeError data view", () => Deno.writeFileSync(`${dir}/x`, new DataView(new ArrayBuffer(2)) as unknown as Uint8Array));
    await check("TypeError data null", () => Deno.writeFileSync(`${dir}/x`, null as unknown as Uint8Array));
    await check("TypeError data object", () => Deno.writeFileSync(`${dir}/x`, {} as unknown as Uint8Array));
    await check("TypeError data number", () => Deno.writeFileSync(`${dir}/x`, 1 as unknown as Uint8Array));
    await check("TypeError data map", () => Deno.writeFileSync(`${dir}/x`, new Map() as unknown as Uint8Array));
    await check("TypeError data fn", () => Deno.writeFileSync(`${dir}/x`, (() => 1) as unknown as Uint8Array));
    await check("TypeError data async fn", () => Deno.writeFileSync(`${dir}/x`, (async () => 1) as unknown as Uint8Array));
    await check("TypeError mode", () => Deno.chmodSync(`${dir}/file`, "644" as unknown as number));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
  shown.done([2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
});
