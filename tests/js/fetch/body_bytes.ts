// Fetch: a body's stream is a byte stream ("set up with byte reading
// support"), so a BYOB reader reads into the caller's buffer. Written from the
// standard: Deno 2.9.6 gives a default stream here and throws on getReader({ mode: "byob" }).
const byob = new Response("hello world").body!.getReader({ mode: "byob" });
const first = await byob.read(new Uint8Array(5));
console.log(first.done, new TextDecoder().decode(first.value));
const rest = await byob.read(new Uint8Array(20));
console.log(rest.done, new TextDecoder().decode(rest.value));
console.log((await byob.read(new Uint8Array(4))).done);

const viaBlob = new Blob(["blob bytes"]).stream().getReader({ mode: "byob" });
const part = await viaBlob.read(new Uint8Array(4));
console.log(new TextDecoder().decode(part.value));
console.log(new Response("x").body);
