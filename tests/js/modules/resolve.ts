// import.meta.resolve: WHATWG URL resolution against this module's URL; any
// scheme resolves (loading is another matter), bare specifiers are errors.
const here = import.meta.url.slice(0, import.meta.url.lastIndexOf("/"));
for (
  const s of [
    "./a b.ts", "./x.ts?q=1#h", "../../../../../../../../../../x.ts", "./%41.ts", "./é.ts", "file:///a/./b/../c.ts",
    "FILE:///A/%2e%2E/b.ts", "https://EXAMPLE.com/a/../b.ts", "HTTPS://example.com:443/x", "//host/x.ts",
    "/abs/../y.ts", "npm:chalk", "jsr:@std/path", "node:fs", "data:text/javascript,1", "blob:abc", "chalk",
    "ftp://x/y", "./a#b/../c", "?q", "#h", "", ".", "..", "./", "file://localhost/etc/x",
  ]
) {
  try {
    console.log(JSON.stringify(s), import.meta.resolve(s).replace(here, "<dir>"));
  } catch (e) {
    console.log(JSON.stringify(s), String(e));
  }
}
// Data URLs are URLs: the fragment is not part of the body.
const m = await import("data:text/javascript,export default 1 + 1;#fragment 'not code");
console.log(m.default);
// Arguments that are not strings: a Symbol is refused in Deno's words, an
// object's own toString() error comes through, other values are stringified.
for (const bad of [Symbol("x"), { toString() { throw new RangeError("no string"); } }, 42, undefined]) {
  try {
    console.log(typeof bad, import.meta.resolve(bad as never).replace(here, "<dir>"));
  } catch (e) {
    console.log(typeof bad, String(e));
  }
}
