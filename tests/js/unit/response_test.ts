import { assertEquals, assertThrows } from "./assert.ts";

Deno.test("Response: status and statusText are checked", () => {
  const range = (status: number) => `The status provided (${status}) is not equal to 101 and outside the range [200, 599]`;
  assertThrows(() => new Response("", { status: 99 }), RangeError, range(99));
  assertThrows(() => new Response("", { status: 600 }), RangeError, range(600));
  assertThrows(() => new Response("", { status: 1.5 }), RangeError, range(1));
  assertThrows(() => new Response("", { status: 204 }), TypeError, "Response with null body status cannot have body");
  assertEquals(new Response(null, { status: 204 }).status, 204);
  assertEquals(new Response(null, { status: 101 }).status, 101);
  assertThrows(() => new Response("", { statusText: "a\nb" }), TypeError, 'Invalid status text: "a\nb"');
  assertEquals(new Response("", { statusText: "é" }).statusText, "é");
  assertThrows(() => new Response("", { statusText: "\u0100" }), TypeError, "Value is not a valid ByteString");
  assertThrows(() => new Response("", { headers: 5 as any }), TypeError,
    "Failed to construct 'Response': Argument 2 The provided value is not of type '(sequence<sequence<ByteString>> or record<ByteString, ByteString>)'");
  assertEquals(new Response(5 as any).headers.get("content-type"), "text/plain;charset=UTF-8");
});

Deno.test("Response.redirect and Response.error", () => {
  assertThrows(() => Response.redirect("http://x/", 200), RangeError, "Invalid redirect status code: 200");
  assertThrows(() => Response.redirect("//::", 301), TypeError, "Invalid URL: '//::'");
  const redirect = Response.redirect("http://x/a b", 307);
  assertEquals([redirect.status, redirect.body, redirect.ok, [...redirect.headers]],
    [307, null, false, [["location", "http://x/a%20b"]]]);
  const error = Response.error();
  assertEquals([error.type, error.ok, error.status, error.body, [...error.headers]], ["error", false, 0, null, []]);
});

Deno.test("Response.json", async () => {
  assertThrows(() => Response.json(Symbol() as any), TypeError, "Value is not JSON serializable");
  assertThrows(() => Response.json(undefined), TypeError, "Value is not JSON serializable");
  assertThrows(() => Response.json({ a: 1 }, { status: 204 }), TypeError, "Response with null body status cannot have body");
  const json = Response.json({ a: [1, "b"] }, { status: 202, headers: { "x-j": "1" } });
  assertEquals([json.status, [...json.headers]], [202, [["content-type", "application/json"], ["x-j", "1"]]]);
  assertEquals(await json.json(), { a: [1, "b"] });
  const own = Response.json(1, { headers: { "content-type": "text/json" } });
  assertEquals(own.headers.get("content-type"), "text/json");
  assertEquals(await own.text(), "1");
});

Deno.test("Response getters, tag and statics", () => {
  const ok = new Response("x", { status: 201, statusText: "Yay", headers: [["x-a", "1"]] });
  assertEquals([ok.type, ok.url, ok.ok, ok.redirected, ok.status, ok.statusText], ["default", "", true, false, 201, "Yay"]);
  assertEquals(new Response(null, { status: 404 }).ok, false);
  assertEquals([Object.prototype.toString.call(ok), String(ok)], ["[object Response]", "[object Response]"]);
  assertEquals(Object.keys(Response), ["error", "redirect", "json"]);
});
