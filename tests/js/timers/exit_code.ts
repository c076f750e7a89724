Deno.exitCode = 42;
console.log(Deno.exitCode);
setTimeout(() => {
  Deno.exitCode = 5;
}, 1);
try {
  // @ts-ignore: wrong type on purpose
  Deno.exitCode = "x";
} catch (e) {
  console.log((e as Error).name, (e as Error).message);
}
