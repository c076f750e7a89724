// Under `run`, Deno.test and Deno.bench register nothing and run nothing.
let ran = false;
Deno.test("never runs", () => { ran = true; });
Deno.test({ name: "nor this", fn() { ran = true; } });
Deno.bench("nor a bench", () => { ran = true; });
console.log(typeof Deno.test, typeof Deno.bench, ran);
await new Promise((r) => setTimeout(r, 10));
console.log("still", ran);
