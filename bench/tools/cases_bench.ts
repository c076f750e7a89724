// The 4-case bench file of issue 6: `toolchain bench` against `deno bench`.
Deno.bench("empty", () => {});
Deno.bench("array sort 100", () => {
  Array.from({ length: 100 }, (_, i) => (i * 7919) % 100).sort((a, b) => a - b);
});
Deno.bench("json round trip", () => {
  JSON.parse(JSON.stringify({ a: [1, 2, 3], b: { c: "text" } }));
});
Deno.bench("string concat", () => {
  let s = "";
  for (let i = 0; i < 50; i++) s += i;
});
