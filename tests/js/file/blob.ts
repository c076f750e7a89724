// Blob and File: parts, type normalisation, slice, readers, stream().
async function t(label: string, f: () => unknown) {
  try {
    console.log(label, await f());
  } catch (e) {
    console.log(label, `${e.constructor.name}: ${e.message}`);
  }
}
await t("string parts", () => new Blob("abc" as any));
await t("numbers", () => new Blob([1, 2] as any).size);
await t("non-ascii type", () => new Blob([], { type: "A/B\u0100" }).type);
await t("type lower", () => new Blob([], { type: "A/B" }).type);
await t("endings enum", () => new Blob([], { endings: "bad" as any }));
await t("native endings", () => new Blob(["a\nb\r\nc\r"], { endings: "native" }).size);
await t("transparent", () => new Blob(["a\r\n"]).size);
await t("slice negative", () => new Blob(["abcdef"]).slice(-3, -1).text());
await t("slice backwards", () => new Blob(["abcdef"]).slice(4, 1).size);
await t("slice type", () => new Blob(["abcdef"]).slice(2, 1, "X/Y").type);
await t("mixed parts", () => new Blob(["abc", new Uint8Array([100, 101]), new Blob(["fg"]), new Uint16Array([0x6968]).buffer]).text());
await t("slice across", () => new Blob(["abc", new Uint8Array([100, 101]), new Blob(["fg"])]).slice(1, -1).text());
await t("slice of slice", () => new Blob(["0123456789"]).slice(2).slice(1, 4).text());
await t("arrayBuffer", async () => new Uint8Array(await new Blob(["ab"]).arrayBuffer()));
await t("bytes", () => new Blob(["ab"]).bytes());
await t("lone surrogate", () => new Blob(["\ud800"]).bytes());
const source = new Uint8Array([1, 2, 3]);
const copied = new Blob([source]);
source[0] = 9;
await t("parts copied", () => copied.bytes());
await t("file lastModified", () => new File(["x"], "n").lastModified > 0);
await t("file 1 arg", () => new (File as any)(["x"]));
await t("file negative", () => new File(["x"], "n", { lastModified: -5.7 }).lastModified);
await t("file name", () => new File(["x"], "a/b").name);
await t("file is blob", () => new File(["x"], "n", { type: "T" }) instanceof Blob);
await t("file tag", () => Object.prototype.toString.call(new File([], "x")));
await t("illegal", () => Blob.prototype.size);
await t("slice of file", () => new File(["abc"], "f.txt", { type: "text/plain" }).slice(1));
console.log(new Blob(["abc"], { type: "Text/Plain" }));
console.log(new File(["abc"], "f.txt", { type: "text/plain", lastModified: 5 }));
console.log([new Blob([])], { f: new File([], "") });
// stream(): a byte stream of the bytes.
const chunks: number[] = [];
for await (const chunk of new Blob(["abc", "def"]).stream()) chunks.push(...chunk);
console.log(String.fromCharCode(...chunks));
const reader = new Blob(["hello"]).stream().getReader({ mode: "byob" });
const { value } = await reader.read(new Uint8Array(3));
console.log(new TextDecoder().decode(value));
const big = new Blob([new Uint8Array(200000).fill(7)]);
let total = 0;
for await (const chunk of big.stream()) total += chunk.byteLength;
console.log(total, big.size);
