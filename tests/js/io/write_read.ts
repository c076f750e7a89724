// Deno.stdout/stderr write and writeSync return the bytes written; Deno.stdin
// reads the .in file in chunks, then null at end of file. Under the test
// runner no stdio is a terminal.
const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

console.log(Deno.stdin.rid, Deno.stdout.rid, Deno.stderr.rid);
console.log(Deno.stdin, Deno.stdout, Deno.stderr);
console.log(Deno.stdin.isTerminal(), Deno.stdout.isTerminal(), Deno.stderr.isTerminal());

console.log(Deno.stdout.writeSync(bytes("sync write\n")));
console.log(await Deno.stdout.write(bytes("async write\n")));
console.log(Deno.stdout.writeSync(new Uint8Array(0)));
console.log(await Deno.stderr.write(bytes("to stderr\n")));
console.log(Deno.stderr.writeSync(bytes("sync to stderr\n")));
// A view into a larger buffer writes just the view.
console.log(Deno.stdout.writeSync(bytes("..view..\n").subarray(2, 6)));
console.log();

const buf = new Uint8Array(5);
console.log(Deno.stdin.readSync(buf), Array.from(buf));
console.log(await Deno.stdin.read(buf), Array.from(buf));
console.log(Deno.stdin.readSync(new Uint8Array(0)), await Deno.stdin.read(new Uint8Array(0)));
let total = 0;
for (;;) {
  const n = await Deno.stdin.read(buf);
  if (n === null) break;
  total += n;
}
console.log("rest", total);
console.log(await Deno.stdin.read(buf), Deno.stdin.readSync(buf));
