setTimeout(() => {
  console.log("exiting with 3");
  Deno.exit(3);
}, 1);
setTimeout(() => console.log("not reached"), 50);
