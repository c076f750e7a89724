// A Response's Headers object is made only when .headers is read, over the
// response's own header list: what the program reads, changes, clones and
// serves must be the same list whenever the Headers object came to exist.
const r = new Response("ok");
const h = r.headers;
console.log(h === r.headers, [...h]);
h.set("x-late", "1");
console.log(r.headers.get("x-late"), [...r.clone().headers]);

// Headers given in init, with and without their own content-type.
console.log([...new Response("a", { headers: { "Content-Type": "a/b", "X-A": " 1 " } }).headers]);
console.log([...new Response("a", { headers: [["x-b", "2"]], status: 201 }).headers]);
console.log([...new Response(null, { headers: new Headers({ "x-c": "3" }) }).headers]);
console.log([...new Response(new Uint8Array(1)).headers], [...new Response().headers]);
for (const bad of [{ "a b": "c" }, { a: "x\ny" }, [["a"]], 5]) {
  try {
    new Response("x", { headers: bad });
  } catch (e) {
    console.log(e.constructor.name, e.message);
  }
}

// A clone made before the headers were read keeps its own list.
const original = new Response("o");
const copy = original.clone();
original.headers.append("x-original", "1");
copy.headers.append("x-copy", "1");
console.log([...original.headers], [...copy.headers]);

// Guards: immutable for error/redirect (also through a clone), mutable for json.
for (const make of [() => Response.error(), () => Response.redirect("http://x/", 307), () => Response.redirect("http://x/").clone()]) {
  try {
    make().headers.set("a", "b");
  } catch (e) {
    console.log(e.constructor.name, e.message);
  }
}
const json = Response.json({ a: 1 }, { headers: { "x-j": "j" } });
json.headers.delete("content-type");
console.log([...json.headers], await (await json.blob()).type === "");

// The server writes the headers as the handler left them, read or not.
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
  const response = new Response(`path ${new URL(request.url).pathname}`);
  if (request.url.endsWith("/changed")) {
    response.headers.set("content-type", "text/x-changed");
    response.headers.append("x-added", "yes");
  }
  return response;
});
for (const path of ["/plain", "/changed"]) {
  const res = await fetch(`http://127.0.0.1:${server.addr.port}${path}`);
  console.log(res.status, res.headers.get("content-type"), res.headers.get("x-added"), await res.text());
}
await server.shutdown();
