// HTTPS with the test CA trusted through DENO_CERT.
const tlsPort = Deno.env.get("HTTPS_PORT");
for (const host of ["localhost", "127.0.0.1"]) {
  const res = await fetch(`https://${host}:${tlsPort}/text`);
  console.log(host, res.status, await res.text());
}
const gz = await fetch(`https://localhost:${tlsPort}/gzip`);
console.log((await gz.text()).length);
const posted = await (await fetch(`https://localhost:${tlsPort}/echo`, { method: "POST", body: "over tls" })).json();
console.log(posted.body);
