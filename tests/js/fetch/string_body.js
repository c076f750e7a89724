// Bodies made from strings are kept as text until bytes are needed: every
// way of reading them must see the same UTF-8 bytes.
const text = "héllo \u{1F600} !";
const r1 = new Response(text);
console.log(r1.headers.get("content-type"), r1.bodyUsed);
console.log(JSON.stringify(await r1.text()), r1.bodyUsed);
await r1.text().catch((e) => console.log(e.constructor.name, e.message));
console.log(new Uint8Array(await new Response(text).arrayBuffer()).length);
console.log((await new Response(text).bytes()).join(","));
const r2 = new Response(text);
const r3 = r2.clone();
console.log(JSON.stringify(await r3.text()), JSON.stringify(await r2.text()));
const reader = new Response(text).body.getReader();
const { value } = await reader.read();
console.log(value.constructor.name, value.length, (await reader.read()).done);
console.log(await Response.json({ a: [1, "é"] }).json());
console.log(await new Response('{"x":1}').json());
await new Response("{bad").json().catch((e) => console.log(e.constructor.name));
const r4 = new Response("abc");
r4.body;
console.log(await r4.text(), r4.bodyUsed);
const req = new Request("http://example.com/", { method: "POST", body: "ab\u00e9" });
console.log(req.headers.get("content-type"), await req.clone().text(), (await req.arrayBuffer()).byteLength);
console.log(await (await new Response("blob!").blob()).text());
