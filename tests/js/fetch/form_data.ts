// FormData: entries, files, iteration, multipart and urlencoded both ways.
async function t(label: string, f: () => unknown) {
  try {
    console.log(label, await f());
  } catch (e) {
    console.log(label, `${e.constructor.name}: ${e.message}`);
  }
}
const fd = new FormData();
await t("append 1 arg", () => (fd as any).append("a"));
await t("string with filename", () => (fd as any).append("a", "b", "c"));
fd.append("a", "1");
fd.append("b", new Blob(["x"], { type: "text/plain" }));
fd.append("a", "2");
fd.set("c", new File(["y"], "y.txt"), "z.txt");
await t("get", () => [fd.get("a"), fd.getAll("a"), fd.has("b"), fd.get("nope")]);
await t("blob entry", () => fd.get("b"));
await t("entries", () => [...fd]);
fd.set("a", "3");
await t("set keys", () => [...fd.keys()]);
fd.delete("b");
await t("after delete", () => [...fd.entries()]);
await t("values", () => [...fd.values()]);
await t("constructor arg", () => new FormData(5 as any));
await t("undefined arg", () => new FormData(undefined).has("x"));
fd.append("x\r\ny", "a\rb\nc\r\n");
fd.append('q"', new File(["bin\r\n"], 'f"\n.bin', { type: "application/x-thing" }));
const seen: unknown[] = [];
fd.forEach((v, k) => seen.push(k));
await t("forEach", () => seen);
console.log(fd);

// multipart/form-data serialisation (the random boundary normalised).
const r = new Response(fd);
const type = r.headers.get("content-type")!;
console.log(type.replace(/boundary=-+\d+/, "boundary=BOUNDARY"), /^multipart\/form-data; boundary=-{4}\d+$/.test(type));
const text = await r.clone().text();
console.log(JSON.stringify(text.replaceAll(type.slice(type.indexOf("=") + 1), "BOUNDARY")));
// ... and parsing it back.
const back = await r.formData();
await t("round trip", () => [...back]);
const file = back.get('q"') as File;
await t("file back", async () => [file.name, file.type, await file.text()]);

await t("urlencoded", async () => [...await new Response("a=1&b=%20x+y&a", { headers: { "content-type": "application/x-www-form-urlencoded" } }).formData()]);
await t("params body", async () => [...await new Response(new URLSearchParams("k=v&k=w")).formData()]);
await t("plain", () => new Response("abc").formData());
await t("no boundary", () => new Response("abc", { headers: { "content-type": "multipart/form-data" } }).formData());
await t("bad multipart", () => new Response("abc", { headers: { "content-type": "multipart/form-data; boundary=x" } }).formData());
const handMade = '--XyZ\r\nContent-Disposition: form-data; name="field"\r\n\r\nvalue one\r\n' +
  '--XyZ\r\nContent-Disposition: form-data; name="up"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nfile body\r\n--XyZ--\r\n';
const parsed = await new Response(handMade, { headers: { "content-type": 'multipart/form-data; boundary="XyZ"' } }).formData();
await t("hand made", () => [...parsed]);
await t("hand made file", () => (parsed.get("up") as File).text());
await t("tag", () => [Object.prototype.toString.call(fd), String(new FormData())]);
console.log(new FormData());
