// Deno.exit dispatches unload (once) before the program ends.
addEventListener("load", () => console.log("load"));
addEventListener("unload", () => console.log("unload"));
setTimeout(() => {
  console.log("exiting");
  Deno.exit(3);
}, 1);
