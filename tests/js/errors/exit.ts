console.log("before");
setTimeout(() => console.log("timer never runs"), 10);
Deno.exit(7);
console.log("after");
