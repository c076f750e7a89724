// Deno.readFile/readTextFile/writeFile/writeTextFile, sync and async, with options.
const dir = Deno.makeTempDirSync({ prefix: "fs_rw_" });
const show = (e: unknown) => {
  const err = e as Error;
  console.log(`${err.name}: ${err.message.replaceAll(dir, "<dir>")}`);
};
const mode = (p: string) => (Deno.statSync(p).mode! & 0o7777).toString(8);
try {
  const a = `${dir}/a.txt`;
  Deno.writeTextFileSync(a, "hello");
  console.log(Deno.readTextFileSync(a));
  Deno.writeTextFileSync(a, " world", { append: true });
  console.log(Deno.readTextFileSync(a));
  Deno.writeTextFileSync(a, "!", { append: true, create: false });
  console.log(Deno.readTextFileSync(a));
  Deno.writeTextFileSync(a, "replaced");
  console.log(Deno.readTextFileSync(a));

  // Bytes round trip, including every byte value.
  const bytes = new Uint8Array(256).map((_, i) => i);
  Deno.writeFileSync(`${dir}/b.bin`, bytes);
  const back = Deno.readFileSync(`${dir}/b.bin`);
  console.log(back instanceof Uint8Array, back.length, back[0], back[255], back.every((v, i) => v === i));
  // A view into a larger buffer writes only its own bytes.
  Deno.writeFileSync(`${dir}/c.bin`, new Uint8Array([1, 2, 3, 4, 5]).subarray(1, 4));
  console.log(Deno.readFileSync(`${dir}/c.bin`));
  // A Uint8Array subclass is a Uint8Array.
  class Bytes extends Uint8Array {}
  Deno.writeFileSync(`${dir}/c.bin`, new Bytes([9, 8]));
  console.log(Deno.readFileSync(`${dir}/c.bin`));
  Deno.writeFileSync(`${dir}/empty`, new Uint8Array(0));
  console.log(Deno.readFileSync(`${dir}/empty`), JSON.stringify(Deno.readTextFileSync(`${dir}/empty`)));

  // Text: UTF-8 out, invalid UTF-8 in becomes U+FFFD, a BOM is kept.
  Deno.writeTextFileSync(`${dir}/u.txt`, "h\u00e9llo \u{1f600} \ud800!");
  console.log(Array.from(Deno.readFileSync(`${dir}/u.txt`)).join(","));
  Deno.writeFileSync(`${dir}/bad.txt`, new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xff, 0x42, 0xc3]));
  console.log(JSON.stringify(Deno.readTextFileSync(`${dir}/bad.txt`)));
  // writeTextFile converts its data to a string.
  Deno.writeTextFileSync(`${dir}/n.txt`, 42 as unknown as string);
  console.log(Deno.readTextFileSync(`${dir}/n.txt`));
  Deno.writeTextFileSync(`${dir}/n.txt`, undefined as unknown as string);
  console.log(JSON.stringify(Deno.readTextFileSync(`${dir}/n.txt`)));
  Deno.writeTextFileSync(`${dir}/n.txt`, null as unknown as string);
  console.log(Deno.readTextFileSync(`${dir}/n.txt`));

  // create: false and createNew.
  try {
    Deno.writeTextFileSync(`${dir}/missing.txt`, "x", { create: false });
  } catch (e) {
    show(e);
  }
  console.log(Deno.statSync(a).isFile);
  try {
    Deno.writeTextFileSync(a, "x", { createNew: true });
  } catch (e) {
    show(e);
  }
  Deno.writeTextFileSync(`${dir}/new.txt`, "fresh", { createNew: true });
  console.log(Deno.readTextFileSync(`${dir}/new.txt`));
  // createNew wins over create: false.
  Deno.writeTextFileSync(`${dir}/new2.txt`, "fresh2", { createNew: true, create: false });
  console.log(Deno.readTextFileSync(`${dir}/new2.txt`));

  // mode: applied exactly (no umask), also to an existing file.
  Deno.writeTextFileSync(`${dir}/m.txt`, "m", { mode: 0o600 });
  console.log(mode(`${dir}/m.txt`));
  Deno.writeTextFileSync(`${dir}/m.txt`, "m", { mode: 0o640 });
  console.log(mode(`${dir}/m.txt`));
  Deno.writeFileSync(`${dir}/m.txt`, new Uint8Array([1]), { mode: 0o777 });
  console.log(mode(`${dir}/m.txt`));
  try {
    Deno.writeTextFileSync(`${dir}/m.txt`, "m", { mode: "0o644" as unknown as number });
  } catch (e) {
    show(e);
  }

  // Async flavours.
  await Deno.writeTextFile(`${dir}/async.txt`, "async");
  await Deno.writeTextFile(`${dir}/async.txt`, " more", { append: true });
  console.log(await Deno.readTextFile(`${dir}/async.txt`));
  await Deno.writeFile(`${dir}/async.bin`, new Uint8Array([7, 7, 7]));
  console.log(await Deno.readFile(`${dir}/async.bin`));
  await Deno.writeFile(`${dir}/async.bin`, new Uint8Array([1]), { append: true, mode: 0o600 });
  console.log(await Deno.readFile(`${dir}/async.bin`), mode(`${dir}/async.bin`));
  try {
    await Deno.writeTextFile(`${dir}/async.txt`, "x", { createNew: true });
  } catch (e) {
    show(e);
  }
  try {
    await Deno.writeFile(`${dir}/nope/x.bin`, new Uint8Array(1));
  } catch (e) {
    show(e);
  }
  try {
    await Deno.readTextFile(`${dir}/nope.txt`);
  } catch (e) {
    show(e);
  }
  try {
    await Deno.readFile(dir);
  } catch (e) {
    show(e);
  }
  // Read options are accepted (and null is fine).
  console.log((await Deno.readFile(`${dir}/async.bin`, null as unknown as undefined)).length);
  console.log(await Deno.readTextFile(`${dir}/async.txt`, {}));

  // Many concurrent operations.
  await Promise.all(Array.from({ length: 20 }, (_, i) => Deno.writeTextFile(`${dir}/p${i}.txt`, `${i}`)));
  const texts = await Promise.all(Array.from({ length: 20 }, (_, i) => Deno.readTextFile(`${dir}/p${i}.txt`)));
  console.log(texts.join(" "));

  // A larger file.
  const big = new Uint8Array(3 * 1024 * 1024 + 7).fill(97);
  Deno.writeFileSync(`${dir}/big`, big);
  console.log(Deno.readFileSync(`${dir}/big`).length, (await Deno.readTextFile(`${dir}/big`)).length);
} finally {
  Deno.removeSync(dir, { recursive: true });
}
