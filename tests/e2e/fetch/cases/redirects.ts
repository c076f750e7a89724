// Redirect modes, the method and body rules, `redirected` and `url`.
const port = Deno.env.get("HTTP_PORT");
const base = `http://127.0.0.1:${port}`;
const clean = (s: string) => s.replaceAll(port!, "PORT");
const to = (status: number, target: string) => `${base}/redirect?status=${status}&to=${encodeURIComponent(target)}`;

for (const status of [301, 302, 303, 307, 308]) {
  const res = await fetch(to(status, "/echo"), { method: "POST", body: "payload", headers: { "content-type": "text/x-test" } });
  const seen = await res.json();
  console.log(status, res.status, res.redirected, clean(res.url), seen.method, JSON.stringify(seen.body), seen.contentType);
}
const put = await (await fetch(to(303, "/echo"), { method: "PUT", body: "x" })).json();
console.log("303 PUT ->", put.method, JSON.stringify(put.body));
const head = await fetch(to(303, "/text"), { method: "HEAD" });
console.log("303 HEAD ->", head.status, head.body);

// Through several hops; relative and absolute locations.
const chain = await fetch(to(302, to(307, `http://127.0.0.1:${port}/text`)));
console.log(chain.status, chain.redirected, clean(chain.url), await chain.text());

// Cross origin (127.0.0.1 → localhost): Authorization is dropped.
const cross = await (await fetch(to(302, `http://localhost:${port}/echo`), { headers: { authorization: "Bearer t" } })).json();
const same = await (await fetch(to(302, "/echo"), { headers: { authorization: "Bearer t" } })).json();
console.log("authorization:", cross.authorization, same.authorization);

const manual = await fetch(to(301, "/text"), { redirect: "manual" });
console.log("manual", manual.status, manual.redirected, manual.type, manual.headers.get("location"), clean(manual.url), await manual.text());

for (const attempt of [
  () => fetch(to(302, "/text"), { redirect: "error" }),
  () => fetch(`${base}/loop/0`),
  () => fetch(to(302, "ftp://example.com/")),
  () => fetch(to(307, "/echo"), { method: "POST", body: new ReadableStream({ start(c) { c.enqueue(new Uint8Array([1])); c.close(); } }), duplex: "half" } as RequestInit),
]) {
  try {
    const res = await attempt();
    console.log("resolved", res.status);
  } catch (e) {
    console.log(clean(String(e)), clean(String((e as Error).cause)));
  }
}
// A redirect without Location is a response like any other.
const bare = await fetch(`${base}/status?code=302&body=nowhere`);
console.log(bare.status, bare.redirected, await bare.text());
