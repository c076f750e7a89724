console.log("hello from", Deno.args.length ? Deno.args.join(" ") : "toolchain");
