// GET and POST against the local server: status, headers, bodies, what is sent.
const port = Deno.env.get("HTTP_PORT");
const base = `http://127.0.0.1:${port}`;
const clean = (s: string) => s.replaceAll(port!, "PORT");

const res = await fetch(`${base}/text`);
console.log(res.status, JSON.stringify(res.statusText), res.ok, res.redirected, res.type, clean(res.url));
console.log(res.headers.get("content-type"), res.headers.get("x-custom"), res.headers.get("content-length"));
console.log(res.bodyUsed, await res.text(), res.bodyUsed);

const sent = await (await fetch(`${base}/headers`)).json();
console.log(sent);

const post = await fetch(`${base}/echo?q=1`, { method: "POST", body: "posted text" });
console.log(await post.json());
const bytes = await fetch(`${base}/echo`, { method: "PUT", body: new Uint8Array([104, 105]) });
console.log(await bytes.json());
const empty = await fetch(`${base}/echo`, { method: "POST" });
console.log(await empty.json());
const params = await fetch(`${base}/echo`, { method: "POST", body: new URLSearchParams({ a: "1", b: "x y" }) });
console.log(await params.json());
const req = new Request(`${base}/echo`, { method: "PATCH", body: JSON.stringify({ n: 1 }), headers: { "content-type": "application/json" } });
console.log(await (await fetch(req)).json());

const head = await fetch(`${base}/text`, { method: "HEAD" });
console.log(head.status, head.body, head.headers.get("content-length"));
const none = await fetch(`${base}/status?code=204`);
console.log(none.status, none.body);
const missing = await fetch(`${base}/nope`);
console.log(missing.status, missing.ok, await missing.text());
const teapot = await fetch(`${base}/status?code=418&body=short`);
console.log(teapot.status, JSON.stringify(teapot.statusText), await teapot.text());
const big = await fetch(`${base}/big?n=1000000`);
console.log((await big.arrayBuffer()).byteLength);
