// Sequential fetch() of a small response from a local server: requests per second.
// The URL comes from FETCH_BENCH_URL, the count from FETCH_BENCH_N (default
// 3000); the first 200 requests warm up.
const env = (name) => (globalThis.Deno ? Deno.env.get(name) : process.env[name]);
const url = env("FETCH_BENCH_URL");
const n = Number(env("FETCH_BENCH_N") ?? 3000);
let bytes = 0;
for (let i = 0; i < 200; i++) bytes += (await (await fetch(url)).text()).length;
const start = performance.now();
for (let i = 0; i < n; i++) bytes += (await (await fetch(url)).text()).length;
const seconds = (performance.now() - start) / 1000;
console.log(`${Math.round(n / seconds)} req/s (${bytes} bytes)`);
