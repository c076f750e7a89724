// FsFile.setRaw: a file that is not a terminal throws BadResource (ENOTTY)
// when raw mode is asked for; turning it off is then a no-op. A pty master
// (/dev/ptmx) is a terminal: raw, cbreak and back work.
import { Shown } from "../shown.ts";

Deno.test("FsFile.setRaw: a file that is not a terminal throws BadResource (ENOTTY) when raw mode is asked for; turning it off is then a no-op", async () => {
  const shown = new Shown();
  const f = await Deno.open(new URL(import.meta.url).pathname);
  shown.at(1, [typeof f.setRaw, f.setRaw.length, f.isTerminal()], ["function", 1, false]);
  for (const args of [[true], [false], [true, { cbreak: true }], ["yes"], []] as const) {
    try {
      (f.setRaw as any)(...args);
      shown.at(2, ["ok", JSON.stringify(args)], ["ok", "[false]"], ["ok", "[\"yes\"]"], ["ok", "[]"]);
    } catch (e) {
      shown.at(3, [JSON.stringify(args), (e as Error).constructor.name, (e as Error).name, (e as Error).message], ["[true]", "BadResource", "BadResource", "ENOTTY: Not a typewriter"], ["[true,{\"cbreak\":true}]", "BadResource", "BadResource", "ENOTTY: Not a typewriter"]);
    }
  }
  f.close();
  try {
    f.setRaw(false);
  } catch (e) {
    shown.at(4, ["closed:", (e as Error).name, (e as Error).message], ["closed:", "BadResource", "Bad resource ID"]);
  }
  const pty = Deno.openSync("/dev/ptmx", { read: true, write: true });
  shown.at(5, ["pty", pty.isTerminal()], ["pty", true]);
  pty.setRaw(true);
  pty.setRaw(true, { cbreak: true });
  pty.setRaw(false);
  shown.at(6, ["pty raw on and off"], ["pty raw on and off"]);
  pty.close();
  shown.done([1, 3, 2, 3, 2, 2, 4, 5, 6]);
});
