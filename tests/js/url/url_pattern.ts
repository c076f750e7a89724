// URLPattern as programs written for Deno use it: routing tables, groups,
// base URLs, options, the component strings, errors and how it prints.
const routes = [
  { pattern: new URLPattern({ pathname: "/books/:id" }), name: "book" },
  { pattern: new URLPattern({ pathname: "/books/:id/chapters/:chapter(\\d+)" }), name: "chapter" },
  { pattern: new URLPattern({ pathname: "/files/*" }), name: "file" },
  { pattern: new URLPattern({ pathname: "/users/:user{/posts/:post}?" }), name: "user" },
  { pattern: new URLPattern({ pathname: "/api/:version(v1|v2)/:rest*" }), name: "api" },
  { pattern: new URLPattern("https://{:sub.}?example.com/:lang(en|fr)?/about"), name: "about" },
];
function route(url: string) {
  for (const { pattern, name } of routes) {
    const match = pattern.exec(url);
    if (match) return `${name} ${JSON.stringify(match.pathname.groups)} ${JSON.stringify(match.hostname.groups)}`;
  }
  return "404";
}
for (const url of [
  "https://example.com/books/123",
  "http://localhost:8000/books/a%20b",
  "https://example.com/books/123/",
  "https://example.com/books/1/chapters/7",
  "https://example.com/books/1/chapters/seven",
  "https://example.com/files/a/b/c.txt",
  "https://example.com/users/ann",
  "https://example.com/users/ann/posts/42",
  "https://example.com/api/v2/a/b",
  "https://example.com/api/v3/a",
  "https://example.com/about",
  "https://www.example.com/fr/about",
  "not a url",
]) {
  console.log(url, "->", route(url));
}

// The example from Deno's manual.
const book = new URLPattern({ pathname: "/books/:id" });
console.log(book.exec("https://example.com/books/123")?.pathname.groups.id);
console.log(book.test("https://example.com/books/123"), book.test("https://example.com/movies/123"));

// The whole result, with a base URL, and with an init dictionary.
console.log(book.exec("/books/9?x#y", "https://example.com"));
console.log(book.exec({ pathname: "/books/9", hostname: "EXAMPLE.com", search: "a b" }));
console.log(book.exec({ pathname: "books/9", baseURL: "https://example.com/x/" }));

// Component strings, normalised; default ports; base URL inheritance.
const full = new URLPattern("https://user:pass@example.com:443/a/:b/*?q=:q#h");
console.log(full.protocol, full.username, full.password, full.hostname, full.port, full.pathname, full.search,
  full.hash, full.hasRegExpGroups);
const based = new URLPattern("/x/(\\d+)", "http://example.com:8080/base?s#h");
console.log(based.protocol, based.hostname, based.port, based.pathname, based.search, based.hash,
  based.hasRegExpGroups);
console.log(new URLPattern({ pathname: "/café/{:a}?/(.*)" }).pathname);
console.log(new URLPattern({ hostname: "{*.}?Example.COM", port: "080" }).hostname);
console.log(new URLPattern({ protocol: "http{s}?:", search: "?q", hash: "#h" }).protocol);
console.log(new URLPattern({ protocol: "data", pathname: "text/plain,:rest*" }).exec("data:text/plain,hi"));

// ignoreCase.
console.log(new URLPattern({ pathname: "/ABC" }, { ignoreCase: true }).test({ pathname: "/abc" }));
console.log(new URLPattern("/ABC", "https://a.com", { ignoreCase: true }).test("https://a.com/abc"));
console.log(new URLPattern({ pathname: "/ABC" }).test({ pathname: "/abc" }));

