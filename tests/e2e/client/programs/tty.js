console.log(`stdin ${Deno.stdin.isTerminal()} stdout ${Deno.stdout.isTerminal()} stderr ${Deno.stderr.isTerminal()}`);
