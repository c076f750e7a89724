// Fetch's "fill" checks each pair's length as it appends it, so an invalid
// name in an earlier pair is the error, as in the spec and Deno; conversion
// errors (ByteString) still come first, from the whole sequence.
const cases = [
  () => new Headers([["a b", "c"], ["d"]]),
  () => new Headers([["d"], ["a b", "c"]]),
  () => new Headers([["a", "b"], ["c", "d", "e"]]),
  () => new Headers([["a b", "c"], ["d", "\u0100"]]),
  () => new Response("x", { headers: [["a b", "c"], ["d"]] }),
  () => new Response("x", { headers: [["a", "1"], ["d"]] }),
  () => new Request("http://x/", { headers: [["a b", "c"], []] }),
  () => new Headers([["a", "1"], ["b", "2"]]).get("b"),
];
for (const f of cases) {
  try {
    console.log("ok", f() instanceof Headers ? "Headers" : typeof f());
  } catch (e) {
    console.log(`${e.constructor.name}: ${e.message}`);
  }
}
