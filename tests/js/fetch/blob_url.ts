// URL.createObjectURL / revokeObjectURL and fetch() of blob: URLs.
const uuid = (s: string) => s.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, "UUID");
async function show(label: string, url: string, init?: RequestInit) {
  try {
    const r = await fetch(url, init);
    console.log(label, r.status, r.statusText, uuid(r.url), [...r.headers], JSON.stringify(await r.text()));
  } catch (e) {
    console.log(label, "rejected:", String(e));
  }
}
console.log(typeof URL.createObjectURL, URL.createObjectURL.length, URL.revokeObjectURL.length);
console.log(Object.getOwnPropertyDescriptor(URL, "createObjectURL")!.enumerable);
const blob = new Blob(["blob ", "body"], { type: "text/x-mine" });
const url = URL.createObjectURL(blob);
console.log(uuid(url), new URL(url).origin);
await show("blob", url);
await show("again", url);
await show("fragment", url + "#part");
await show("POST", url, { method: "POST" });
await show("HEAD", url, { method: "HEAD" });
const file = URL.createObjectURL(new File(["abc"], "a.txt"));
await show("file", file);
await show("empty", URL.createObjectURL(new Blob([])));
// The response's bytes are a copy: changing them leaves the Blob alone.
const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
bytes[0] = 0x42;
console.log(await blob.text());
URL.revokeObjectURL(url + "#ignored");
await show("revoked", url);
await show("unknown", "blob:null/00000000-0000-0000-0000-000000000000");
await show("not one", "blob:nonsense");
for (const f of [
  () => (URL as any).createObjectURL(),
  () => (URL as any).createObjectURL("not a blob"),
  () => (URL as any).revokeObjectURL(),
  () => URL.revokeObjectURL("relative"),
  () => URL.revokeObjectURL(file),
]) {
  try {
    console.log("ok", f());
  } catch (e) {
    console.log(String(e));
  }
}
await show("revoked file", file);
