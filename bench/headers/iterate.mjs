// Seed 000: `[...headers]` over the five request headers of the seed's wrk run.
// Prints ns per iteration for (1) a Headers built once and never changed and,
// where the runtime has fetch and node:http, (2) the immutable headers of a
// fetched response (the case Deno caches).
const names = [["X-Deno", "true"], ["Accept", "application/json"], ["X-Foo", "bar"], ["User-Agent", "wrk"],
  ["Accept-Encoding", "gzip, br"]];
const N = Number(globalThis.process?.env?.N ?? 1_000_000);

function measure(headers) {
  let sink = 0;
  for (let i = 0; i < 10_000; i++) sink += [...headers].length;  // warm up
  const start = performance.now();
  for (let i = 0; i < N; i++) sink += [...headers].length;
  const ns = ((performance.now() - start) * 1e6) / N;
  if (sink === 0) throw new Error("unreachable");
  return ns;
}

console.log(`built once: ${measure(new Headers(names)).toFixed(1)} ns/iter`);

let fetched = "n/a";
if (typeof fetch === "function") {
  try {
    const http = await import("node:http");
    const server = http.createServer((req, res) => {
      res.writeHead(200, Object.fromEntries(names));
      res.end("ok");
    });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    const response = await fetch(`http://127.0.0.1:${server.address().port}/`);
    await response.text();
    fetched = `${measure(response.headers).toFixed(1)} ns/iter`;
    server.close();
  } catch (e) {
    fetched = `n/a (${e.message})`;
  }
}
console.log(`fetched (immutable): ${fetched}`);
