// Response: status and statusText validation, static constructors, getters.
function t(label: string, f: () => unknown) {
  try {
    console.log(label, f());
  } catch (e) {
    console.log(label, `${e.constructor.name}: ${e.message}`);
  }
}
t("99", () => new Response("", { status: 99 }));
t("600", () => new Response("", { status: 600 }));
t("204 with body", () => new Response("", { status: 204 }));
t("204 null", () => new Response(null, { status: 204 }).status);
t("101 null", () => new Response(null, { status: 101 }).status);
t("1.5", () => new Response("", { status: 1.5 }));
t("newline text", () => new Response("", { statusText: "a\nb" }));
t("latin1 text", () => new Response("", { statusText: "é" }).statusText);
t("non-byte text", () => new Response("", { statusText: "\u0100" }));
t("redirect 200", () => Response.redirect("http://x/", 200));
t("redirect bad url", () => Response.redirect("//::", 301));
t("redirect", () => Response.redirect("http://x/a b", 307));
t("json symbol", () => Response.json(Symbol() as any));
t("json 204", () => Response.json({ a: 1 }, { status: 204 }));
t("json undefined", () => Response.json(undefined));
t("bad headers", () => new Response("", { headers: 5 as any }));
t("number body", () => new Response(5 as any).headers.get("content-type"));
const ok = new Response("x", { status: 201, statusText: "Yay", headers: [["x-a", "1"]] });
t("getters", () => [ok.type, ok.url, ok.ok, ok.redirected, ok.status, ok.statusText]);
t("error", () => Response.error());
t("error getters", () => [Response.error().type, Response.error().ok]);
t("inspect", () => new Response("hello", { status: 201, headers: { x: "y" } }));
const json = Response.json({ a: [1, "b"] }, { status: 202, headers: { "x-j": "1" } });
console.log(json.status, [...json.headers], await json.json());
const own = Response.json(1, { headers: { "content-type": "text/json" } });
console.log(own.headers.get("content-type"), await own.text());
t("not ok", () => new Response(null, { status: 404 }).ok);
t("tag", () => [Object.prototype.toString.call(ok), String(ok)]);
t("static enumerable", () => Object.keys(Response));
