// Copies stdin to stdout.
for await (const chunk of Deno.stdin.readable) await Deno.stdout.write(chunk);
