// Listens for SIGINT: each Ctrl-C runs the listener, the third ends the program.
let count = 0;
Deno.addSignalListener("SIGINT", () => {
  count++;
  console.log(`SIGINT ${count}`);
  if (count === 3) Deno.exit(7);
});
console.log("started");
setInterval(() => {}, 1000);
