// Failures as Deno reports them: refused, DNS, TLS, bad scheme, blocked port.
const port = Deno.env.get("HTTP_PORT")!;
const tlsPort = Deno.env.get("HTTPS_PORT")!;
const refused = Deno.env.get("REFUSED_PORT")!;
const wrongHost = Deno.env.get("WRONG_HOST_PORT")!;
const clean = (s: string) =>
  s.replaceAll(refused, "REFUSED").replaceAll(tlsPort, "TLS").replaceAll(wrongHost, "SELF_SIGNED").replaceAll(port, "PORT");
for (const url of [
  `http://127.0.0.1:${refused}/`,
  "http://nonexistent.invalid/",
  `https://localhost:${tlsPort}/text`,
  `https://127.0.0.1:${tlsPort}/text`,
  `https://localhost:${wrongHost}/text`,
  "ftp://example.com/",
  "http://127.0.0.1:6000/",
  "not a url",
]) {
  try {
    await fetch(url);
    console.log("resolved");
  } catch (e) {
    console.log(clean(String(e)));
    const cause = (e as Error).cause;
    if (cause !== undefined) console.log("  cause:", (cause as Error).constructor.name, clean(String(cause)));
  }
}
try {
  // @ts-ignore: no arguments
  await fetch();
} catch (e) {
  console.log(String(e));
}
