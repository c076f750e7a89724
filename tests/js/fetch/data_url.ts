// fetch() of data: URLs: the MIME type and body of the Fetch Standard's data:
// URL processor, and Deno's errors for bad ones.
async function show(label: string, url: string, init?: RequestInit) {
  try {
    const r = await fetch(url, init);
    const body = new Uint8Array(await r.arrayBuffer());
    console.log(label, r.status, r.statusText, r.url, r.type, r.redirected, [...r.headers], JSON.stringify(new TextDecoder().decode(body)), body.length);
  } catch (e) {
    console.log(label, "rejected:", String(e), (e as Error).cause ?? "");
  }
}
await show("plain", "data:,Hello%2C%20World%21");
await show("type", "data:text/plain;charset=utf-8,caf%C3%A9");
await show("quoted", 'data:text/plain;charset="utf-8";x=y z,a');
await show("base64", "data:text/html;base64,PGgxPkhpPC9oMT4=");
await show("base64 case and spaces", "data:image/png;  BASE64,AAEC/w==");
await show("base64 whitespace", "data:;base64, SGVs bG8=");
await show("base64 percent-encoded", "data:text/plain;base64,YWJj%3D%3D");
await show("base64 unpadded", "data:text/plain;base64,YW");
await show("fragment", "data:,abc#frag");
await show("not a type", "data:foo,bar");
await show("parameters", "data:text/plain;a=b;charset=US-ASCII,x");
await show("only parameters", "data:;charset=utf-8,x");
await show("json", 'data:application/json,{"a":1}');
await show("POST", "data:,x", { method: "POST", body: "y" });
await show("HEAD", "data:,x", { method: "HEAD" });
await show("Request", new Request("data:,from a request").url);
for (const bad of [
  "data:text/plain",
  "data:;base64,SGVsbG8===",
  "data:;base64,ab=c",
  "data:;base64,ab==c",
  "data:;base64,a",
  "data:;base64,abcde",
  "data:;base64,ab*c",
]) await show("bad", bad);
await show("aborted", "data:,x", { signal: AbortSignal.abort() });
const r = await fetch("data:,stream me");
console.log(r.bodyUsed, await new Response(r.body).text(), r.bodyUsed);
