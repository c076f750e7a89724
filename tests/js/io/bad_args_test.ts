// Only Uint8Arrays go in and out; setRaw and consoleSize need a terminal.
import { Shown } from "../shown.ts";

Deno.test("Only Uint8Arrays go in and out; setRaw and consoleSize need a terminal", async () => {
  const shown = new Shown();
  const L = async (label: string, f: () => unknown) => {
    try {
      shown.at(1, [label, "->", await f()], ["setRaw(false)", "->", undefined]);
    } catch (e) {
      shown.at(2, [label, "!", e.name, e.message], ["writeSync [object String]", "!", "TypeError", "expected typed ArrayBufferView"], ["write [object String]", "!", "TypeError", "expected typed ArrayBufferView"], ["readSync [object String]", "!", "TypeError", "expected typed ArrayBufferView"], ["writeSync [object ArrayBuffer]", "!", "TypeError", "expected typed ArrayBufferView"], ["write [object ArrayBuffer]", "!", "TypeError", "expected typed ArrayBufferView"], ["readSync [object ArrayBuffer]", "!", "TypeError", "expected typed ArrayBufferView"], ["writeSync [object Uint16Array]", "!", "TypeError", "expected typed ArrayBufferView"], ["write [object Uint16Array]", "!", "TypeError", "expected typed ArrayBufferView"], ["readSync [object Uint16Array]", "!", "TypeError", "expected typed ArrayBufferView"], ["writeSync [object Int8Array]", "!", "TypeError", "expected typed ArrayBufferView"], ["write [object Int8Array]", "!", "TypeError", "expected typed ArrayBufferView"], ["readSync [object Int8Array]", "!", "TypeError", "expected typed ArrayBufferView"], ["writeSync [object DataView]", "!", "TypeError", "expected typed ArrayBufferView"], ["write [object DataView]", "!", "TypeError", "expected typed ArrayBufferView"], ["readSync [object DataView]", "!", "TypeError", "expected typed ArrayBufferView"], ["read()", "!", "TypeError", "Cannot read properties of undefined (reading 'length')"], ["setRaw(true)", "!", "BadResource", "ENOTTY: Not a typewriter"], ["setRaw(true, cbreak)", "!", "BadResource", "ENOTTY: Not a typewriter"], ["consoleSize", "!", "Error", "Could not get console size: stdin, stdout, and stderr are not connected to a terminal"]);
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
  shown.done([2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2]);
});
