import { assert, assertEquals, assertThrows } from "./assert.ts";

const url = "http://x/";

Deno.test("Request: methods are normalised, forbidden ones refused", () => {
  assertThrows(() => new Request(url, { method: "CONNECT" }), TypeError, "Method is forbidden");
  assertThrows(() => new Request(url, { method: "trace" }), TypeError, "Method is forbidden");
  assertThrows(() => new Request(url, { method: "a b" }), TypeError, "Method is not valid");
  assertEquals(new Request(url, { method: "patch" }).method, "patch");
  assertEquals(new Request(url, { method: "delete" }).method, "DELETE");
  assertEquals(new Request(url, { method: "Foo" }).method, "Foo");
});

Deno.test("Request: init members and their errors", () => {
  assertThrows(() => new Request(url, { body: "a" }), TypeError, "Request with GET/HEAD method cannot have body");
  assertThrows(() => new Request(url, { method: "HEAD", body: "a" }), TypeError, "Request with GET/HEAD method cannot have body");
  assertEquals(new Request(url, { method: "GET", body: null }).method, "GET");
  assertThrows(() => new Request("/relative"), TypeError, "Invalid URL: '/relative'");
  assertEquals(new Request("http://u:p@x/").url, "http://u:p@x/");
  assertThrows(() => new Request(url, { redirect: "bad" as any }), TypeError,
    "Failed to construct 'Request': The provided value 'bad' is not a valid enum value of type RequestRedirect");
  assertThrows(() => new Request(url, { mode: "navigate" }), TypeError, "Request mode 'navigate' is not allowed");
  assertThrows(() => new Request(url, { signal: 5 as any }), TypeError,
    "Failed to construct 'Request': 'signal' of 'RequestInit' (Argument 2) is not of type AbortSignal");
  assertThrows(() => new Request(url, { cache: "only-if-cached" }), TypeError,
    'Request cache mode "only-if-cached" can only be used with same-origin mode');
  assertEquals(new Request(url, { referrer: "about:client" }).referrer, "about:client");
  assertThrows(() => new (Request as any)(), TypeError, "Failed to construct 'Request': 1 argument required, but only 0 present");
  assertEquals(new Request("http://x/a?b#frag").url, "http://x/a?b#frag");
  const r = new Request(url, { method: "POST", body: "abc" });
  assertEquals([r.cache, r.credentials, r.integrity, r.keepalive, r.mode, r.redirect, r.referrer, r.referrerPolicy],
    ["default", "same-origin", "", false, "cors", "follow", "about:client", ""]);
  assert(r.signal instanceof AbortSignal && !r.signal.aborted);
  assertEquals([Object.prototype.toString.call(r), String(r)], ["[object Request]", "[object Request]"]);
});

Deno.test("Request from a used Request, or cloned after use, is refused", async () => {
  const r = new Request(url, { method: "POST", body: "abc" });
  await r.text();
  assertEquals(r.bodyUsed, true);
  assertThrows(() => new Request(r), TypeError, "Input request's body is unusable");
  assertThrows(() => r.clone(), TypeError, "Body is unusable");
  const base = new Request(url, { headers: { a: "1" } });
  const post = new Request(base, { method: "POST", body: "zz" });
  assertEquals([post.method, [...post.headers]], ["POST", [["a", "1"], ["content-type", "text/plain;charset=UTF-8"]]]);
  assertEquals(await post.text(), "zz");
  assertThrows(() => new Request(post, { headers: { b: "2" } }), TypeError, "Input request's body is unusable");
});

Deno.test("a Request from a Request takes its body and members", async () => {
  const source = new Request(url, { method: "PUT", body: "moved", headers: { "x-a": "1" }, redirect: "manual" });
  const taken = new Request(source);
  assertEquals([taken.method, taken.redirect, [...taken.headers], source.bodyUsed],
    ["PUT", "manual", [["content-type", "text/plain;charset=UTF-8"], ["x-a", "1"]], true]);
  assertEquals(await taken.text(), "moved");
  const replaced = new Request(taken.url, { method: "POST", body: "x", headers: { "x-b": "2" } });
  const overridden = new Request(replaced, { headers: { "x-c": "3" } });
  assertEquals([...overridden.headers], [["x-c", "3"]]);
  assertEquals(await overridden.text(), "x");
});

Deno.test("signals follow the input's", () => {
  const controller = new AbortController();
  const withSignal = new Request(url, { signal: controller.signal });
  const derived = new Request(withSignal);
  const cloned = withSignal.clone();
  controller.abort("why");
  assertEquals([withSignal.signal.aborted, derived.signal.aborted, cloned.signal.reason], [true, true, "why"]);
});

Deno.test("body content types", () => {
  const contentType = (body: BodyInit, headers?: HeadersInit) =>
    new Request(url, { method: "POST", body, headers }).headers.get("content-type");
  assertEquals(contentType("s"), "text/plain;charset=UTF-8");
  assertEquals(contentType(new URLSearchParams("a=1")), "application/x-www-form-urlencoded;charset=UTF-8");
  assertEquals(contentType(new Blob(["x"], { type: "a/b" })), "a/b");
  assertEquals(contentType(new Blob(["x"])), null);
  assertEquals(contentType(new ArrayBuffer(2)), null);
  assertEquals(contentType(new ReadableStream()), null);
  assertEquals(contentType("s", { "Content-Type": "a/b" }), "a/b");
  const locked = new ReadableStream();
  locked.getReader();
  assertThrows(() => new Request(url, { method: "POST", body: locked }), TypeError, "ReadableStream is locked or disturbed");
});

Deno.test("clone() tees the body", async () => {
  const original = new Request(url, { method: "POST", body: "twice" });
  const copy = original.clone();
  assertEquals([await original.text(), await copy.text(), original.bodyUsed, copy.bodyUsed], ["twice", "twice", true, true]);
  const encode = (s: string) => new TextEncoder().encode(s);
  const streamed = new Request(url, {
    method: "POST",
    body: new ReadableStream({ start(c) { c.enqueue(encode("st")); c.enqueue(encode("ream")); c.close(); } }),
  });
  const streamedCopy = streamed.clone();
  assertEquals([await streamedCopy.text(), await streamed.text()], ["stream", "stream"]);
});
