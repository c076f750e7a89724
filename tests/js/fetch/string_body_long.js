// Long string bodies, one-byte and two-byte, with and without lone surrogates:
// the bytes every reader sees are the UTF-8 of the string as a USVString (a
// lone surrogate is U+FFFD), however the body is read or sent.
const hex = (bytes) => Array.from(bytes.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join(" ");
const cases = {
  "one-byte": "<p>hello world</p>".repeat(600),
  "two-byte": "<p>héllo wörld ✓ \u{1F600}</p>".repeat(300),
  "lone lead": "\ud800" + "x".repeat(100),
  "lone trail": "y".repeat(100) + "\udc00",
  "lone in a long two-byte string": "é".repeat(200) + "\udbff" + "é".repeat(10),
  "short lone": "a\ud800b",
};
for (const [name, text] of Object.entries(cases)) {
  const bytes = new Uint8Array(await new Response(text).arrayBuffer());
  const viaStream = [];
  for await (const chunk of new Response(text).body) viaStream.push(...chunk);
  const viaBlob = new Uint8Array(await (await new Response(text).blob()).arrayBuffer());
  const viaRequest = new Uint8Array(await new Request("http://x/", { method: "POST", body: text }).arrayBuffer());
  const encoded = new TextEncoder().encode(text);
  const same = (a) => a.length === encoded.length && a.every((b, i) => b === encoded[i]);
  console.log(name, bytes.length, hex(bytes.slice(0, 4)), same(bytes), same(viaStream), same(viaBlob), same(viaRequest));
  // text() of a well-formed string is that very string.
  if (text.isWellFormed()) console.log("  text round trip", (await new Response(text).text()) === text, (await new Response(text).clone().text()) === text);
}
// The server sends the same bytes.
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) =>
  new Response(cases[decodeURIComponent(new URL(request.url).pathname.slice(1))]));
for (const name of Object.keys(cases)) {
  const res = await fetch(`http://127.0.0.1:${server.addr.port}/${encodeURIComponent(name)}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const encoded = new TextEncoder().encode(cases[name]);
  console.log("served", name, res.headers.get("content-length"), bytes.length === encoded.length && bytes.every((b, i) => b === encoded[i]));
}
await server.shutdown();
