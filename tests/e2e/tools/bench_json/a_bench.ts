Deno.bench("empty", () => {});
Deno.bench("sum loop", { group: "sums", baseline: true }, () => {
  let s = 0;
  for (let i = 0; i < 100; i++) s += i;
});
Deno.bench("sum reduce", { group: "sums" }, () => {
  [...Array(100).keys()].reduce((a, b) => a + b, 0);
});
Deno.bench({ name: "ignored", ignore: true, fn() {} });
Deno.bench(function namedBench() {});
Deno.bench("async", async () => {
  await Promise.resolve();
});
Deno.bench("timed part", (b) => {
  const a = Array.from({ length: 100 }, (_, i) => 100 - i);
  b.start();
  a.sort((x, y) => x - y);
  b.end();
});
Deno.bench("n and warmup", { n: 50, warmup: 5 }, () => {});
Deno.bench({ name: "options object", fn() {} });
Deno.bench({ name: "options then fn" }, () => {});
Deno.bench("filtered away", () => {});
