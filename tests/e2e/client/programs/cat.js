// Copies stdin to stdout. (A `Deno.stdin.readable` loop once the streams land.)
const buffer = new Uint8Array(16 * 1024);
for (let n; (n = await Deno.stdin.read(buffer)) !== null;) {
  for (let done = 0; done < n;) done += await Deno.stdout.write(buffer.subarray(done, n));
}
