import { assert, assertEquals, assertRejects, assertThrows } from "./assert.ts";

// A File entry as [name, size, type], for comparisons.
const fileFacts = (value: FormDataEntryValue | null) => {
  assert(value instanceof File, "expected a File");
  return [value.name, value.size, value.type];
};
const entries = (fd: FormData) =>
  [...fd].map(([k, v]) => [k, typeof v === "string" ? v : fileFacts(v)]);

Deno.test("FormData entries: append, set, get, delete", () => {
  const fd = new FormData();
  assertThrows(() => (fd as any).append("a"), TypeError,
    "Failed to execute 'append' on 'FormData': 2 arguments required, but only 1 present");
  (fd as any).append("a", "b", "c"); // a string value given a filename stays a string
  fd.append("a", "1");
  fd.append("b", new Blob(["x"], { type: "text/plain" }));
  fd.append("a", "2");
  fd.set("c", new File(["y"], "y.txt"), "z.txt");
  assertEquals([fd.get("a"), fd.getAll("a"), fd.has("b"), fd.get("nope")], ["b", ["b", "1", "2"], true, null]);
  assertEquals(fileFacts(fd.get("b")), ["blob", 1, "text/plain"]);
  assertEquals(entries(fd), [["a", "b"], ["a", "1"], ["b", ["blob", 1, "text/plain"]], ["a", "2"], ["c", ["z.txt", 1, ""]]]);
  fd.set("a", "3");
  assertEquals([...fd.keys()], ["a", "b", "c"]);
  fd.delete("b");
  assertEquals(entries(fd), [["a", "3"], ["c", ["z.txt", 1, ""]]]);
  assertEquals([...fd.values()].map((v) => typeof v === "string" ? v : fileFacts(v)), ["3", ["z.txt", 1, ""]]);
  const seen: string[] = [];
  fd.forEach((_, k) => seen.push(k));
  assertEquals(seen, ["a", "c"]);
  assertThrows(() => new (FormData as any)(5), TypeError, "Illegal constructor");
  assertEquals(new (FormData as any)(undefined).has("x"), false);
  assertEquals([Object.prototype.toString.call(fd), String(new FormData())], ["[object FormData]", "[object FormData]"]);
});

Deno.test("multipart/form-data: serialised with escaped names, parsed back", async () => {
  const fd = new FormData();
  fd.append("a", "3");
  fd.append("c", new File(["y"], "z.txt"));
  fd.append("x\r\ny", "a\rb\nc\r\n");
  fd.append('q"', new File(["bin\r\n"], 'f"\n.bin', { type: "application/x-thing" }));
  const r = new Response(fd);
  const type = r.headers.get("content-type")!;
  assert(/^multipart\/form-data; boundary=-{4}\d{28}$/.test(type), type);
  const text = (await r.clone().text()).replaceAll(type.slice(type.indexOf("=") + 1), "B");
  assertEquals(text, '--B\r\nContent-Disposition: form-data; name="a"\r\n\r\n3\r\n' +
    '--B\r\nContent-Disposition: form-data; name="c"; filename="z.txt"\r\nContent-Type: application/octet-stream\r\n\r\ny\r\n' +
    '--B\r\nContent-Disposition: form-data; name="x%0D%0Ay"\r\n\r\na\r\nb\r\nc\r\n\r\n' +
    '--B\r\nContent-Disposition: form-data; name="q%22"; filename="f%22%0A.bin"\r\nContent-Type: application/x-thing\r\n\r\nbin\r\n\r\n' +
    "--B--");
  const back = await r.formData();
  assertEquals(entries(back), [
    ["a", "3"], ["c", ["z.txt", 1, "application/octet-stream"]], ["x%0D%0Ay", "a\r\nb\r\nc\r\n"],
    ["q%22", ["f%22%0A.bin", 5, "application/x-thing"]],
  ]);
  assertEquals(back.get('q"'), null);
  assertEquals(await (back.get("q%22") as File).text(), "bin\r\n");
});

Deno.test("formData() parses urlencoded and hand-made multipart bodies", async () => {
  const urlencoded = new Response("a=1&b=%20x+y&a", { headers: { "content-type": "application/x-www-form-urlencoded" } });
  assertEquals([...await urlencoded.formData()], [["a", "1"], ["b", " x y"], ["a", ""]]);
  assertEquals([...await new Response(new URLSearchParams("k=v&k=w")).formData()], [["k", "v"], ["k", "w"]]);
  const handMade = '--XyZ\r\nContent-Disposition: form-data; name="field"\r\n\r\nvalue one\r\n' +
    '--XyZ\r\nContent-Disposition: form-data; name="up"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nfile body\r\n--XyZ--\r\n';
  const parsed = await new Response(handMade, { headers: { "content-type": 'multipart/form-data; boundary="XyZ"' } }).formData();
  assertEquals(entries(parsed), [["field", "value one"], ["up", ["a.txt", 9, "text/plain"]]]);
  assertEquals(await (parsed.get("up") as File).text(), "file body");
});

Deno.test("formData() refuses what it cannot parse", async () => {
  const message = async (body: string, type?: string) =>
    (await assertRejects(() => new Response(body, type ? { headers: { "content-type": type } } : {}).formData(), TypeError)).message;
  assertEquals(await message("abc"), "Body can not be decoded as form data");
  assertEquals(await message("abc", "multipart/form-data"),
    "Cannot construct MultipartParser: multipart/form-data must provide a boundary");
  assertEquals(await message("abc", "multipart/form-data; boundary=x"), "Unable to parse body as form data");
});
