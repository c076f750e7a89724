// Deno.open/openSync/create/createSync and the methods of Deno.FsFile: options
// and their errors, reading, writing, seeking, truncating, stat, sync, locks,
// close, Symbol.dispose, and the readable/writable streams.
import { inspected, Shown } from "../shown.ts";

Deno.test("Deno.open/openSync/create/createSync and the methods of Deno.FsFile: options and their errors, reading, writing, seeking, truncating, stat, sync, locks, close, Symbol.dispose, and the readable/writable streams", async () => {
  const shown = new Shown();
  const dir = Deno.makeTempDirSync();
  const p = `${dir}/a.txt`;
  const show = (label: string, f: () => unknown) => {
    try { shown.at(1, [label, f()], ["seek bigint", 2], ["open dir read", true], ["readSync empty string", 0], ["truncate -1", null]); } catch (e) { shown.at(2, [label, (e as Error).name, (e as Error).message.replaceAll(dir, "<dir>")], ["openSync missing", "NotFound", "No such file or directory (os error 2): open '<dir>/a.txt'"], ["opts none", "Error", "'options' requires at least one option to be true"], ["opts all false", "Error", "'options' requires at least one option to be true"], ["truncate no write", "Error", "'truncate' option requires 'write' to be true"], ["create no write", "Error", "'create' or 'createNew' options require 'write' or 'append' to be true"], ["createNew no write", "Error", "'create' or 'createNew' options require 'write' or 'append' to be true"], ["append truncate", "Error", "'truncate' option requires 'write' to be true"], ["mode only", "Error", "'options' requires at least one option to be true"], ["ctor", "TypeError", "'Deno.FsFile' cannot be constructed, use 'Deno.open()' or 'Deno.openSync()' instead"], ["ctor2", "TypeError", "'Deno.FsFile' cannot be constructed, use 'Deno.open()' or 'Deno.openSync()' instead"], ["seek bad whence", "TypeError", "Invalid seek mode: 7"], ["seek negative", "TypeError", "Invalid argument (os error 22)"], ["read str", "TypeError", "expected typed ArrayBufferView"], ["write str", "TypeError", "expected typed ArrayBufferView"], ["close twice", "BadResource", "Bad resource ID"], ["read closed", "BadResource", "Bad resource ID"], ["readSync writeonly", "Error", "Bad file descriptor (os error 9)"], ["writeSync readonly", "Error", "Bad file descriptor (os error 9)"], ["truncate readonly", "TypeError", "Invalid argument (os error 22)"], ["create dir", "IsADirectory", "Is a directory (os error 21): open '<dir>'"], ["read dir", "IsADirectory", "Is a directory (os error 21)"], ["after readable", "BadResource", "Bad resource ID"], ["after writable", "BadResource", "Bad resource ID"], ["after dispose", "BadResource", "Bad resource ID"], ["writeSync dataview", "TypeError", "expected typed ArrayBufferView"], ["readSync arraybuffer", "TypeError", "expected typed ArrayBufferView"], ["seek string", "TypeError", "expected f64"], ["seek no whence", "TypeError", "expected i32"]); }
  };
  const showA = async (label: string, f: () => unknown) => {
    try { shown.at(3, [label, await f()]); } catch (e) { shown.at(4, [label, (e as Error).name, (e as Error).message.replaceAll(dir, "<dir>")], ["open missing", "NotFound", "No such file or directory (os error 2): open '<dir>/a.txt'"], ["async read closed", "BadResource", "Bad resource ID"], ["async stat closed", "BadResource", "Bad resource ID"], ["read writeonly", "Error", "Bad file descriptor (os error 9)"], ["write readonly", "Error", "Bad file descriptor (os error 9)"], ["createNew exists", "AlreadyExists", "File exists (os error 17): open '<dir>/a.txt'"], ["seek bad whence async", "TypeError", "Invalid seek mode: 3"], ["write u16", "TypeError", "expected typed ArrayBufferView"], ["read u16", "TypeError", "expected typed ArrayBufferView"], ["create in missing dir", "NotFound", "No such file or directory (os error 2): open '<dir>/missing/x'"]); }
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
  shown.at(5, [f, Object.prototype.toString.call(f), f.constructor.name, typeof (f as any).rid], [inspected("FsFile {}"), "[object Object]", "FsFile", "undefined"]);
  // setRaw (raw mode of a terminal opened as a file) is not implemented.
  shown.at(6, [Object.getOwnPropertyNames(Deno.FsFile.prototype).filter((n) => n !== "setRaw").sort().join(",")], ["close,constructor,isTerminal,lock,lockSync,read,readSync,readable,seek,seekSync,stat,statSync,sync,syncData,syncDataSync,syncSync,truncate,truncateSync,tryLock,tryLockSync,unlock,unlockSync,utime,utimeSync,writable,write,writeSync"]);
  shown.at(7, [f.writeSync(new TextEncoder().encode("hello world"))], [11]);
  shown.at(8, [f.seekSync(0, Deno.SeekMode.Start), f.seekSync(-5, Deno.SeekMode.End), f.seekSync(1, Deno.SeekMode.Current)], [0, 6, 7]);
  const buf = new Uint8Array(10);
  shown.at(9, [f.readSync(buf), buf], [4, new Uint8Array([111, 114, 108, 100, 0, 0, 0, 0, 0, 0])]);
  shown.at(10, [f.readSync(buf)], [null]);
  shown.at(11, [f.readSync(new Uint8Array(0))], [0]);
  show("seek bad whence", () => f.seekSync(0, 7 as any));
  show("seek negative", () => f.seekSync(-100, Deno.SeekMode.Start));
  show("seek bigint", () => f.seekSync(2n as any, Deno.SeekMode.Start));
  show("read str", () => f.readSync("abc" as any));
  show("write str", () => f.writeSync("abc" as any));
  const st = f.statSync();
  shown.at(12, [st.size, st.isFile], [11, true]);
  f.truncateSync(3);
  shown.at(13, [f.statSync().size], [3]);
  f.truncateSync();
  shown.at(14, [f.statSync().size], [0]);
  f.syncSync(); f.syncDataSync();
  await f.sync();
  shown.at(15, [f.isTerminal()], [false]);
  f.close();
  show("close twice", () => f.close());
  show("read closed", () => f.readSync(buf));
  await showA("async read closed", () => f.read(buf));
  await showA("async stat closed", () => f.stat());
  shown.at(16, [Deno.SeekMode, Object.keys(Deno.SeekMode)], [{ "0": "Start", "1": "Current", "2": "End", Start: 0, Current: 1, End: 2 }, ["0", "1", "2", "Start", "Current", "End"]]);
  // async family
  const g = await Deno.open(p, { write: true, append: true });
  shown.at(17, [await g.write(new TextEncoder().encode("abc")), await g.write(new TextEncoder().encode("def"))], [3, 3]);
  await showA("read writeonly", () => g.read(buf));
  show("readSync writeonly", () => g.readSync(buf));
  shown.at(18, [await g.seek(0, Deno.SeekMode.Start)], [0]);
  await g.truncate(4);
  shown.at(19, [(await g.stat()).size], [4]);
  g.close();
  shown.at(20, [Deno.readTextFileSync(p)], ["abcd"]);
  const h = await Deno.open(p);
  shown.at(21, [await h.read(buf), buf.subarray(0, 4)], [4, new Uint8Array([97, 98, 99, 100])]);
  shown.at(22, [await h.read(buf)], [null]);
  await showA("write readonly", () => h.write(buf));
  show("writeSync readonly", () => h.writeSync(buf));
  show("truncate readonly", () => h.truncateSync(1));
  h.close();
  await showA("createNew exists", () => Deno.open(p, { write: true, createNew: true }));
  show("create dir", () => Deno.openSync(dir, { write: true }));
  show("open dir read", () => { const d = Deno.openSync(dir); const r = d.statSync().isDirectory; show("read dir", () => d.readSync(buf)); d.close(); return r; });
  const m = Deno.openSync(`${dir}/mode`, { write: true, create: true, mode: 0o640 });
  m.close();
  shown.at(23, [(Deno.statSync(`${dir}/mode`).mode! & 0o777).toString(8)], ["640"]);
  const big = new Uint8Array(200000).fill(65);
  Deno.writeFileSync(p, big);
  const r = Deno.openSync(p);
  let total = 0;
  for await (const chunk of r.readable) total += chunk.length;
  shown.at(24, ["readable", total], ["readable", 200000]);
  show("after readable", () => r.readSync(buf));
  const w = Deno.openSync(`${dir}/w`, { write: true, create: true });
  const writer = w.writable.getWriter();
  await writer.write(new TextEncoder().encode("via writable"));
  await writer.close();
  show("after writable", () => w.writeSync(buf));
  shown.at(25, [Deno.readTextFileSync(`${dir}/w`)], ["via writable"]);
  {
    const d = Deno.openSync(p);
    d[Symbol.dispose]();
    show("after dispose", () => d.readSync(buf));
    d[Symbol.dispose]();
    shown.at(26, ["dispose twice ok", typeof Symbol.dispose, String(Symbol.dispose)], ["dispose twice ok", "symbol", "Symbol(Symbol.dispose)"]);
  }
  {
    const l = Deno.openSync(p, { read: true, write: true });
    const other = Deno.openSync(p);
    l.lockSync(true);
    shown.at(27, ["tryLock other", other.tryLockSync(false), await other.tryLock(true)], ["tryLock other", false, false]);
    l.unlockSync();
    shown.at(28, ["tryLock after unlock", other.tryLockSync(false)], ["tryLock after unlock", true]);
    other.unlockSync();
    await l.lock();
    await l.unlock();
    l.utimeSync(new Date(1_000_000), 2_000);
    const s2 = l.statSync();
    shown.at(29, ["utime", s2.atime?.getTime(), s2.mtime?.getTime()], ["utime", 1000000, 2000000]);
    await l.utime(3, new Date(4_000));
    const s3 = await l.stat();
    shown.at(30, ["utime async", s3.atime?.getTime(), s3.mtime?.getTime()], ["utime async", 3000, 4000]);
    await l.syncData();
    l.close();
    other.close();
  }
  {
    // A URL path, seek with a bigint, partial reads at the end, the async seek.
    const u = await Deno.open(new URL(`file://${p}`));
    shown.at(31, [await u.seek(10n, Deno.SeekMode.Start), await u.read(new Uint8Array(4))], [10, 4]);
    const two = new Uint8Array(2);
    shown.at(32, [await u.seek(-2, Deno.SeekMode.End), u.readSync(two), two, u.readSync(two)], [199998, 2, new Uint8Array([65, 65]), null]);
    await showA("seek bad whence async", () => u.seek(0, 3 as Deno.SeekMode));
    u.close();
  }
  {
    const c = await Deno.create(`${dir}/created`);
    class Bytes extends Uint8Array {}
    shown.at(33, [await c.write(new Bytes([0x41, 0x42])), c.writeSync(new Bytes(1))], [2, 1]);
    await showA("write u16", () => c.write(new Uint16Array(1) as unknown as Uint8Array));
    show("writeSync dataview", () => c.writeSync(new DataView(new ArrayBuffer(1)) as unknown as Uint8Array));
    show("readSync arraybuffer", () => c.readSync(new ArrayBuffer(1) as unknown as Uint8Array));
    await showA("read u16", () => c.read(new Uint16Array(1) as unknown as Uint8Array));
    show("readSync empty string", () => c.readSync("" as unknown as Uint8Array));
    show("seek string", () => c.seekSync("1" as unknown as number, 0));
    show("seek no whence", () => c.seekSync(1, undefined as unknown as Deno.SeekMode));
    show("truncate -1", () => c.truncateSync(-1));
    c.close();
    shown.at(34, [Deno.readFileSync(`${dir}/created`)], [new Uint8Array([])]);
    await showA("create in missing dir", () => Deno.create(`${dir}/missing/x`));
  }
  Deno.removeSync(dir, { recursive: true });
  shown.done([4, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 5, 6, 7, 8, 9, 10, 11, 2, 2, 1, 2, 2, 12, 13, 14, 15, 2, 2, 4, 4, 16, 17, 4, 2, 18, 19, 20, 21, 22, 4, 2, 2, 4, 2, 2, 1, 23, 24, 2, 2, 25, 2, 26, 27, 28, 29, 30, 31, 32, 4, 33, 4, 2, 2, 4, 1, 2, 2, 1, 34, 4]);
});