// Errors.
const attempts: unknown[][] = [
  ["("],
  ["/relative"],
  [{ pathname: "/:a/:a" }],
  [{ pathname: "/(a" }],
  [{ pathname: "/ü/(a(b))" }],
  [{ pathname: "/x\\" }],
  [{ pathname: "/[:slug]" }],
  [{ pathname: "/{a" }],
  [{ pathname: "/a++" }],
  [{ pathname: "/([)" }],
  [{ pathname: "/([a]])" }],
  [{ pathname: "/:a", hash: "(" }],
  [{ protocol: "1http" }],
  [{ hostname: "a b" }],
  [{ hostname: "\\[\\:\\:g\\]" }],
  [{ port: "99999" }],
  [{ pathname: "/x", baseURL: "nope" }],
  [{}, "https://example.com"],
  ["https://example.com:99999/"],
  ["/x", 5],
  [{}, null, 5],
];
for (const args of attempts) {
  try {
    // deno-lint-ignore no-explicit-any
    new (URLPattern as any)(...args);
    console.log("constructed", args);
  } catch (e) {
    console.log(`${(e as Error).name}: ${(e as Error).message}`);
  }
}
const failing = [
  () => book.exec(),
  () => book.test({}, "https://example.com"),
  () => URLPattern.prototype.exec.call({}, "https://a.com"),
  () => Object.getOwnPropertyDescriptor(URLPattern.prototype, "pathname")!.get!.call({}),
  // deno-lint-ignore no-explicit-any
  () => (URLPattern as any)(),
  () => new URLPattern({ pathname: Symbol() as unknown as string }),
];
for (const f of failing) {
  try {
    console.log("no error", f());
  } catch (e) {
    console.log(`${(e as Error).name}: ${(e as Error).message}`);
  }
}
console.log(book.exec("https://a.com/books/1", "not a base"), book.exec({ protocol: "1x" }), book.test(42));

// How it prints.
console.log(book);
console.log([new URLPattern("https://example.com/:x")]);
console.log(Deno.inspect(new URLPattern({ hash: "h" }), { depth: 0 }));
console.log(Object.prototype.toString.call(book), String(book));
console.log(Object.getOwnPropertyNames(URLPattern.prototype));
console.log(Object.keys(book), JSON.stringify(book));
console.log(URLPattern.prototype);
class Route extends URLPattern {}
console.log(new Route({ pathname: "/x" }), new Route({ pathname: "/x/:y" }).exec({ pathname: "/x/1" })?.pathname);
console.log(new URLPattern({ pathname: "/\uD800x" }).pathname, new URLPattern(undefined, "http://x/").pathname);
const date = Object.assign(new Date(0), { pathname: "/from-a-date" });
console.log(new URLPattern(date).pathname, new URLPattern({ pathname: "/:a?" }).exec({ pathname: "" })?.pathname);

// Where Deno's crate and the standard part ways: paths of other protocols,
// an empty protocol, tabs and newlines.
const show = (init: URLPatternInit, input: URLPatternInit) => {
  const pattern = new URLPattern(init);
  return JSON.stringify([pattern.pathname, pattern.test(input), pattern.exec(input)?.pathname.input ?? null]);
};
console.log(show({ protocol: "foo", pathname: "/:a" }, { protocol: "foo", pathname: "/x/y" }));
console.log(show({ protocol: "foo", pathname: "/a b/../c" }, { protocol: "foo", pathname: "/a b/../c" }));
console.log(show({ protocol: "foo", pathname: "*/x y" }, { protocol: "foo", pathname: "a/x y" }));
console.log(show({ protocol: "foo", pathname: "a\\?b" }, { protocol: "foo", pathname: "a?b" }));
console.log(show({ protocol: "", pathname: "a<b" }, { pathname: "a<b" }));
console.log(show({ pathname: "/\t*" }, { pathname: "/x" }), show({ pathname: "/:a\tb" }, { pathname: "/xb" }));
console.log(show({ username: "\t:a\t", pathname: "/\\\t" }, { username: "a\tb", pathname: "/\t" }));
console.log(new URLPattern("http:\t//h/x").hostname, new URLPattern({ port: "8\t0" }).port);
console.log(URLPattern.length, URLPattern.prototype.test.length, URLPattern.prototype.exec.length);
// A base URL that is no URL, in rust-url's words.
for (const baseURL of ["bad", "http://", "http://h:99999", "http://h:x", "http://[::1", "http://a b", "https://1.2.3.999"]) {
  try {
    new URLPattern({ pathname: "/x", baseURL });
  } catch (e) {
    console.log(JSON.stringify(baseURL), (e as Error).message);
  }
}
