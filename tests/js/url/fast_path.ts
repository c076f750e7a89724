// URLs of the shapes the parser's fast path takes (url_fast_path.h), and
// near misses it leaves to the state machine, through the whole URL API.
const inputs = [
  "https://user:pw@example.com:8080/a/b/../c?q=1&r=2#frag",
  "https://example.com/a/b?x=1",
  "http://example.com",
  "https://example.com:443/",
  "ws://127.0.0.1:9000/socket",
  "ftp://:pw@files.example/x/./y/..",
  "https://a@b@example.com/ é/ÿ?ü#\u00a0",
  "https://example.com/\u20ac?\ud800",
  "file:///tmp/dir/x.ts",
  "file:///a/./b/../c d?q'#f",
  "file:///C:/x",
  "file:////x",
  "HTTPS://Example.COM/a/%2e/b",
  "http://0x7f.1/",
  "http://1.2.3.4./",
  "http://xn--bcher-kva.de/",
  "http://b\u00fccher.de/",
  "https://example.com\\a\\b",
  "https://exa\tmple.com/\n",
  "  https://example.com/  ",
  "https://example.com:65536/",
  "https://user@/",
];

function show(u: URL | null) {
  if (u === null) return "null";
  return JSON.stringify([u.href, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname,
    u.search, u.hash, u.origin]);
}

for (const input of inputs) {
  let constructed;
  try {
    constructed = show(new URL(input));
  } catch (e) {
    constructed = `${(e as Error).name}: ${(e as Error).message}`;
  }
  console.log(constructed);
  console.log(" parse:", show(URL.parse(input)) === constructed || constructed.startsWith("TypeError"),
    "canParse:", URL.canParse(input), "with base:", URL.canParse(input, "https://base.example/"),
    "href kept:", URL.canParse(input) && new URL(input).href === input);
}

// The input kept as the href is the caller's string, whatever it was made from.
const joined = ["https://example.com", "/a/b"].join("");
console.log(new URL(joined).href, new URL(new String("https://example.com/s") as string).href);
const u = new URL("https://example.com/a");
u.href = "https://example.com/b?c";
u.pathname = "/d/../e";
console.log(u.href, u.search, new URL("x", "file:///tmp/dir/").href);
try {
  new URL("https://example.com/", "not a url");
} catch (e) {
  console.log((e as Error).message);
}
