import { assertEquals, assertThrows } from "./assert.ts";

Deno.test("Headers: invalid names, values and inits are TypeErrors", () => {
  const fails = (f: () => unknown, message: string) => assertThrows(f, TypeError, message);
  const init = "Failed to construct 'Headers': Argument 1";
  fails(() => new Headers([["a"]] as any), "Invalid header: length must be 2, but is 1");
  fails(() => new Headers([["a", "b", "c"]] as any), "Invalid header: length must be 2, but is 3");
  fails(() => new Headers({ "a b": "x" }), 'Invalid header name: "a b"');
  fails(() => new Headers({ a: "x\ny" }), 'Invalid header value: "x\ny"');
  const notInit = `${init} The provided value is not of type '(sequence<sequence<ByteString>> or record<ByteString, ByteString>)'`;
  fails(() => new Headers(5 as any), notInit);
  fails(() => new Headers("abc" as any), notInit);
  fails(() => new Headers().get("a b"), 'Invalid header name: "a b"');
  fails(() => new Headers().append("", "x"), 'Invalid header name: ""');
  fails(() => new Headers().has("é"), 'Invalid header name: "é"');
  fails(() => new Headers().set("a", "é\u0100"), "Failed to execute 'set' on 'Headers': Argument 2 is not a valid ByteString");
  fails(() => new Headers({ a: "\u0100" }), `${init} is not a valid ByteString`);
  fails(() => new Headers([["a\u0100", "x"]]), `${init}, index 0, index 0 is not a valid ByteString`);
  fails(() => new Headers().delete("(x)"), 'Invalid header name: "(x)"');
  fails(() => (new Headers() as any).get(), "Failed to execute 'get' on 'Headers': 1 argument required, but only 0 present");
  fails(() => Headers.prototype.get.call({}, "a"), "Illegal invocation");
  fails(() => (Headers as any)(), "Class constructor Headers cannot be invoked without 'new'");
  fails(() => new Headers([5] as any), `${init}, index 0 can not be converted to sequence.`);
  fails(() => new Headers().forEach(5 as any), 'The "callback" argument must be of type function. Received number');
});

Deno.test("Headers: values are trimmed, names case-insensitive, inits converted", () => {
  assertEquals(new Headers({ a: "  x  \t" }).get("a"), "x");
  assertEquals(new Headers([["a", "1"], ["A", "2"]]).get("a"), "1, 2");
  assertEquals(new Headers({ a: undefined } as any).get("a"), "undefined");
  assertEquals(new Headers({ a: 5 } as any).get("a"), "5");
  assertEquals(new Headers([["a", "1"]].values() as any).get("a"), "1");
  assertEquals(new Headers(new Headers({ a: "1" })).get("a"), "1");
});

Deno.test("Headers: sorted and combined iteration, set-cookie apart", () => {
  const h = new Headers([["a", "1"], ["set-cookie", "s1"], ["X-B", "2"], ["set-cookie", "s2"], ["A", "3"]]);
  assertEquals([...h], [["a", "1, 3"], ["set-cookie", "s1"], ["set-cookie", "s2"], ["x-b", "2"]]);
  assertEquals([...h.keys()], ["a", "set-cookie", "set-cookie", "x-b"]);
  assertEquals([...h.values()], ["1, 3", "s1", "s2", "2"]);
  assertEquals(h.get("set-cookie"), "s1, s2");
  assertEquals(h.getSetCookie(), ["s1", "s2"]);
  assertEquals(new Headers().getSetCookie(), []);
  assertEquals([h.has("x-b"), h.has("X-B"), h.has("c")], [true, true, false]);
  h.set("a", "only");
  assertEquals([...h], [["a", "only"], ["set-cookie", "s1"], ["set-cookie", "s2"], ["x-b", "2"]]);
  h.delete("set-cookie");
  assertEquals([...h], [["a", "only"], ["x-b", "2"]]);
  const seen: unknown[] = [];
  h.forEach(function (this: unknown, v, k, p) {
    seen.push([k, v, p === h, this]);
  }, "self");
  assertEquals(seen, [["a", "only", true, "self"], ["x-b", "2", true, "self"]]);
});

Deno.test("Headers iterators are live", () => {
  const g = new Headers({ b: "1", a: "2" });
  assertEquals(Object.prototype.toString.call(g[Symbol.iterator]()), "[object Headers Iterator]");
  const keys = g.keys();
  g.append("c", "3");
  assertEquals([...keys], ["a", "b", "c"]);
  const rest = g.keys();
  rest.next();
  g.delete("a");
  assertEquals([...rest], ["c"]);
});

Deno.test("Headers guards: immutable, request and response", () => {
  assertThrows(() => Response.error().headers.append("a", "b"), TypeError, "Cannot change header: headers are immutable");
  assertThrows(() => Response.redirect("http://x/").headers.set("a", "b"), TypeError, "Cannot change headers: headers are immutable");
  assertThrows(() => Response.redirect("http://x/").headers.delete("location"), TypeError, "Cannot change headers: headers are immutable");
  assertEquals([...Response.redirect("http://x/").headers], [["location", "http://x/"]]);
  // request and response guards keep every header, as Deno does.
  const request = new Request("http://x/", { headers: { "content-length": "5", host: "x", cookie: "c" } });
  assertEquals([...request.headers], [["content-length", "5"], ["cookie", "c"], ["host", "x"]]);
  const response = new Response("", { headers: { "set-cookie": "a", "set-cookie2": "b" } });
  assertEquals([...response.headers], [["content-type", "text/plain;charset=UTF-8"], ["set-cookie", "a"], ["set-cookie2", "b"]]);
  const req = new Request("http://x/");
  req.headers.append("x-later", "1");
  assertEquals([...req.headers], [["x-later", "1"]]);
});

Deno.test("Headers: a mutable list is sorted again after each change", () => {
  const m = new Headers({ b: "1" });
  assertEquals([...m], [["b", "1"]]);
  m.append("a", "0");
  assertEquals([...m], [["a", "0"], ["b", "1"]]);
  m.set("b", "2");
  assertEquals([...m], [["a", "0"], ["b", "2"]]);
  assertEquals(Object.keys(Headers.prototype),
    ["append", "delete", "get", "getSetCookie", "has", "set", "entries", "keys", "values", "forEach"]);
});
