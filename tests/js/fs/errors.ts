// Error classes of fs failures: Deno.errors.* instances with Deno's messages.
const dir = Deno.makeTempDirSync({ prefix: "fs_errors_" });
const check = async (label: string, f: () => unknown) => {
  try {
    await f();
    console.log(label, "ok");
  } catch (e) {
    const err = e as Error;
    const cls = Object.entries(Deno.errors).find(([, c]) => err instanceof c)?.[0] ?? err.constructor.name;
    console.log(label, cls, err.name, err instanceof Error, err.message.replaceAll(dir, "<dir>"));
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
