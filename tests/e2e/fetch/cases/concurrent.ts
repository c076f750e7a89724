// Many fetches in flight at once on one program's loop: small, large, posted and streamed bodies.
const port = Deno.env.get("HTTP_PORT");
const base = `http://127.0.0.1:${port}`;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

const texts = await Promise.all(range(100).map(() => fetch(`${base}/text`).then((r) => r.text())));
console.log(texts.length, new Set(texts).size, texts[0]);

const sizes = await Promise.all(range(20).map((i) => fetch(`${base}/big?n=${200000 + i}`).then((r) => r.arrayBuffer())));
console.log("big bodies whole:", sizes.every((b, i) => b.byteLength === 200000 + i));

const echoes = await Promise.all(range(30).map((i) =>
  fetch(`${base}/echo`, { method: "POST", body: `body ${i}`.repeat(i * 100 + 1) }).then((r) => r.json())
));
console.log("posted bodies echoed:", echoes.every((e, i) => e.body === `body ${i}`.repeat(i * 100 + 1)));

const streamed = await Promise.all(range(10).map(() => fetch(`${base}/stream`).then((r) => r.text())));
console.log(new Set(streamed).size, JSON.stringify(streamed[0]));

const coded = await Promise.all(["gzip", "br", "gzip", "br"].map((c) => fetch(`${base}/${c}`).then((r) => r.text())));
console.log("decoded:", coded.every((t) => t === coded[0]), coded[0].length);
