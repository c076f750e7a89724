import { assertEquals } from "./assert.ts";

Deno.test("pipeThrough a TransformStream", async () => {
  const upper = new TransformStream<string, string>({ transform: (chunk, c) => c.enqueue(chunk.toUpperCase()) });
  const out: string[] = [];
  for await (const chunk of ReadableStream.from(["a", "b"]).pipeThrough(upper)) out.push(chunk);
  assertEquals(out, ["A", "B"]);
});

Deno.test("compression round trip", async () => {
  const input = new TextEncoder().encode("toolchain ".repeat(100));
  const packed = new Blob([input]).stream().pipeThrough(new CompressionStream("gzip"));
  const unpacked = packed.pipeThrough(new DecompressionStream("gzip"));
  assertEquals(new Uint8Array(await new Response(unpacked).arrayBuffer()), input);
});

Deno.test("tee gives both branches every chunk", async () => {
  const [a, b] = ReadableStream.from([1, 2, 3]).tee();
  const read = async (s: ReadableStream<number>) => { const r: number[] = []; for await (const x of s) r.push(x); return r; };
  assertEquals(await Promise.all([read(a), read(b)]), [[1, 2, 3], [1, 2, 3]]);
});
