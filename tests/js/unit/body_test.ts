import { assertEquals, assertRejects, assertThrows } from "./assert.ts";

const enc = new TextEncoder();
function streamOf(...chunks: unknown[]) {
  return new ReadableStream({ start(c) { for (const chunk of chunks) c.enqueue(chunk); c.close(); } });
}

Deno.test("body consumers", async () => {
  assertEquals(await new Response("héllo").text(), "héllo");
  assertEquals(await new Response('{"a":[1,2]}').json(), { a: [1, 2] });
  await assertRejects(() => new Response("{bad").json(), SyntaxError);
  assertEquals(new Uint8Array(await new Response("ab").arrayBuffer()), new Uint8Array([97, 98]));
  assertEquals(await new Response(new Uint8Array([1, 2, 3])).bytes(), new Uint8Array([1, 2, 3]));
  assertEquals(await new Response(new Uint16Array([0x6968])).text(), "hi");
  assertEquals((await new Response("x", { headers: { "content-type": "Text/HTML; a=b" } }).blob()).type, "text/html;a=b");
  assertEquals((await new Response(new Uint8Array([1, 2])).blob()).type, "");
  const blobBody = new Response(new Blob(["abc"], { type: "text/x" }));
  assertEquals([blobBody.headers.get("content-type"), await blobBody.text()], ["text/x", "abc"]);
  assertEquals(await new Response(new URLSearchParams({ a: "1 2", b: "é" })).text(), "a=1+2&b=%C3%A9");
  assertEquals(await new Response(streamOf(enc.encode("hi"), enc.encode(" there"))).text(), "hi there");
  const e = await assertRejects(() => new Response(streamOf("str")).text(), TypeError);
  assertEquals(e.message, "Cannot convert value to Uint8Array while consuming the stream");
  const empty = new Response(null);
  assertEquals([empty.body, empty.bodyUsed, await empty.text(), empty.bodyUsed], [null, false, "", false]);
  const errored = new Response(new ReadableStream({ pull(c) { c.error(new RangeError("boom")); } }));
  assertEquals((await assertRejects(() => errored.text(), RangeError)).message, "boom");
});

Deno.test("a used or locked body cannot be read or cloned", async () => {
  const used = new Response("x");
  await used.text();
  assertEquals((await assertRejects(() => used.text(), TypeError)).message, "Body already consumed");
  assertEquals(used.bodyUsed, true);
  assertThrows(() => used.clone(), TypeError, "Body is unusable");
  assertEquals(used.body!.locked, true);
  const locked = new Response("x");
  locked.body!.getReader();
  assertEquals((await assertRejects(() => locked.text(), TypeError)).message, "Body already consumed");
  assertEquals(locked.bodyUsed, false);
  assertThrows(() => locked.clone(), TypeError, "Body is unusable");
});

Deno.test("reading through .body marks the body used", async () => {
  const viaStream = new Response("chunk");
  const chunks = [];
  for await (const chunk of viaStream.body!) chunks.push(chunk);
  assertEquals(chunks, [enc.encode("chunk")]);
  assertEquals(viaStream.bodyUsed, true);
});

Deno.test("clone() tees; static bodies are shared", async () => {
  const original = new Response(streamOf(enc.encode("a"), enc.encode("b")));
  const copy = original.clone();
  assertEquals([await copy.text(), await original.text(), copy.bodyUsed, original.bodyUsed], ["ab", "ab", true, true]);
  const staticOriginal = new Response("same");
  const staticCopy = staticOriginal.clone();
  assertEquals((await staticOriginal.arrayBuffer()).byteLength, 4);
  assertEquals(await staticCopy.text(), "same");
});

Deno.test("bytes read from a Blob body are the program's own", async () => {
  const blob = new Blob(["keep"]);
  const bytes = await new Response(blob).bytes();
  bytes[0] = 0x4b;
  assertEquals([await blob.text(), new TextDecoder().decode(bytes)], ["keep", "Keep"]);
});
