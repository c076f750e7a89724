// A server that closes each keep-alive connection after its response (without
// "connection: close"): every next request goes out on a new connection.
const port = Deno.env.get("HTTP_PORT");
const base = `http://127.0.0.1:${port}`;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const count = async () => Number(await (await fetch(`${base}/connections`)).text());
const before = await count();
for (let i = 0; i < 5; i++) {
  const res = await fetch(`${base}/close-after`);
  console.log(res.status, await res.text());
  await delay(50);
}
const after = await count();
console.log("new connections:", after - before);
// Reading a response while the server is closing behind it.
const res = await fetch(`${base}/close-after`);
await delay(50);
console.log(await res.text());
