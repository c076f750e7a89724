// String bodies are kept as text until read: every way of reading one sees
// the same UTF-8 bytes (lone surrogates as U+FFFD), and a clone reads alike.
const dec = new TextDecoder();
const r1 = new Response("h\u00e9llo \u{1F600}");
const r2 = r1.clone();
console.log(new Uint8Array(await r1.arrayBuffer()));
console.log(await r2.text(), r1.bodyUsed, r2.bodyUsed);

const lone = new Response("a\ud800b");
console.log(new Uint8Array(await lone.arrayBuffer()));

const viaStream = new Response("stream me");
const reader = viaStream.body!.getReader();
const { value } = await reader.read();
console.log(dec.decode(value), (await reader.read()).done);

const req = new Request("http://x/", { method: "POST", body: "posted \u00fc" });
console.log(req.headers.get("content-type"), await req.clone().text(), (await req.blob()).size);

const used = new Response("once");
await used.text();
try {
  await used.text();
} catch (e) {
  console.log(e.constructor.name, e.message);
}
console.log(await new Response("").text() === "", (await new Response("").arrayBuffer()).byteLength);
