// gzip, deflate and br response bodies are decoded.
const port = Deno.env.get("HTTP_PORT");
const expected = "The quick brown fox jumps over the lazy dog.\n".repeat(50);
for (const coding of ["gzip", "deflate", "br"]) {
  const res = await fetch(`http://127.0.0.1:${port}/${coding}`);
  const text = await res.text();
  console.log(coding, text === expected, text.length, res.headers.get("content-encoding"), res.headers.get("content-length"));
}
const identity = await fetch(`http://127.0.0.1:${port}/gzip`, { headers: { "accept-encoding": "identity" } });
console.log((await identity.text()).length);
