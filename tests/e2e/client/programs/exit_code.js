Deno.exit(Number(Deno.args[0] ?? 0));
