// Invalid input: Deno's TypeErrors for URL and URLSearchParams.
const attempt = (f: () => unknown) => {
  try {
    console.log("ok", f());
  } catch (e) {
    console.log(`${(e as Error).name}: ${(e as Error).message}`);
  }
};
attempt(() => new URL("x"));
attempt(() => new URL(""));
attempt(() => new URL("x", "y"));
attempt(() => new URL("/x", "http://["));
attempt(() => new URL("http://exa mple.com"));
attempt(() => new URL("http://[::1"));
attempt(() => new URL("http://1.2.3.4.5"));
attempt(() => new URL("http://999.1.1.1"));
attempt(() => new URL("http://a:99999"));
attempt(() => new URL("http://xn--a.com/"));
attempt(() => new URL("https://\u200D.example/"));
attempt(() => new URL("http://user@/"));
attempt(() => new URL("file://a:1/"));
attempt(() => new (URL as any)());
attempt(() => (URL as any)("http://a"));
attempt(() => new URL(Symbol() as any));
attempt(() => new URL({ toString() { return "http://from-object/"; } } as any).href);
attempt(() => new URL("http://a", undefined).href);
attempt(() => new URL("/p", null as any));
attempt(() => Object.getOwnPropertyDescriptor(URL.prototype, "href")!.get!.call({}));
attempt(() => URL.prototype.toString.call(new URLSearchParams()));
attempt(() => (URL as any).canParse());
attempt(() => (URL as any).parse());
attempt(() => [URL.canParse("x"), URL.canParse("/x", "http://a"), URL.parse("nope"), URL.parse("/p", "http://a")?.href]);
attempt(() => {
  const u = new URL("http://a/");
  u.href = "bad";
});
attempt(() => {
  const u = new URL("http://a/");
  u.port = "99999";
  u.host = "exa mple";
  u.protocol = "1x";
  u.hostname = "";
  return u.href;
});
attempt(() => new URLSearchParams([["a"]] as any));
attempt(() => new URLSearchParams([1] as any));
attempt(() => new URLSearchParams({ a: Symbol() } as any));
attempt(() => (new URLSearchParams() as any).append("a"));
attempt(() => (new URLSearchParams() as any).get());
attempt(() => (new URLSearchParams() as any).set("a"));
attempt(() => (new URLSearchParams() as any).forEach());
attempt(() => URLSearchParams.prototype.get.call({}, "a"));
attempt(() => (URLSearchParams as any)("a=1"));
// Lone surrogates become U+FFFD (USVString), in URLs and in messages.
attempt(() => new URL("http://a/\uD800?\uDC00#\uD800").href);
attempt(() => new URL("\uD800"));
attempt(() => {
  const u = new URL("http://a/");
  u.pathname = "\uDC00";
  return u.pathname;
});
