// console.log and Deno.inspect of URL, URLSearchParams and their iterators.
const url = new URL("https://user:pw@example.com:8080/a/b?x=1&y=2#h");
console.log(url);
console.log(url.searchParams);
console.log(new URLSearchParams());
console.log({ url, list: [new URLSearchParams("a=1&b='x'&c=\"")] });
console.log(Deno.inspect(new URL("file:///tmp/a%20b.txt")));
console.log(Deno.inspect([new URL("blob:https://a.com/x")], { depth: 1 }));
class MyURL extends URL {}
class MyParams extends URLSearchParams {}
console.log(new MyURL("http://a"), new MyParams("q=1"));
const many = new URLSearchParams();
for (let i = 0; i < 6; i++) many.append(`key${i}`, `value number ${i}`);
console.log(many);
console.log(many.keys());
console.log(new URLSearchParams("a=1&b=2").entries());
const it = new URLSearchParams("a=1&b=2").values();
it.next();
console.log(it, it.next(), it.next());
console.log(`${url}`, JSON.stringify({ url }), String(url.searchParams));
console.log(Object.prototype.toString.call(url), Object.prototype.toString.call(url.searchParams),
  Object.prototype.toString.call(url.searchParams.keys()));
console.log(Object.keys(url), Object.keys(url.searchParams));
