// Many lines with Deno.stdout.writeSync: `| head -1` makes it fail with BrokenPipe.
const line = (i) => Uint8Array.from(`line ${i}\n`, (c) => c.charCodeAt(0));
try {
  for (let i = 1; i <= 100000; i++) Deno.stdout.writeSync(line(i));
} catch (e) {
  console.error(`${e.name}: ${e.message} (${e instanceof Deno.errors.BrokenPipe})`);
}
