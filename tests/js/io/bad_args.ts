// Only Uint8Arrays go in and out; setRaw and consoleSize need a terminal.
const L = async (label: string, f: () => unknown) => {
  try {
    console.log(label, "->", await f());
  } catch (e) {
    console.log(label, "!", e.name, e.message);
  }
};
for (const value of ["text", new ArrayBuffer(2), new Uint16Array(1), new Int8Array(1), new DataView(new ArrayBuffer(1))]) {
  await L(`writeSync ${Object.prototype.toString.call(value)}`, () => Deno.stdout.writeSync(value as Uint8Array));
  await L(`write ${Object.prototype.toString.call(value)}`, () => Deno.stdout.write(value as Uint8Array));
  await L(`readSync ${Object.prototype.toString.call(value)}`, () => Deno.stdin.readSync(value as Uint8Array));
}
await L("read()", () => Deno.stdin.read(undefined as unknown as Uint8Array));
await L("setRaw(false)", () => Deno.stdin.setRaw(false));
await L("setRaw(true)", () => Deno.stdin.setRaw(true));
await L("setRaw(true, cbreak)", () => Deno.stdin.setRaw(true, { cbreak: true }));
await L("consoleSize", () => Deno.consoleSize());
