// URLSearchParams: constructors, methods, the urlencoded format, iteration,
// and the link with its URL both ways.
import { Shown } from "../shown.ts";

Deno.test("URLSearchParams: constructors, methods, the urlencoded format, iteration, and the link with its URL both ways", async () => {
  const shown = new Shown();
  const show = (p: URLSearchParams) => shown.at(1, [JSON.stringify([...p]), p.toString(), p.size], ["[[\"a\",\"1\"],[\"b\",\"2\"],[\"a\",\"3\"]]", "a=1&b=2&a=3", 3], ["[[\"a\",\"b=c\"],[\"\",\"x\"],[\"y\",\"\"],[\"   \",\"+%zz\"],[\"é\",\"€\"],[\"bad\",\"��\"]]", "a=b%3Dc&=x&y=&+++=%2B%25zz&%C3%A9=%E2%82%AC&bad=%EF%BF%BD%EF%BF%BD", 6], ["[[\"one\",\"1\"],[\"two\",\"2\"],[\"é\",\"ü\"]]", "one=1&two=2&%C3%A9=%C3%BC", 3], ["[[\"x\",\"1\"],[\"x\",\"2\"],[\"k\",\"v\"]]", "x=1&x=2&k=v", 3], ["[[\"q\",\"copy\"]]", "q=copy", 1], ["[[\"m\",\"1\"]]", "m=1", 1], ["[]", "", 0], ["[]", "", 0], ["[[\"�\",\"�x\"]]", "%EF%BF%BD=%EF%BF%BDx", 1]);
  show(new URLSearchParams("?a=1&b=2&a=3"));
  show(new URLSearchParams("a=b=c&&=x&y&+%20+=%2B%zz&%C3%A9=%E2%82%AC&bad=%FF%FE"));
  show(new URLSearchParams({ one: "1", two: 2 as any, "é": "ü" }));
  show(new URLSearchParams([["x", "1"], ["x", "2"], new Set(["k", "v"])] as any));
  show(new URLSearchParams(new URLSearchParams("q=copy")));
  show(new URLSearchParams(new Map([["m", "1"]])));
  show(new URLSearchParams(undefined));
  show(new URLSearchParams(""));
  show(new URLSearchParams("\uD800=\uDC00x"));
  shown.at(2, [new URLSearchParams([["sp ace", "a+b&c=d/é*-._~!'()"]]).toString()], ["sp+ace=a%2Bb%26c%3Dd%2F%C3%A9*-._%7E%21%27%28%29"]);

  const p = new URLSearchParams("a=1&b=2&a=3&c=4");
  shown.at(3, [p.get("a"), p.get("z"), p.getAll("a"), p.has("a"), p.has("a", "3"), p.has("a", "9")], ["1", null, ["1", "3"], true, true, false]);
  p.append("d", "5");
  p.set("a", "x");
  shown.at(4, [p.toString()], ["a=x&b=2&c=4&d=5"]);
  p.delete("c", "nope");
  p.delete("d", "5");
  shown.at(5, [p.toString()], ["a=x&b=2&c=4"]);
  p.delete("b");
  shown.at(6, [p.toString(), p.size], ["a=x&c=4", 2]);
  const s = new URLSearchParams("z=1&b=2&a=3&b=1&\uFB03=x&\uD83C\uDF08=y&a=0");
  s.sort();
  shown.at(7, [s.toString()], ["a=3&a=0&b=2&b=1&z=1&%F0%9F%8C%88=y&%EF%AC%83=x"]);
  const seen: string[] = [];
  s.forEach(function (this: unknown, value, key, parent) {
    seen.push(`${key}=${value}:${parent === s}:${this}`);
  }, "self");
  shown.at(8, [seen.join(" ")], ["a=3:true:self a=0:true:self b=2:true:self b=1:true:self z=1:true:self 🌈=y:true:self ﬃ=x:true:self"]);
  shown.at(9, [[...s.keys()].join(), [...s.values()].join()], ["a,a,b,b,z,🌈,ﬃ", "3,0,2,1,1,y,x"]);
  // Iteration is live over the list.
  const live = new URLSearchParams("a=1&b=2&c=3");
  const order: string[] = [];
  for (const [k] of live) {
    order.push(k);
    if (k === "a") live.delete("b");
    if (k === "c") live.append("d", "4");
  }
  shown.at(10, [order.join()], ["a,c,d"]);

  // The URL and its searchParams.
  const url = new URL("https://example.com/path?q=1#frag");
  const params = url.searchParams;
  shown.at(11, [params === url.searchParams, params.get("q")], [true, "1"]);
  params.append("r", "a b");
  shown.at(12, [url.href, url.search], ["https://example.com/path?q=1&r=a+b#frag", "?q=1&r=a+b"]);
  url.search = "?x=%20y&z";
  shown.at(13, [JSON.stringify([...params]), url.href], ["[[\"x\",\" y\"],[\"z\",\"\"]]", "https://example.com/path?x=%20y&z#frag"]);
  url.search = "";
  shown.at(14, [params.size, url.href], [0, "https://example.com/path#frag"]);
  params.set("k", "v");
  shown.at(15, [url.href], ["https://example.com/path?k=v#frag"]);
  params.delete("k");
  shown.at(16, [url.href, url.search === ""], ["https://example.com/path#frag", true]);
  url.href = "http://other/?m=1&m=2";
  shown.at(17, [params.getAll("m")], [["1", "2"]]);
  url.hash = "";
  params.sort();
  shown.at(18, [url.href], ["http://other/?m=1&m=2"]);
  const opaque = new URL("data:text/plain,a b  ?q=1");
  opaque.searchParams.delete("q");
  shown.at(19, [JSON.stringify(opaque.href)], ["\"data:text/plain,a b\""]);
  const spaced = new URL("http://h/?a='b'");
  shown.at(20, [spaced.href, spaced.searchParams.get("a")], ["http://h/?a=%27b%27", "'b'"]);
  shown.done([1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
});
