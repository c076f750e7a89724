import { assertEquals, assertRejects, assertThrows } from "./assert.ts";

Deno.test("Headers iterate sorted and combined, set-cookie apart", () => {
  const headers = new Headers([["B", "2"], ["a", "1"], ["b", "3"], ["Set-Cookie", "x=1"], ["set-cookie", "y=2"]]);
  assertEquals([...headers], [["a", "1"], ["b", "2, 3"], ["set-cookie", "x=1"], ["set-cookie", "y=2"]]);
  assertEquals(headers.getSetCookie(), ["x=1", "y=2"]);
  assertThrows(() => headers.set("bad name", "v"), TypeError);
});

Deno.test("Response bodies are read once", async () => {
  const response = new Response(JSON.stringify({ n: 1 }), { status: 201 });
  assertEquals(response.status, 201);
  assertEquals(await response.json(), { n: 1 });
  assertEquals(response.bodyUsed, true);
  await assertRejects(() => response.text(), TypeError);
});

Deno.test("clone tees the body", async () => {
  const original = new Response(new Blob(["abc"]));
  const copy = original.clone();
  assertEquals(await original.text(), "abc");
  assertEquals(new Uint8Array(await copy.arrayBuffer()), new Uint8Array([97, 98, 99]));
});

Deno.test("FormData survives a multipart round trip", async () => {
  const form = new FormData();
  form.append("name", "value");
  form.append("file", new File(["content"], "a.txt", { type: "text/plain" }));
  const parsed = await new Response(form).formData();
  assertEquals(parsed.get("name"), "value");
  const file = parsed.get("file") as File;
  assertEquals([file.name, file.type, await file.text()], ["a.txt", "text/plain", "content"]);
});

Deno.test("Request rejects a body on GET", () => {
  assertThrows(() => new Request("http://x.test/", { body: "no" }), TypeError);
});
