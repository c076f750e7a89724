// Sequential requests to one origin reuse one connection (the server counts them).
const port = Deno.env.get("HTTP_PORT");
const base = `http://127.0.0.1:${port}`;
const before = Number(await (await fetch(`${base}/connections`)).text());
for (let i = 0; i < 20; i++) await (await fetch(`${base}/text`)).text();
for (let i = 0; i < 5; i++) await (await fetch(`${base}/echo`, { method: "POST", body: "x".repeat(i * 1000) })).json();
const after = Number(await (await fetch(`${base}/connections`)).text());
console.log("new connections:", after - before);
