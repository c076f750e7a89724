// URLSearchParams: constructors, methods, the urlencoded format, iteration,
// and the link with its URL both ways.
const show = (p: URLSearchParams) => console.log(JSON.stringify([...p]), p.toString(), p.size);
show(new URLSearchParams("?a=1&b=2&a=3"));
show(new URLSearchParams("a=b=c&&=x&y&+%20+=%2B%zz&%C3%A9=%E2%82%AC&bad=%FF%FE"));
show(new URLSearchParams({ one: "1", two: 2 as any, "é": "ü" }));
show(new URLSearchParams([["x", "1"], ["x", "2"], new Set(["k", "v"])] as any));
show(new URLSearchParams(new URLSearchParams("q=copy")));
show(new URLSearchParams(new Map([["m", "1"]])));
show(new URLSearchParams(undefined));
show(new URLSearchParams(""));
show(new URLSearchParams("\uD800=\uDC00x"));
console.log(new URLSearchParams([["sp ace", "a+b&c=d/é*-._~!'()"]]).toString());

const p = new URLSearchParams("a=1&b=2&a=3&c=4");
console.log(p.get("a"), p.get("z"), p.getAll("a"), p.has("a"), p.has("a", "3"), p.has("a", "9"));
p.append("d", "5");
p.set("a", "x");
console.log(p.toString());
p.delete("c", "nope");
p.delete("d", "5");
console.log(p.toString());
p.delete("b");
console.log(p.toString(), p.size);
const s = new URLSearchParams("z=1&b=2&a=3&b=1&\uFB03=x&\uD83C\uDF08=y&a=0");
s.sort();
console.log(s.toString());
const seen: string[] = [];
s.forEach(function (this: unknown, value, key, parent) {
  seen.push(`${key}=${value}:${parent === s}:${this}`);
}, "self");
console.log(seen.join(" "));
console.log([...s.keys()].join(), [...s.values()].join());
// Iteration is live over the list.
const live = new URLSearchParams("a=1&b=2&c=3");
const order: string[] = [];
for (const [k] of live) {
  order.push(k);
  if (k === "a") live.delete("b");
  if (k === "c") live.append("d", "4");
}
console.log(order.join());

// The URL and its searchParams.
const url = new URL("https://example.com/path?q=1#frag");
const params = url.searchParams;
console.log(params === url.searchParams, params.get("q"));
params.append("r", "a b");
console.log(url.href, url.search);
url.search = "?x=%20y&z";
console.log(JSON.stringify([...params]), url.href);
url.search = "";
console.log(params.size, url.href);
params.set("k", "v");
console.log(url.href);
params.delete("k");
console.log(url.href, url.search === "");
url.href = "http://other/?m=1&m=2";
console.log(params.getAll("m"));
url.hash = "";
params.sort();
console.log(url.href);
const opaque = new URL("data:text/plain,a b  ?q=1");
opaque.searchParams.delete("q");
console.log(JSON.stringify(opaque.href));
const spaced = new URL("http://h/?a='b'");
console.log(spaced.href, spaced.searchParams.get("a"));
