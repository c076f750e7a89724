// close() marks a stdio resource closed (twice is fine); using it after that
// is BadResource, and so is console output to a closed stream.
const L = (label: string, f: () => unknown) => {
  try {
    console.log(label, "->", f());
  } catch (e) {
    console.log(label, "!", e.name, e.message, e instanceof Deno.errors.BadResource);
  }
};
const buf = new Uint8Array(4);
Deno.stdin.close();
L("close again", () => Deno.stdin.close());
L("readSync", () => Deno.stdin.readSync(buf));
try {
  await Deno.stdin.read(buf);
} catch (e) {
  console.log("read !", e.name, e.message);
}
L("isTerminal", () => Deno.stdin.isTerminal());
L("setRaw", () => Deno.stdin.setRaw(false));
Deno.stderr.close();
L("stderr writeSync", () => Deno.stderr.writeSync(buf));
try {
  await Deno.stderr.write(buf);
} catch (e) {
  console.log("stderr write !", e.name, e.message);
}
L("stderr isTerminal", () => Deno.stderr.isTerminal());
L("console.error", () => console.error("lost"));
console.log("stdout still open");
