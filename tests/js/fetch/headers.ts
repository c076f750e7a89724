// Headers: normalisation, validation errors, iteration order, set-cookie, guards.
function t(label: string, f: () => unknown) {
  try {
    console.log(label, f());
  } catch (e) {
    console.log(label, `${e.constructor.name}: ${e.message}`);
  }
}
t("pair of 1", () => new Headers([["a"]] as any));
t("pair of 3", () => new Headers([["a", "b", "c"]] as any));
t("bad name", () => new Headers({ "a b": "x" }));
t("newline value", () => new Headers({ a: "x\ny" }));
t("number init", () => new Headers(5 as any));
t("string init", () => new Headers("abc" as any));
t("get bad name", () => new Headers().get("a b"));
t("empty name", () => new Headers().append("", "x"));
t("latin1 name", () => new Headers().has("é"));
t("non-byte value", () => new Headers().set("a", "é\u0100"));
t("non-byte record", () => new Headers({ a: "\u0100" }));
t("non-byte sequence", () => new Headers([["a\u0100", "x"]]));
t("delete bad", () => new Headers().delete("(x)"));
t("get no args", () => (new Headers() as any).get());
t("illegal", () => Headers.prototype.get.call({}, "a"));
t("call", () => (Headers as any)());
t("trimmed", () => new Headers({ a: "  x  \t" }).get("a"));
t("case-insensitive", () => new Headers([["a", "1"], ["A", "2"]]).get("a"));
t("undefined value", () => new Headers({ a: undefined } as any).get("a"));
t("number value", () => new Headers({ a: 5 } as any).get("a"));
t("iterable init", () => new Headers([["a", "1"]].values() as any).get("a"));
t("bad entry", () => new Headers([5] as any));
t("forEach non-fn", () => new Headers().forEach(5 as any));
t("from headers", () => new Headers(new Headers({ a: "1" })).get("a"));

const h = new Headers([["a", "1"], ["set-cookie", "s1"], ["X-B", "2"], ["set-cookie", "s2"], ["A", "3"]]);
t("iterate", () => [...h]);
t("keys", () => [...h.keys()]);
t("values", () => [...h.values()]);
t("get set-cookie", () => h.get("set-cookie"));
t("getSetCookie", () => h.getSetCookie());
t("none", () => new Headers().getSetCookie());
t("has", () => [h.has("x-b"), h.has("X-B"), h.has("c")]);
h.set("a", "only");
t("after set", () => [...h]);
h.delete("set-cookie");
t("after delete", () => [...h]);
const seen: unknown[] = [];
h.forEach(function (this: unknown, v, k, p) { seen.push([k, v, p === h, this]); }, "self");
t("forEach", () => seen);

const g = new Headers({ b: "1", a: "2" });
const it = g[Symbol.iterator]();
t("iterator tag", () => Object.prototype.toString.call(it));
console.log(it);
t("live iteration", () => {
  const keys = g.keys();
  g.append("c", "3");
  return [...keys];
});
t("delete while iterating", () => {
  const keys = g.keys();
  keys.next();
  g.delete("a");
  return [...keys];
});

// Guards: Response.error() and Response.redirect() headers are immutable.
t("immutable append", () => Response.error().headers.append("a", "b"));
t("immutable set", () => Response.redirect("http://x/").headers.set("a", "b"));
t("immutable delete", () => Response.redirect("http://x/").headers.delete("location"));
t("immutable read", () => [...Response.redirect("http://x/").headers]);
// request and response guards keep every header, as Deno does.
t("request guard", () => new Request("http://x/", { headers: { "content-length": "5", host: "x", cookie: "c" } }).headers);
t("response guard", () => new Response("", { headers: { "set-cookie": "a", "set-cookie2": "b" } }).headers);
const req = new Request("http://x/");
req.headers.append("x-later", "1");
t("request mutable", () => [...req.headers]);
// Caching: a mutable Headers recomputes after each change.
const m = new Headers({ b: "1" });
t("before", () => [...m]);
m.append("a", "0");
t("after append", () => [...m]);
m.set("b", "2");
t("after set", () => [...m]);
t("enumerable", () => Object.keys(Headers.prototype));
