import { assert, assertEquals, assertThrows } from "./assert.ts";

Deno.test("URL resolves relative references", () => {
  const base = "http://user:pass@example.com:8080/a/b/c?q=1#f";
  assertEquals(new URL("../d", base).href, "http://user:pass@example.com:8080/a/d");
  assertEquals(new URL("//other.org/x", base).href, "http://other.org/x");
  assertEquals(new URL("?z", base).href, "http://user:pass@example.com:8080/a/b/c?z");
});

Deno.test("URL normalises hosts", async (t) => {
  await t.step("IPv4 in every form", () => {
    assertEquals(new URL("http://0x7f.1/").host, "127.0.0.1");
    assertEquals(new URL("http://2130706433/").host, "127.0.0.1");
  });
  await t.step("IPv6", () => assertEquals(new URL("http://[0:0:0:0:0:0:0:1]/").host, "[::1]"));
  await t.step("IDNA", () => assertEquals(new URL("http://bücher.example/").hostname, "xn--bcher-kva.example"));
  await t.step("default ports drop", () => assertEquals(new URL("https://a.test:443/").port, ""));
});

Deno.test("URL setters and searchParams stay linked", () => {
  const url = new URL("https://example.com/path?a=1");
  url.searchParams.append("b", "two words");
  assertEquals(url.search, "?a=1&b=two+words");
  url.search = "?c=3";
  assertEquals([...url.searchParams], [["c", "3"]]);
  url.pathname = "/x y";
  assertEquals(url.pathname, "/x%20y");
  url.protocol = "ftp";  // special to special is allowed
  assertEquals(url.protocol, "ftp:");
});

Deno.test("invalid URLs", () => {
  assertThrows(() => new URL("not a url"), TypeError, "Invalid URL");
  assert(!URL.canParse("http://[::1"));
  assertEquals(URL.parse("nope"), null);
});
