// Invalid input: Deno's TypeErrors for URL and URLSearchParams.
import { Shown } from "../shown.ts";

Deno.test("Invalid input: Deno's TypeErrors for URL and URLSearchParams", async () => {
  const shown = new Shown();
  const attempt = (f: () => unknown) => {
    try {
      shown.at(1, ["ok", f()], ["ok", "http://from-object/"], ["ok", "http://a/"], ["ok", [false, true, null, "http://a/p"]], ["ok", "http://a/"], ["ok", "http://a/%EF%BF%BD?%EF%BF%BD#%EF%BF%BD"], ["ok", "/%EF%BF%BD"]);
    } catch (e) {
      shown.at(2, [`${(e as Error).name}: ${(e as Error).message}`], ["TypeError: Invalid URL: 'x'"], ["TypeError: Invalid URL: ''"], ["TypeError: Invalid URL: 'x' with base 'y'"], ["TypeError: Invalid URL: '/x' with base 'http://['"], ["TypeError: Invalid URL: 'http://exa mple.com'"], ["TypeError: Invalid URL: 'http://[::1'"], ["TypeError: Invalid URL: 'http://1.2.3.4.5'"], ["TypeError: Invalid URL: 'http://999.1.1.1'"], ["TypeError: Invalid URL: 'http://a:99999'"], ["TypeError: Invalid URL: 'http://xn--a.com/'"], ["TypeError: Invalid URL: 'https://‍.example/'"], ["TypeError: Invalid URL: 'http://user@/'"], ["TypeError: Invalid URL: 'file://a:1/'"], ["TypeError: Failed to construct 'URL': 1 argument required, but only 0 present"], ["TypeError: Class constructor URL cannot be invoked without 'new'"], ["TypeError: Cannot convert a Symbol value to a string"], ["TypeError: Invalid URL: '/p' with base 'null'"], ["TypeError: Illegal invocation"], ["TypeError: Illegal invocation"], ["TypeError: Failed to execute 'URL.canParse': 1 argument required, but only 0 present"], ["TypeError: Failed to execute 'URL.parse': 1 argument required, but only 0 present"], ["TypeError: Invalid URL: 'bad'"], ["TypeError: Each query pair must be an iterable [name, value] tuple"], ["TypeError: Each query pair must be an iterable [name, value] tuple"], ["TypeError: Cannot convert a Symbol value to a string"], ["TypeError: The \"name\" and \"value\" arguments must be specified"], ["TypeError: The \"name\" argument must be specified"], ["TypeError: The \"name\" and \"value\" arguments must be specified"], ["TypeError: The \"callback\" argument must be of type function. Received undefined"], ["TypeError: Value of \"this\" must be of type URLSearchParams"], ["TypeError: Class constructor URLSearchParams cannot be invoked without 'new'"], ["TypeError: Invalid URL: '\ud800'"]);
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
  shown.done([2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 2, 2, 2, 2, 2, 1, 2, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 1]);
});
