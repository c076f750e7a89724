// Streaming response bodies (chunk by chunk) and request bodies (chunked).
const port = Deno.env.get("HTTP_PORT");
const base = `http://127.0.0.1:${port}`;

const res = await fetch(`${base}/stream`);
const decoder = new TextDecoder();
let text = "";
for await (const chunk of res.body!) {
  if (!(chunk instanceof Uint8Array)) throw new Error("not bytes");
  text += decoder.decode(chunk, { stream: true });
}
console.log(JSON.stringify(text));

function streamOf(parts: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((r) => setTimeout(r, 10));
      const part = parts.shift();
      if (part === undefined) controller.close();
      else controller.enqueue(encoder.encode(part));
    },
  });
}
const echoed = await fetch(`${base}/echo`, { method: "POST", body: streamOf(["one ", "two ", "three"]), duplex: "half" } as RequestInit);
console.log(await echoed.json());
const upper = await fetch(`${base}/upper`, { method: "POST", body: streamOf(["stream", "ing ", "both ways"]), duplex: "half" } as RequestInit);
const reader = upper.body!.getReader();
const pieces = [];
while (true) {
  const { done, value } = await reader.read();
  if (done) break;
  pieces.push(decoder.decode(value));
}
console.log(pieces.join(""));

const trailers = await fetch(`${base}/trailers`);
console.log(trailers.headers.get("trailer"), await trailers.text());

// A body stream that errors: the fetch fails with the stream's error.
const failing = new ReadableStream({ pull(c) { c.error(new Error("source broke")); } });
try {
  await fetch(`${base}/echo`, { method: "POST", body: failing, duplex: "half" } as RequestInit);
} catch (e) {
  console.log("rejected:", String(e), String((e as Error).cause));
}
// Cancelling a response body part way.
const partial = await fetch(`${base}/big?n=3000000`);
const r = partial.body!.getReader();
const first = await r.read();
console.log(first.done, first.value!.byteLength > 0);
await r.cancel();
console.log(await (await fetch(`${base}/text`)).text());
