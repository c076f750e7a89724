// How Headers and their iterators print (their behaviour: tests/js/unit/headers_test.ts).
const g = new Headers({ b: "1", a: "2" });
console.log(g[Symbol.iterator]());
console.log(new Request("http://x/", { headers: { "content-length": "5", host: "x", cookie: "c" } }).headers);
console.log(new Response("", { headers: { "set-cookie": "a", "set-cookie2": "b" } }).headers);
console.log(Object.keys(Headers.prototype));
