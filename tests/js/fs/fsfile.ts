// Deno.open/openSync/create/createSync and the methods of Deno.FsFile: options
// and their errors, reading, writing, seeking, truncating, stat, sync, locks,
// close, Symbol.dispose, and the readable/writable streams.
const dir = Deno.makeTempDirSync();
const p = `${dir}/a.txt`;
const show = (label: string, f: () => unknown) => {
  try { console.log(label, f()); } catch (e) { console.log(label, (e as Error).name, (e as Error).message.replaceAll(dir, "<dir>")); }
};
const showA = async (label: string, f: () => unknown) => {
  try { console.log(label, await f()); } catch (e) { console.log(label, (e as Error).name, (e as Error).message.replaceAll(dir, "<dir>")); }
};
await showA("open missing", () => Deno.open(p));
show("openSync missing", () => Deno.openSync(p));
show("opts none", () => Deno.openSync(p, {}));
show("opts all false", () => Deno.openSync(p, { read: false }));
show("truncate no write", () => Deno.openSync(p, { read: true, truncate: true }));
show("create no write", () => Deno.openSync(p, { read: true, create: true }));
show("createNew no write", () => Deno.openSync(p, { createNew: true }));
show("append truncate", () => Deno.openSync(p, { append: true, truncate: true }));
show("mode only", () => Deno.openSync(p, { mode: 0o600 }));
show("ctor", () => new (Deno as any).FsFile(3));
show("ctor2", () => new (Deno as any).FsFile(3, Symbol.for("Deno.internal.FsFile")));
const f = Deno.createSync(p);
console.log(f, Object.prototype.toString.call(f), f.constructor.name, typeof (f as any).rid);
// setRaw (raw mode of a terminal opened as a file) is not implemented.
console.log(Object.getOwnPropertyNames(Deno.FsFile.prototype).filter((n) => n !== "setRaw").sort().join(","));
console.log(f.writeSync(new TextEncoder().encode("hello world")));
console.log(f.seekSync(0, Deno.SeekMode.Start), f.seekSync(-5, Deno.SeekMode.End), f.seekSync(1, Deno.SeekMode.Current));
const buf = new Uint8Array(10);
console.log(f.readSync(buf), buf);
console.log(f.readSync(buf));
console.log(f.readSync(new Uint8Array(0)));
show("seek bad whence", () => f.seekSync(0, 7 as any));
show("seek negative", () => f.seekSync(-100, Deno.SeekMode.Start));
show("seek bigint", () => f.seekSync(2n as any, Deno.SeekMode.Start));
show("read str", () => f.readSync("abc" as any));
show("write str", () => f.writeSync("abc" as any));
const st = f.statSync();
console.log(st.size, st.isFile);
f.truncateSync(3);
console.log(f.statSync().size);
f.truncateSync();
console.log(f.statSync().size);
f.syncSync(); f.syncDataSync();
await f.sync();
console.log(f.isTerminal());
f.close();
show("close twice", () => f.close());
show("read closed", () => f.readSync(buf));
await showA("async read closed", () => f.read(buf));
await showA("async stat closed", () => f.stat());
console.log(Deno.SeekMode, Object.keys(Deno.SeekMode));
// async family
const g = await Deno.open(p, { write: true, append: true });
console.log(await g.write(new TextEncoder().encode("abc")), await g.write(new TextEncoder().encode("def")));
await showA("read writeonly", () => g.read(buf));
show("readSync writeonly", () => g.readSync(buf));
console.log(await g.seek(0, Deno.SeekMode.Start));
await g.truncate(4);
console.log((await g.stat()).size);
g.close();
console.log(Deno.readTextFileSync(p));
const h = await Deno.open(p);
console.log(await h.read(buf), buf.subarray(0, 4));
console.log(await h.read(buf));
await showA("write readonly", () => h.write(buf));
show("writeSync readonly", () => h.writeSync(buf));
show("truncate readonly", () => h.truncateSync(1));
h.close();
await showA("createNew exists", () => Deno.open(p, { write: true, createNew: true }));
show("create dir", () => Deno.openSync(dir, { write: true }));
show("open dir read", () => { const d = Deno.openSync(dir); const r = d.statSync().isDirectory; show("read dir", () => d.readSync(buf)); d.close(); return r; });
const m = Deno.openSync(`${dir}/mode`, { write: true, create: true, mode: 0o640 });
m.close();
console.log((Deno.statSync(`${dir}/mode`).mode! & 0o777).toString(8));
const big = new Uint8Array(200000).fill(65);
Deno.writeFileSync(p, big);
const r = Deno.openSync(p);
let total = 0;
for await (const chunk of r.readable) total += chunk.length;
console.log("readable", total);
show("after readable", () => r.readSync(buf));
const w = Deno.openSync(`${dir}/w`, { write: true, create: true });
const writer = w.writable.getWriter();
await writer.write(new TextEncoder().encode("via writable"));
await writer.close();
show("after writable", () => w.writeSync(buf));
console.log(Deno.readTextFileSync(`${dir}/w`));
{
  const d = Deno.openSync(p);
  d[Symbol.dispose]();
  show("after dispose", () => d.readSync(buf));
  d[Symbol.dispose]();
  console.log("dispose twice ok", typeof Symbol.dispose, String(Symbol.dispose));
}
{
  const l = Deno.openSync(p, { read: true, write: true });
  const other = Deno.openSync(p);
  l.lockSync(true);
  console.log("tryLock other", other.tryLockSync(false), await other.tryLock(true));
  l.unlockSync();
  console.log("tryLock after unlock", other.tryLockSync(false));
  other.unlockSync();
  await l.lock();
  await l.unlock();
  l.utimeSync(new Date(1_000_000), 2_000);
  const s2 = l.statSync();
  console.log("utime", s2.atime?.getTime(), s2.mtime?.getTime());
  await l.utime(3, new Date(4_000));
  const s3 = await l.stat();
  console.log("utime async", s3.atime?.getTime(), s3.mtime?.getTime());
  await l.syncData();
  l.close();
  other.close();
}
{
  // A URL path, seek with a bigint, partial reads at the end, the async seek.
  const u = await Deno.open(new URL(`file://${p}`));
  console.log(await u.seek(10n, Deno.SeekMode.Start), await u.read(new Uint8Array(4)));
  const two = new Uint8Array(2);
  console.log(await u.seek(-2, Deno.SeekMode.End), u.readSync(two), two, u.readSync(two));
  await showA("seek bad whence async", () => u.seek(0, 3 as Deno.SeekMode));
  u.close();
}
{
  const c = await Deno.create(`${dir}/created`);
  class Bytes extends Uint8Array {}
  console.log(await c.write(new Bytes([0x41, 0x42])), c.writeSync(new Bytes(1)));
  await showA("write u16", () => c.write(new Uint16Array(1) as unknown as Uint8Array));
  show("writeSync dataview", () => c.writeSync(new DataView(new ArrayBuffer(1)) as unknown as Uint8Array));
  show("readSync arraybuffer", () => c.readSync(new ArrayBuffer(1) as unknown as Uint8Array));
  await showA("read u16", () => c.read(new Uint16Array(1) as unknown as Uint8Array));
  show("readSync empty string", () => c.readSync("" as unknown as Uint8Array));
  show("seek string", () => c.seekSync("1" as unknown as number, 0));
  show("seek no whence", () => c.seekSync(1, undefined as unknown as Deno.SeekMode));
  show("truncate -1", () => c.truncateSync(-1));
  c.close();
  console.log(Deno.readFileSync(`${dir}/created`));
  await showA("create in missing dir", () => Deno.create(`${dir}/missing/x`));
}
Deno.removeSync(dir, { recursive: true });
