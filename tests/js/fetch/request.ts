// Request: init members, method normalisation, errors, Request from Request, clone.
function t(label: string, f: () => unknown) {
  try {
    console.log(label, f());
  } catch (e) {
    console.log(label, `${e.constructor.name}: ${e.message}`);
  }
}
t("CONNECT", () => new Request("http://x/", { method: "CONNECT" }));
t("trace", () => new Request("http://x/", { method: "trace" }));
t("bad method", () => new Request("http://x/", { method: "a b" }));
t("patch", () => new Request("http://x/", { method: "patch" }).method);
t("delete", () => new Request("http://x/", { method: "delete" }).method);
t("Foo", () => new Request("http://x/", { method: "Foo" }).method);
t("GET body", () => new Request("http://x/", { body: "a" }));
t("HEAD body", () => new Request("http://x/", { method: "HEAD", body: "a" }));
t("null body", () => new Request("http://x/", { method: "GET", body: null }).method);
t("relative", () => new Request("/relative"));
t("credentials in url", () => new Request("http://u:p@x/").url);
t("redirect enum", () => new Request("http://x/", { redirect: "bad" as any }));
t("navigate", () => new Request("http://x/", { mode: "navigate" }));
t("signal type", () => new Request("http://x/", { signal: 5 as any }));
t("only-if-cached", () => new Request("http://x/", { cache: "only-if-cached" }));
t("referrer", () => new Request("http://x/", { referrer: "about:client" }).referrer);
t("no args", () => new (Request as any)());
t("fragment", () => new Request("http://x/a?b#frag").url);
const r = new Request("http://x/", { method: "POST", body: "abc" });
t("defaults", () => [r.cache, r.credentials, r.integrity, r.keepalive, r.mode, r.redirect, r.referrer, r.referrerPolicy]);
t("signal", () => r.signal);
t("inspect", () => r);
await r.text();
t("bodyUsed", () => r.bodyUsed);
t("from used", () => new Request(r));
t("clone used", () => r.clone());

const base = new Request("http://x/", { headers: { a: "1" } });
const post = new Request(base, { method: "POST", body: "zz" });
console.log(post.method, post.headers, await post.text());
t("from used post", () => new Request(post, { headers: { b: "2" } }));

// A Request from a Request takes its body: the input becomes used.
const source = new Request("http://x/", { method: "PUT", body: "moved", headers: { "x-a": "1" }, redirect: "manual" });
const taken = new Request(source);
console.log(taken.method, taken.redirect, [...taken.headers], source.bodyUsed, await taken.text());
const replaced = new Request(taken.url, { method: "POST", body: "x", headers: { "x-b": "2" } });
const overridden = new Request(replaced, { headers: { "x-c": "3" } });
console.log([...overridden.headers], await overridden.text());

// Signals follow the input's.
const controller = new AbortController();
const withSignal = new Request("http://x/", { signal: controller.signal });
const derived = new Request(withSignal);
const cloned = withSignal.clone();
controller.abort("why");
console.log(withSignal.signal.aborted, derived.signal.aborted, cloned.signal.reason);

// Body content types.
const types = [
  ["string", "s"],
  ["params", new URLSearchParams("a=1")],
  ["typed blob", new Blob(["x"], { type: "a/b" })],
  ["blob", new Blob(["x"])],
  ["buffer", new ArrayBuffer(2)],
  ["stream", new ReadableStream()],
] as const;
for (const [label, body] of types) {
  t(label, () => new Request("http://x/", { method: "POST", body: body as BodyInit }).headers.get("content-type"));
}
t("own content-type", () => new Request("http://x/", { method: "POST", body: "s", headers: { "Content-Type": "a/b" } }).headers.get("content-type"));
const locked = new ReadableStream();
locked.getReader();
t("locked stream", () => new Request("http://x/", { method: "POST", body: locked }));

// clone() tees the body.
const original = new Request("http://x/", { method: "POST", body: "twice" });
const copy = original.clone();
console.log(await original.text(), await copy.text(), original.bodyUsed, copy.bodyUsed);
const streamed = new Request("http://x/", {
  method: "POST",
  body: new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode("st")); c.enqueue(new TextEncoder().encode("ream")); c.close(); } }),
});
const streamedCopy = streamed.clone();
console.log(await streamedCopy.text(), await streamed.text());
console.log(Object.prototype.toString.call(r), String(r));
