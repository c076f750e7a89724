import { assert, assertEquals, assertThrows } from "./assert.ts";

Deno.test("Blob parts: strings, buffers, blobs; copied when made", async () => {
  assertEquals(new Blob([1, 2] as unknown as string[]).size, 2);
  const mixed = new Blob(["abc", new Uint8Array([100, 101]), new Blob(["fg"]), new Uint16Array([0x6968]).buffer]);
  assertEquals(await mixed.text(), "abcdefghi");
  assertEquals(await new Blob(["\ud800"]).bytes(), new Uint8Array([239, 191, 189]));
  const source = new Uint8Array([1, 2, 3]);
  const copied = new Blob([source]);
  source[0] = 9;
  assertEquals(await copied.bytes(), new Uint8Array([1, 2, 3]));
  assertThrows(() => new Blob("abc" as unknown as string[]), TypeError,
    "Failed to construct 'Blob': Argument 1 can not be converted to sequence.");
});

Deno.test("Blob type is lower-cased, or empty if not ASCII", () => {
  assertEquals(new Blob([], { type: "A/B\u0100" }).type, "");
  assertEquals(new Blob([], { type: "A/B" }).type, "a/b");
});

Deno.test("Blob endings", () => {
  assertEquals(new Blob(["a\nb\r\nc\r"], { endings: "native" }).size, 6);
  assertEquals(new Blob(["a\r\n"]).size, 3);
  assertThrows(() => new Blob([], { endings: "bad" as EndingType }), TypeError,
    "Failed to construct 'Blob': The provided value 'bad' is not a valid enum value of type EndingType");
});

Deno.test("slice: negative and backwards bounds, across parts, type", async () => {
  assertEquals(await new Blob(["abcdef"]).slice(-3, -1).text(), "de");
  assertEquals(new Blob(["abcdef"]).slice(4, 1).size, 0);
  assertEquals(new Blob(["abcdef"]).slice(2, 1, "X/Y").type, "x/y");
  assertEquals(await new Blob(["abc", new Uint8Array([100, 101]), new Blob(["fg"])]).slice(1, -1).text(), "bcdef");
  assertEquals(await new Blob(["0123456789"]).slice(2).slice(1, 4).text(), "345");
  const sliced = new File(["abc"], "f.txt", { type: "text/plain" }).slice(1);
  assert(!(sliced instanceof File), "a slice of a File is a Blob");
  assertEquals([sliced.size, sliced.type], [2, ""]);
});

Deno.test("readers: arrayBuffer, bytes, text", async () => {
  assertEquals(new Uint8Array(await new Blob(["ab"]).arrayBuffer()), new Uint8Array([97, 98]));
  assertEquals(await new Blob(["ab"]).bytes(), new Uint8Array([97, 98]));
});

Deno.test("File: name, lastModified, a Blob", () => {
  assert(new File(["x"], "n").lastModified > 0);
  assertEquals(new File(["x"], "n", { lastModified: -5.7 }).lastModified, -5);
  assertEquals(new File(["x"], "a/b").name, "a/b");
  assert(new File(["x"], "n", { type: "T" }) instanceof Blob);
  assertEquals(Object.prototype.toString.call(new File([], "x")), "[object File]");
  assertThrows(() => new (File as any)(["x"]), TypeError, "Failed to construct 'File': 2 arguments required, but only 1 present");
  assertThrows(() => Blob.prototype.size, TypeError, "Illegal invocation");
});

Deno.test("stream() is a byte stream of the bytes", async () => {
  const chunks: number[] = [];
  for await (const chunk of new Blob(["abc", "def"]).stream()) chunks.push(...chunk);
  assertEquals(String.fromCharCode(...chunks), "abcdef");
  const reader = new Blob(["hello"]).stream().getReader({ mode: "byob" });
  const { value } = await reader.read(new Uint8Array(3));
  assertEquals(new TextDecoder().decode(value), "hel");
  await reader.cancel();
  const big = new Blob([new Uint8Array(200000).fill(7)]);
  let total = 0;
  for await (const chunk of big.stream()) total += chunk.byteLength;
  assertEquals(total, 200000);
});
