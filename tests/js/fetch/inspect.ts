// console.log of the fetch types, as Deno prints them.
const h = new Headers({ "X-B": "2", "a": "1", "set-cookie": "x=1" });
h.append("set-cookie", "y=2"); h.append("a", "3");
console.log(h);
console.log([...h]);
const req = new Request("http://example.com/a", { method: "post", body: "hi", headers: h });
console.log(req);
const res = new Response("hello", { status: 201, headers: { "x": "y" } });
console.log(res);
console.log(new Blob(["abc"], { type: "Text/Plain" }));
console.log(new File(["abc"], "f.txt", { type: "text/plain", lastModified: 5 }));
const fd = new FormData(); fd.append("a", "1"); fd.append("f", new Blob(["x"]), "b.bin");
console.log(fd);
console.log(new Headers());
console.log(Response.error());
console.log({h});
console.log([new Headers({a:"1"})]);
console.log(Object.prototype.toString.call(h), String(req), String(new Blob([])));
