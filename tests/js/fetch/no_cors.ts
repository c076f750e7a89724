// The request-no-cors guard, written from the Fetch Standard: only the
// CORS-safelisted request-headers are kept (Deno 2.9.6 keeps every header).
const r = new Request("http://x/", { mode: "no-cors" });
const h = r.headers;
h.append("x-custom", "dropped");
h.append("accept", "text/html");
h.append("content-type", "text/plain;charset=UTF-8");
h.set("content-language", "en");
h.append("accept-language", "de\n");
h.append("accept", "a".repeat(130));
h.set("content-type", "application/json");
console.log([...h]);
h.delete("x-anything");
h.delete("accept");
console.log([...h], r.mode);
try {
  new Request("http://x/", { mode: "no-cors", method: "PUT" });
} catch (e) {
  console.log(`${e.constructor.name}: ${e.message}`);
}
const copied = new Request("http://x/", { mode: "no-cors", headers: { "x-a": "1", accept: "b" } });
console.log([...copied.headers]);
