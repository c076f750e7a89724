// The body mixin: consumers, bodyUsed and its errors, streams, clone/tee.
async function t(label: string, f: () => unknown) {
  try {
    console.log(label, await f());
  } catch (e) {
    console.log(label, `${e.constructor.name}: ${e.message}`);
  }
}
const enc = new TextEncoder();
function streamOf(...chunks: unknown[]) {
  return new ReadableStream({ start(c) { for (const chunk of chunks) c.enqueue(chunk); c.close(); } });
}
await t("text", () => new Response("héllo").text());
await t("json", () => new Response('{"a":[1,2]}').json());
await t("bad json", () => new Response("{bad").json().catch((e) => e.constructor.name));
await t("arrayBuffer", async () => new Uint8Array(await new Response("ab").arrayBuffer()));
await t("bytes", () => new Response(new Uint8Array([1, 2, 3])).bytes());
await t("view body", () => new Response(new Uint16Array([0x6968])).text());
await t("blob type", async () => (await new Response("x", { headers: { "content-type": "Text/HTML; a=b" } }).blob()).type);
await t("blob no type", async () => (await new Response(new Uint8Array([1, 2])).blob()).type);
await t("blob body", async () => {
  const r = new Response(new Blob(["abc"], { type: "text/x" }));
  return [r.headers.get("content-type"), await r.text()];
});
await t("params body", () => new Response(new URLSearchParams({ a: "1 2", b: "é" })).text());
await t("stream body", () => new Response(streamOf(enc.encode("hi"), enc.encode(" there"))).text());
await t("string chunk", () => new Response(streamOf("str")).text());
await t("null body", async () => {
  const r = new Response(null);
  return [r.body, r.bodyUsed, await r.text(), r.bodyUsed];
});

const used = new Response("x");
await used.text();
await t("used text", () => used.text());
await t("used bodyUsed", () => used.bodyUsed);
await t("used clone", () => used.clone());
await t("used body", () => used.body);
const locked = new Response("x");
locked.body!.getReader();
await t("locked text", () => locked.text());
await t("locked bodyUsed", () => locked.bodyUsed);
await t("locked clone", () => locked.clone());

// Reading through .body marks the body used.
const viaStream = new Response("chunk");
const chunks = [];
for await (const chunk of viaStream.body!) chunks.push(chunk);
console.log(chunks, viaStream.bodyUsed);

// clone() tees: both branches see all bytes, in either order.
const original = new Response(streamOf(enc.encode("a"), enc.encode("b")));
const copy = original.clone();
console.log(await copy.text(), await original.text(), copy.bodyUsed, original.bodyUsed);
const staticOriginal = new Response("same");
const staticCopy = staticOriginal.clone();
console.log(await staticOriginal.arrayBuffer().then((b) => b.byteLength), await staticCopy.text());
// Bytes from a Blob body are the program's own: changing them leaves the Blob alone.
const blob = new Blob(["keep"]);
const bytes = await new Response(blob).bytes();
bytes[0] = 0x4b;
console.log(await blob.text(), new TextDecoder().decode(bytes));
// Erroring source stream.
await t("errored", () => new Response(new ReadableStream({ pull(c) { c.error(new RangeError("boom")); } })).text());
