// Copies stdin to stdout through the streams: Deno.stdin.readable piped to Deno.stdout.writable.
await Deno.stdin.readable.pipeTo(Deno.stdout.writable);
