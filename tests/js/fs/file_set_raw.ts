// FsFile.setRaw: a file that is not a terminal throws BadResource (ENOTTY)
// when raw mode is asked for; turning it off is then a no-op. A pty master
// (/dev/ptmx) is a terminal: raw, cbreak and back work.
const f = await Deno.open(new URL(import.meta.url).pathname);
console.log(typeof f.setRaw, f.setRaw.length, f.isTerminal());
for (const args of [[true], [false], [true, { cbreak: true }], ["yes"], []] as const) {
  try {
    (f.setRaw as any)(...args);
    console.log("ok", JSON.stringify(args));
  } catch (e) {
    console.log(JSON.stringify(args), (e as Error).constructor.name, (e as Error).name, (e as Error).message);
  }
}
f.close();
try {
  f.setRaw(false);
} catch (e) {
  console.log("closed:", (e as Error).name, (e as Error).message);
}
const pty = Deno.openSync("/dev/ptmx", { read: true, write: true });
console.log("pty", pty.isTerminal());
pty.setRaw(true);
pty.setRaw(true, { cbreak: true });
pty.setRaw(false);
console.log("pty raw on and off");
pty.close();
