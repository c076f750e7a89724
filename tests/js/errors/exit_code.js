Deno.exitCode = 3;
console.log("hi");
