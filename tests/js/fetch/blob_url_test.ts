// URL.createObjectURL / revokeObjectURL and fetch() of blob: URLs.
import { Shown } from "../shown.ts";

Deno.test("URL.createObjectURL / revokeObjectURL and fetch() of blob: URLs", async () => {
  const shown = new Shown();
  const uuid = (s: string) => s.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, "UUID");
  async function show(label: string, url: string, init?: RequestInit) {
    try {
      const r = await fetch(url, init);
      shown.at(1, [label, r.status, r.statusText, uuid(r.url), [...r.headers], JSON.stringify(await r.text())], ["blob", 200, "OK", "blob:null/UUID", [["content-length", "9"], ["content-type", "text/x-mine"]], "\"blob body\""], ["again", 200, "OK", "blob:null/UUID", [["content-length", "9"], ["content-type", "text/x-mine"]], "\"blob body\""], ["fragment", 200, "OK", "blob:null/UUID", [["content-length", "9"], ["content-type", "text/x-mine"]], "\"blob body\""], ["file", 200, "OK", "blob:null/UUID", [["content-length", "3"], ["content-type", ""]], "\"abc\""], ["empty", 200, "OK", "blob:null/UUID", [["content-length", "0"], ["content-type", ""]], "\"\""], ["revoked", 200, "OK", "blob:null/UUID", [["content-length", "9"], ["content-type", "text/x-mine"]], "\"blob body\""]);
    } catch (e) {
      shown.at(2, [label, "rejected:", String(e)], ["POST", "rejected:", "TypeError: Blob URL fetch only supports GET method"], ["HEAD", "rejected:", "TypeError: Blob URL fetch only supports GET method"], ["unknown", "rejected:", "TypeError: Blob for the given URL not found."], ["not one", "rejected:", "TypeError: Blob for the given URL not found."], ["revoked file", "rejected:", "TypeError: Blob for the given URL not found."]);
    }
  }
  shown.at(3, [typeof URL.createObjectURL, URL.createObjectURL.length, URL.revokeObjectURL.length], ["function", 1, 1]);
  shown.at(4, [Object.getOwnPropertyDescriptor(URL, "createObjectURL")!.enumerable], [true]);
  const blob = new Blob(["blob ", "body"], { type: "text/x-mine" });
  const url = URL.createObjectURL(blob);
  shown.at(5, [uuid(url), new URL(url).origin], ["blob:null/UUID", "null"]);
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
  shown.at(6, [await blob.text()], ["blob body"]);
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
      shown.at(7, ["ok", f()], ["ok", undefined]);
    } catch (e) {
      shown.at(8, [String(e)], ["TypeError: Failed to execute 'createObjectURL' on 'URL': 1 argument required, but only 0 present"], ["TypeError: Failed to execute 'createObjectURL' on 'URL': The \"blob\" argument must be an instance of Blob"], ["TypeError: Failed to execute 'revokeObjectURL' on 'URL': 1 argument required, but only 0 present"], ["Error: relative URL without a base"]);
    }
  }
  await show("revoked file", file);
  shown.done([3, 4, 5, 1, 1, 1, 2, 2, 1, 1, 6, 1, 2, 2, 8, 8, 8, 8, 7, 2]);
});
