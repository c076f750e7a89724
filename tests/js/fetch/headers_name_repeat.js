// The same header name asked for again and again (literal or built), in
// other cases, and invalid names between valid ones: every call gives the
// answer of the name it was given.
const h = new Headers({ "Accept": "a", "X-Foo": "b" });
for (const n of ["Accept", "Accept", "accept", "ACCEPT", "x-" + "foo", "X-FOO", "missing", "Accept"]) {
  console.log(n, h.get(n), h.has(n));
}
for (const n of ["", "bad name", "content-type", "", "Accept", "a:b", "accept"]) {
  try {
    console.log(JSON.stringify(n), h.get(n));
  } catch (e) {
    console.log(JSON.stringify(n), e.constructor.name);
  }
}
h.set("Content-Type", "text/plain");
h.append("content-type", "text/html");
console.log(h.get("content-type"), h.has("Content-Type"));
h.delete("CONTENT-TYPE");
console.log(h.get("content-type"), h.has("content-type"), [...h]);
