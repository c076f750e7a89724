// Results longer than V8's maximum string length (2^29 - 24 code units, in
// V8 10.2 as in Deno's V8) throw an error the program can catch, and the
// process goes on; btoa and the URL ops used to die on V8's fatal "Empty
// MaybeLocal". Expected output from Deno 2.9.6 but for btoa, where Deno says
// "DOMException: Cannot encode string: string contains characters outside of
// the Latin1 range" (any failure of its op becomes that message); ours names
// the real cause in the words Deno's other ops use.
const maxLength = 2 ** 29 - 24;
const show = (name, f) => {
  try {
    console.log(name, "returned", typeof f());
  } catch (e) {
    console.log(name, "threw", `${e.constructor.name}: ${e.message}`);
  }
};
// Base64 makes four characters of three.
show("btoa", () => btoa("a".repeat(Math.ceil(maxLength / 4) * 3 + 3)));
// Percent-encoding makes three characters of one: a path's '"' is %22.
show("URL", () => new URL("http://a/" + '"'.repeat(Math.ceil(maxLength / 3) + 1)));
const bytes = new Uint8Array(maxLength + 1).fill(97);
show("TextDecoder utf-8", () => new TextDecoder().decode(bytes));
show("TextDecoder windows-1252", () => new TextDecoder("latin1").decode(bytes));
// Deno words this one as V8 14 does ("string too long"); the class is the same.
try {
  await new Response(bytes).text();
} catch (e) {
  console.log("Response text threw", e.constructor.name);
}
show("a small btoa after them", () => btoa("ok"));
