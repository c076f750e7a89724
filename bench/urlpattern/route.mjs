// URLPattern as a router uses it: a table of five pathname patterns, each URL
// tried in order until one matches (one URL of four matches none), and the
// construction of patterns. Prints ns per routed URL and per constructed pattern.
if (typeof URLPattern !== "function") {
  console.log("route: unsupported");
} else {
  const table = ["/books/:id", "/books/:id/chapters/:c(\\d+)", "/files/*", "/users/:u{/posts/:p}?",
    "/api/:v(v1|v2)/:rest*"].map((pathname) => new URLPattern({ pathname }));
  const urls = ["https://example.com/books/123", "https://example.com/files/a/b.txt",
    "https://example.com/users/ann/posts/2", "https://example.com/nothing/here"];
  const route = (url) => {
    for (const pattern of table) {
      const match = pattern.exec(url);
      if (match) return match.pathname.groups;
    }
    return null;
  };
  const rounds = 50_000;
  let found = 0;
  for (let i = 0; i < 5_000; i++) for (const url of urls) if (route(url)) found++;  // warm up
  let start = performance.now();
  for (let i = 0; i < rounds; i++) for (const url of urls) if (route(url)) found++;
  const routeNs = (performance.now() - start) * 1e6 / (rounds * urls.length);
  const patterns = 5_000;
  start = performance.now();
  for (let i = 0; i < patterns; i++) found += new URLPattern({ pathname: `/x/:id(\\d+)/${i}` }).hasRegExpGroups ? 1 : 0;
  const constructNs = (performance.now() - start) * 1e6 / patterns;
  console.log(`route: ${routeNs.toFixed(0)} ns/url`);
  console.log(`construct: ${constructNs.toFixed(0)} ns/pattern`);
  if (found !== 5_000 * 3 + rounds * 3 + patterns) throw new Error(`wrong answers: ${found}`);
}
