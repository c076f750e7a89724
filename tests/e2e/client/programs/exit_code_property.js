Deno.exitCode = 7;
console.log("set");
